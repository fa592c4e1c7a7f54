import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable } from '#app/ui/data-table.tsx'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import type { Route } from './+types/index'
import { Sparkline } from './chart.tsx'
import { formatKriValue } from './decimal.ts'
import { Kris } from './kris.server.ts'
import { KriNav } from './nav.tsx'
import { StatusBadge } from './status-badge.tsx'

/** The fund's KRIs: the latest value with its status by the thresholds in force on its date, a sparkline of the last values, the owner. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const service = Kris.for(access)
  const rows = await service.list(await getLocale(request))
  return { rows, rights: service.rights }
}

export const handle: TitleHandle = { title: 'kri:list.title' }

export default function KriList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { rows, rights } = loaderData
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/risk">{t('kri:list.risks')}</AppLink> › {t('kri:list.title')}
      </p>
      <div className={css.head}>
        <h1>{t('kri:list.title')}</h1>
        {rights.enter ? (
          <LinkButton to="/app/risk/kri/values" variant="primary" data-testid="kri-enter-values">
            {t('kri:list.enterValues')}
          </LinkButton>
        ) : null}
      </div>
      <KriNav />
      <p className={css.muted}>{t('kri:list.intro')}</p>
      <div className={listCss.actions}>
        <AppLink to="/app/risk/kri/appetite">{t('kri:list.appetite')}</AppLink>
        <AppLink to="/app/risk/kri/underfunding">{t('kri:list.underfunding')}</AppLink>
        {rights.enter ? <AppLink to="/app/risk/kri/import">{t('kri:list.import')}</AppLink> : null}
        <a href="/app/risk/kri/export.csv" download className={listCss.exportLink}>
          {t('kri:export.csv')}
        </a>
        <a href="/app/risk/kri/export.xlsx" download className={listCss.exportLink}>
          {t('kri:export.xlsx')}
        </a>
      </div>
      <DataTable
        caption={t('kri:list.title')}
        rows={rows}
        total={rows.length}
        table={{ page: 1, pageSize: Math.max(rows.length, 1) }}
        filtered={false}
        columns={[
          {
            key: 'name',
            header: t('kri:field.name'),
            render: (r) => (
              <>
                <AppLink to={`/app/risk/kri/${r.id}`} data-testid="kri-link">
                  {r.name}
                </AppLink>
                <div className={css.muted}>
                  {t(`kri:frequency.${r.frequency}`)}
                  {r.computed ? ` · ${t('kri:source.computed')}` : ''}
                  {r.active ? '' : ` · ${t('kri:list.inactive')}`}
                </div>
              </>
            ),
          },
          {
            key: 'value',
            header: t('kri:field.latestValue'),
            className: listCss.nowrap,
            render: (r) => <span data-testid="kri-value">{formatKriValue(r.value, r.unit)}</span>,
          },
          { key: 'periodEnd', header: t('kri:field.periodEnd'), className: listCss.nowrap, render: (r) => (r.periodEnd ? formatDate(r.periodEnd) : '—') },
          { key: 'status', header: t('kri:field.status'), render: (r) => <StatusBadge status={r.status} /> },
          {
            key: 'trend',
            header: t('kri:field.trend'),
            render: (r) => <Sparkline points={r.spark} />,
          },
          {
            key: 'thresholds',
            header: t('kri:field.thresholds'),
            className: listCss.nowrap,
            render: (r) =>
              r.amber === null ? (
                '—'
              ) : (
                <>
                  {t('kri:field.amber')} {formatKriValue(r.amber, r.unit)}
                  <br />
                  {t('kri:field.red')} {formatKriValue(r.red, r.unit)}
                </>
              ),
          },
          { key: 'owner', header: t('kri:field.owner'), render: (r) => r.ownerName ?? '—' },
        ]}
      />
    </>
  )
}
