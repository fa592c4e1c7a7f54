import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'

import { Card } from '#app/ui/card.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { listCustomersOverview } from '#app/features/operator/operator.server.ts'
import type { Route } from './+types/index'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  return { customers: await listCustomersOverview(access) }
}

export const handle: TitleHandle = { title: 'sadmin.title' }

export default function SuperAdmin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t('sadmin.title')}</h1>
      <Card title={t('sadmin:nav.links')}>
        <ul>
          <li>
            <AppLink to="/app/sadmin/customers">{t('sadmin:customers.title')}</AppLink>
          </li>
          <li>
            <AppLink to="/app/sadmin/users">{t('sadmin:users.title')}</AppLink>
          </li>
          <li>
            <AppLink to="/app/sadmin/mails">{t('sadmin:mails.title')}</AppLink>
          </li>
          <li>
            <AppLink to="/app/sadmin/news">{t('sadmin:news.title')}</AppLink>
          </li>
          <li>
            <AppLink to="/app/sadmin/risks">{t('sadmin:nav.risks')}</AppLink> – {t('sadmin:nav.risksText')}
          </li>
          <li>
            <AppLink to="/app/sadmin/risks/themes">{t('sadmin:nav.themes')}</AppLink> – {t('sadmin:nav.themesText')}
          </li>
          <li>
            <AppLink to="/app/sadmin/ikss">{t('catalogs:ikss.catalog.title')}</AppLink> – {t('catalogs:ikss.nav.catalogText')}
          </li>
          <li>
            <AppLink to="/app/sadmin/ikss/themes">{t('catalogs:ikss.themes.title')}</AppLink> – {t('catalogs:ikss.nav.themesText')}
          </li>
          <li>
            <AppLink to="/app/sadmin/ikss/subthemes">{t('catalogs:ikss.subthemes.title')}</AppLink> – {t('catalogs:ikss.nav.subthemesText')}
          </li>
          <li>
            <AppLink to="/app/sadmin/kris">{t('catalogs:kris.title')}</AppLink> – {t('catalogs:kris.navText')}
          </li>
          <li>
            <AppLink to="/app/debug">{t('account:diagnostics.title')}</AppLink>
          </li>
          <li>
            <AppLink to="/app/sadmin/dsg">{t('dsg:templates.title')}</AppLink> – {t('dsg:templates.navText')}
          </li>
        </ul>
      </Card>
      <Card title={t('sadmin.customers')}>
        <table>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left' }}>
                {t('field.name')}
              </th>
              <th scope="col" style={{ textAlign: 'left' }}>
                {t('field.language')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('sadmin.members')}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.customers.rows.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{t(`language.${c.language}`)}</td>
                <td style={{ textAlign: 'right' }}>{c.members}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {loaderData.customers.total > loaderData.customers.rows.length ? (
          <p>
            <AppLink to="/app/sadmin/customers">{t('sadmin.allCustomers', { count: loaderData.customers.total })}</AppLink>
          </p>
        ) : null}
      </Card>
    </>
  )
}
