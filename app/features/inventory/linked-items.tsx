import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import * as css from '#app/ui/stepper.css.ts'
import { Button } from '#app/ui/button.tsx'
import { SelectField } from '#app/ui/fields.tsx'

type Item = { id: string; idkey: string; title: string }

/** Records linked across the tools (risks ↔ ICS processes), with add and remove for writers. */
export function LinkedItems({
  title,
  items,
  candidates,
  href,
  canEdit,
  testId,
}: {
  title: string
  items: Item[]
  candidates: Item[]
  href: (id: string) => string
  canEdit: boolean
  testId: string
}) {
  const { t } = useTranslation()
  const free = candidates.filter((c) => !items.some((i) => i.id === c.id))
  return (
    <section className={css.sub} aria-label={title}>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p>{t('table.empty')}</p>
      ) : (
        <ul className={css.list} data-testid={testId}>
          {items.map((i) => (
            <li key={i.id}>
              <AppLink to={href(i.id)}>
                {i.idkey} {i.title}
              </AppLink>{' '}
              {canEdit ? (
                <Form method="post" style={{ display: 'inline' }}>
                  <input type="hidden" name="otherId" value={i.id} />
                  <Button type="submit" name="intent" value="unlink" variant="ghost" aria-label={`${t('links.remove')}: ${i.idkey} ${i.title}`}>
                    {t('links.remove')}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit && free.length ? (
        <Form method="post" className={css.inlineForm}>
          <SelectField
            label={t('links.add')}
            name="otherId"
            options={[{ value: '', label: '—' }, ...free.map((c) => ({ value: c.id, label: `${c.idkey} ${c.title}` }))]}
          />
          <Button type="submit" name="intent" value="link" variant="secondary">
            {t('links.link')}
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
