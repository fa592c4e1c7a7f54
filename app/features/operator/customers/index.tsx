import { useTranslation } from '#app/i18n/use-translation.ts'
import { Link, Outlet } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { listCustomers } from '#app/features/operator/operator.server.ts'
import type { Route } from './+types/index'
import * as dash from '#app/ui/page.css.ts'
import { tableScroll } from '#app/styles/layout.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  return { customers: await listCustomers(access) }
}

export const handle: TitleHandle = { title: 'sadmin:customers.title' }

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  return (
    <>
      <h1>{t('sadmin:customers.title')}</h1>
      <Card
        actions={
          <LinkButton to="/app/sadmin/customers/new" variant="primary" preventScrollReset>
            {t('sadmin:customers.add')}
          </LinkButton>
        }
      >
        <div className={tableScroll}>
          <table className={dash.table} data-testid="customers">
            <thead>
              <tr>
                <th scope="col">{t('field.name')}</th>
                <th scope="col">{t('field.language')}</th>
                <th scope="col">{t('sadmin:customers.state')}</th>
                <th scope="col">{t('sadmin.members')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.customers.map((c) => (
                <tr key={c.id}>
                  <td>{c.name}</td>
                  <td>{t(`language.${c.language}`)}</td>
                  <td>
                    {c.state === 'active' ? (
                      <Badge tone="success">{t('sadmin:customers.active')}</Badge>
                    ) : (
                      <Badge tone="warning">{t('sadmin:customers.inactive')}</Badge>
                    )}
                  </td>
                  <td>{c.members}</td>
                  <td>
                    <Link to={`/app/sadmin/customers/${c.id}/edit`} preventScrollReset aria-label={`${t('action.edit')}: ${c.name}`}>
                      {t('action.edit')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Outlet />
    </>
  )
}
