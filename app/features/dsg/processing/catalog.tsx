import { data, Form } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button } from '#app/ui/button.tsx'
import { Alert } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { throwDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DomainError } from '#models/core/errors.ts'
import * as catalogCss from '#app/ui/catalog.css.ts'
import * as riskCss from '#app/ui/register.css.ts'
import { requireActivities } from './guard.server.ts'
import type { Route } from './+types/catalog'

/** The operator's templates in the reader's language; the dsg role and admins copy the chosen ones into the record. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { activities } = await requireActivities({ request, context }, 'read')
  return { templates: await activities.templates(await getLocale(request)), canAdd: activities.mayWrite }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { activities } = await requireActivities({ request, context }, 'write')
  const ids = (await request.formData()).getAll('templateId').map(String)
  try {
    const created = await activities.copyFromTemplates(ids, await getLocale(request))
    return redirectWithToast(created.length === 1 ? `/app/dsg/processing/${created[0].id}` : '/app/dsg/processing', 'added')
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') return data({ error: error.messageKey ?? 'validation.invalid' }, { status: 400 })
    throwDomainError(error, request)
  }
}

export const handle: TitleHandle = { title: 'dsg:processing.catalog.title' }

export default function ProcessingCatalog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { templates, canAdd } = loaderData
  const error = (actionData as { error?: string } | undefined)?.error
  const bar = canAdd ? (
    <div className={catalogCss.bar}>
      <Button type="submit">{t('dsg:processing.catalog.copy')}</Button>
    </div>
  ) : null
  return (
    <>
      <div className={riskCss.head}>
        <h1>{t('dsg:processing.catalog.title')}</h1>
        <AppLink to="/app/dsg/processing">{t('dsg:processing.backToRecord')}</AppLink>
      </div>
      <p>{canAdd ? t('dsg:processing.catalog.intro') : t('dsg:processing.catalog.introRead')}</p>
      {error ? <Alert tone="error">{t(error)}</Alert> : null}
      {templates.length === 0 ? (
        <p>{t('dsg:processing.catalog.empty')}</p>
      ) : (
        <Form method="post">
          {bar}
          <ul className={catalogCss.list}>
            {templates.map((e) => (
              <li key={e.id} className={catalogCss.entry}>
                {canAdd ? (
                  <input type="checkbox" name="templateId" value={e.id} id={`t-${e.id}`} className={catalogCss.check} />
                ) : (
                  <span className={catalogCss.check} />
                )}
                <div>
                  {canAdd ? (
                    <label htmlFor={`t-${e.id}`} className={catalogCss.title}>
                      {e.name}
                    </label>
                  ) : (
                    <span className={catalogCss.title}>{e.name}</span>
                  )}
                  <div className={riskCss.muted}>{e.purpose}</div>
                  <div className={riskCss.flags}>
                    {e.activityId ? (
                      <AppLink to={`/app/dsg/processing/${e.activityId}`}>
                        <Badge tone="success">{t('dsg:processing.catalog.inRecord')}</Badge>
                      </AppLink>
                    ) : null}
                    {e.sensitive ? <Badge tone="warning">{t('dsg:processing.sensitiveBadge')}</Badge> : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
          {bar}
        </Form>
      )}
    </>
  )
}
