import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Outlet } from 'react-router'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { News } from '#app/features/news/news.server.ts'
import type { Route } from './+types/index'
import * as dash from '#app/ui/page.css.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  return { items: await News.for(access).list() }
}

export const handle: TitleHandle = { title: 'sadmin:news.title' }

export default function NewsAdmin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  return (
    <>
      <h1>{t('sadmin:news.title')}</h1>
      <Card
        actions={
          <LinkButton to="/app/sadmin/news/new" variant="primary" preventScrollReset>
            {t('sadmin:news.add')}
          </LinkButton>
        }
      >
        {loaderData.items.length === 0 ? (
          <p>{t('table.empty')}</p>
        ) : (
          <ScrollArea label={t('sadmin:news.title')}>
            <table className={dash.table} data-testid="news">
              <thead>
                <tr>
                  <th scope="col">{t('sadmin:news.date')}</th>
                  <th scope="col">{t('sadmin:news.headline')}</th>
                  <th scope="col">{t('sadmin:news.visibleFor')}</th>
                  <th scope="col">{t('sadmin:news.valid')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('table.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.items.map((n) => (
                  <tr key={n.id}>
                    <td className={dash.nowrap}>{formatDate(n.date)}</td>
                    <td>{n.title}</td>
                    <td>{n.visibleFor === 'customer' ? n.customer : t(`sadmin:news.audience.${n.visibleFor}`)}</td>
                    <td className={dash.nowrap}>
                      {formatDate(n.validFrom) || '…'} – {formatDate(n.validUntil) || '…'}
                    </td>
                    <td className={dash.nowrap}>
                      <AppLink to={`/app/sadmin/news/${n.id}/edit`} preventScrollReset aria-label={`${t('action.edit')}: ${n.title}`}>
                        {t('action.edit')}
                      </AppLink>{' '}
                      <AppLink to={`/app/sadmin/news/${n.id}/delete`} preventScrollReset aria-label={`${t('action.delete')}: ${n.title}`}>
                        {t('action.delete')}
                      </AppLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
      </Card>
      <Outlet />
    </>
  )
}
