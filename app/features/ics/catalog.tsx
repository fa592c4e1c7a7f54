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
import { addProcessesFromCatalog, icsCatalogForCustomer, icsMode } from '#app/features/ics/processes.server.ts'
import type { Route } from './+types/catalog'
import * as css from '../risk/risk.css.ts'
import * as catalogCss from '../risk/catalog.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireTool(request, 'iks', 'read')
  const entries = await icsCatalogForCustomer(access, await getLocale(request))
  const groups: { number: string; name: string; subs: { key: string; name: string; entries: typeof entries }[] }[] = []
  for (const e of entries) {
    let main = groups.find((g) => g.number === e.mainNumber)
    if (!main) {
      main = { number: e.mainNumber, name: e.mainName, subs: [] }
      groups.push(main)
    }
    let sub = main.subs.find((s) => s.key === e.subKey)
    if (!sub) {
      sub = { key: e.subKey, name: e.subName, entries: [] }
      main.subs.push(sub)
    }
    sub.entries.push(e)
  }
  return { groups, canAdd: icsMode(access.rights) === 'write' }
}

export const handle: TitleHandle = { title: 'iks:catalog.title' }

export async function action({ request }: Route.ActionArgs) {
  const { access } = await requireTool(request, 'iks', 'write')
  const ids = (await request.formData()).getAll('catalogId').map(String)
  try {
    const created = await addProcessesFromCatalog(access, ids)
    if (!created.length) return data({ error: 'iks:catalog.alreadyThere' }, { status: 409 })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') return data({ error: error.messageKey ?? 'validation.invalid' }, { status: 400 })
    throw error
  }
  return redirectWithToast('/app/iks', 'added')
}

export default function IcsCatalog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { groups, canAdd } = loaderData
  const bar = canAdd ? (
    <div className={catalogCss.bar}>
      <Button type="submit">{t('iks:catalog.addSelected')}</Button>
      <LinkButton to="/app/iks/catalog/individual" variant="secondary" preventScrollReset>
        {t('iks:catalog.addIndividual')}
      </LinkButton>
    </div>
  ) : null
  return (
    <>
      <div className={css.head}>
        <h1>{t('iks:catalog.title')}</h1>
        <Link to="/app/iks">{t('iks:inventory.title')}</Link>
      </div>
      <p>{canAdd ? t('iks:catalog.intro') : t('iks:catalog.introRead')}</p>
      {actionData?.error ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
      <Form method="post">
        {bar}
        {groups.map((g) => (
          <section key={g.number} className={catalogCss.theme} aria-labelledby={`main-${g.number}`}>
            <h2 id={`main-${g.number}`}>
              {g.number} {g.name}
            </h2>
            {g.subs.map((sub) => (
              <div key={sub.key}>
                <h3>
                  {sub.key} {sub.name}
                </h3>
                <ul className={catalogCss.list}>
                  {sub.entries.map((e) => (
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
                            <Link to={`/app/iks/${e.inventoryId}`}>
                              <Badge tone="success">{t('risk:catalog.inInventory')}</Badge>
                            </Link>
                          ) : null}
                          {e.dsgRelevant ? <Badge>{t('tool.dsg')}</Badge> : null}
                        </div>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
        {bar}
      </Form>
      <Outlet />
    </>
  )
}
