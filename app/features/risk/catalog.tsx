import { useTranslation } from 'react-i18next'
import { data, Form, Link, Outlet } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { useDialogOutlet } from '#app/ui/route-dialog.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { requireTool } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { addFromCatalog, catalogForCustomer, riskMode } from '#app/features/risk/risks.server.ts'
import type { Route } from './+types/catalog'
import * as css from './risk.css.ts'
import * as catalogCss from './catalog.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireTool(request, 'risk', 'read')
  const entries = await catalogForCustomer(access, await getLocale(request))
  const themes: { number: string; name: string; entries: typeof entries }[] = []
  for (const e of entries) {
    let theme = themes.find((t) => t.number === e.themeNumber)
    if (!theme) {
      theme = { number: e.themeNumber, name: e.themeName, entries: [] }
      themes.push(theme)
    }
    theme.entries.push(e)
  }
  return { themes, canAdd: riskMode(access.rights) === 'write' }
}

export const handle: TitleHandle = { title: 'risk:catalog.title' }

export async function action({ request }: Route.ActionArgs) {
  const { access } = await requireTool(request, 'risk', 'write')
  const form = await request.formData()
  const ids = form.getAll('catalogId').map(String)
  try {
    const created = await addFromCatalog(access, ids)
    if (!created.length) return data({ error: 'risk:catalog.alreadyThere' }, { status: 409 })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') return data({ error: error.messageKey ?? 'validation.invalid' }, { status: 400 })
    throw error
  }
  return redirectWithToast('/app/risk', 'added')
}

export default function RiskCatalog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { themes, canAdd } = loaderData
  const submit = canAdd ? (
    <div className={catalogCss.bar}>
      <Button type="submit">{t('risk:catalog.addSelected')}</Button>
      <LinkButton to="/app/risk/catalog/individual" variant="secondary" preventScrollReset>
        {t('risk:catalog.addIndividual')}
      </LinkButton>
    </div>
  ) : null
  return (
    <>
      <div className={css.head}>
        <h1>{t('risk:catalog.title')}</h1>
        <Link to="/app/risk">{t('risk:inventory.title')}</Link>
      </div>
      <p>{canAdd ? t('risk:catalog.intro') : t('risk:catalog.introRead')}</p>
      {actionData?.error ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
      <Form method="post">
        {submit}
        {themes.map((theme) => (
          <section key={theme.number} className={catalogCss.theme} aria-labelledby={`theme-${theme.number}`}>
            <h2 id={`theme-${theme.number}`}>
              {theme.number} {theme.name}
            </h2>
            <ul className={catalogCss.list}>
              {theme.entries.map((e) => (
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
                        <Link to={`/app/risk/${e.inventoryId}`}>
                          <Badge tone="success">{t('risk:catalog.inInventory')}</Badge>
                        </Link>
                      ) : null}
                      {e.dsgRelevant ? <Badge>{t('tool.dsg')}</Badge> : null}
                      {e.strategic ? <Badge tone="warning">{t('risk:field.strategic')}</Badge> : null}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {submit}
      </Form>
      <Outlet />
    </>
  )
}
