import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form, Outlet } from 'react-router'
import * as catalogCss from '#app/ui/catalog.css.ts'
import * as css from '#app/ui/register.css.ts'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'

type Entry = { id: string; idkey: string; title: string; description: string; inventoryId: string | null; dsgRelevant: boolean; strategic?: boolean }
type Group = { number: string; name: string; subs: { key: string; name: string | null; entries: Entry[] }[] }

/**
 * The catalogue page of a tool: its entries by theme (and sub-theme, when the tool has them),
 * what the customer already has marked, and adding the selected ones or an individual one.
 */
export function CatalogPage({
  ns,
  base,
  groups,
  canAdd,
  error,
}: {
  /** The tool's texts and its place: `risk` and `/app/risk`, `iks` and `/app/iks`. */
  ns: string
  base: string
  groups: Group[]
  canAdd: boolean
  error?: string
}) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const bar = canAdd ? (
    <div className={catalogCss.bar}>
      <Button type="submit">{t(`${ns}:catalog.addSelected`)}</Button>
      <LinkButton to={`${base}/catalog/individual`} variant="secondary" preventScrollReset>
        {t(`${ns}:catalog.addIndividual`)}
      </LinkButton>
    </div>
  ) : null
  const list = (entries: Entry[]) => (
    <ul className={catalogCss.list}>
      {entries.map((e) => (
        <li key={e.id} className={catalogCss.entry}>
          {canAdd && !e.inventoryId ? (
            <input type="checkbox" name="catalogId" value={e.id} id={`c-${e.id}`} className={catalogCss.check} />
          ) : (
            <span className={catalogCss.check} />
          )}
          <div>
            <label htmlFor={`c-${e.id}`} className={catalogCss.title}>
              <span className={css.muted}>{e.idkey}</span> {e.title}
            </label>
            <div className={css.muted}>{e.description}</div>
            <div className={css.flags}>
              {e.inventoryId ? (
                <AppLink to={`${base}/${e.inventoryId}`}>
                  <Badge tone="success">{t('risk:catalog.inInventory')}</Badge>
                </AppLink>
              ) : null}
              {e.dsgRelevant ? <Badge>{t('tool.dsg')}</Badge> : null}
              {e.strategic ? <Badge tone="warning">{t('risk:field.strategic')}</Badge> : null}
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
  return (
    <>
      <div className={css.head}>
        <h1>{t(`${ns}:catalog.title`)}</h1>
        <AppLink to={base}>{t(`${ns}:inventory.title`)}</AppLink>
      </div>
      <p>{canAdd ? t(`${ns}:catalog.intro`) : t(`${ns}:catalog.introRead`)}</p>
      {error ? <Alert tone="error">{t(error)}</Alert> : null}
      <Form method="post">
        {bar}
        {groups.map((g) => (
          <section key={g.number} className={catalogCss.theme} aria-labelledby={`group-${g.number}`}>
            <h2 id={`group-${g.number}`}>
              {g.number} {g.name}
            </h2>
            {g.subs.map((sub) =>
              sub.name === null ? (
                <div key={sub.key}>{list(sub.entries)}</div>
              ) : (
                <div key={sub.key}>
                  <h3>
                    {sub.key} {sub.name}
                  </h3>
                  {list(sub.entries)}
                </div>
              ),
            )}
          </section>
        ))}
        {bar}
      </Form>
      <Outlet />
    </>
  )
}
