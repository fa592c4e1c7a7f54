import { DecisionLink } from '#app/ui/decision-fields.tsx'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { param, parseListQuery } from '#app/utils/list-params.ts'
import { ACCEPTANCE_REMINDER_DAYS } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/index'
import { Acceptances } from './acceptance.server.ts'
import { ACCEPTANCE_VIEWS, type AcceptanceView, STATE_TONE } from './states.ts'

const SORTS = ['validUntil'] as const
const PARAMS = { view: ['view', param.oneOf(ACCEPTANCE_VIEWS)] } as const

/** The fund's risk acceptances: in force, lapsing within ACCEPTANCE_REMINDER_DAYS, ended (lapsed or revoked), or all. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const { filter, table, values, filtered } = parseListQuery<(typeof SORTS)[number], typeof PARAMS, { view?: AcceptanceView }>(
    new URL(request.url),
    SORTS,
    PARAMS,
  )
  const today = todayInZurich()
  const all = await Acceptances.for(access).list(filter.view ?? 'all', today)
  const sorted = table.dir === 'desc' ? [...all].reverse() : all
  return { rows: sorted.slice(table.offset, table.offset + table.pageSize), total: all.length, table, values, filtered, today }
}

export const handle: TitleHandle = { title: 'kri:acceptance.listTitle' }

export default function AcceptanceList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { rows, total, table, values, filtered } = loaderData
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/risk">{t('risk:inventory.title')}</AppLink> › {t('kri:acceptance.listTitle')}
      </p>
      <h1>{t('kri:acceptance.listTitle')}</h1>
      <p className={css.muted}>{t('kri:acceptance.listIntro', { days: ACCEPTANCE_REMINDER_DAYS })}</p>
      <FilterForm>
        <SelectField
          label={t('kri:acceptance.filter.view')}
          name="view"
          defaultValue={values.view}
          options={[
            { value: '', label: t('table.all') },
            ...ACCEPTANCE_VIEWS.filter((v) => v !== 'all').map((v) => ({ value: v, label: t(`kri:acceptance.view.${v}`) })),
          ]}
        />
      </FilterForm>
      <DataTable
        caption={t('kri:acceptance.listTitle')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'risk',
            header: t('kri:acceptance.field.risk'),
            render: (r) => (
              <AppLink to={`/app/risk/${r.riskId}/acceptance`} data-testid="acceptance-link">
                {r.idkey} {r.title}
              </AppLink>
            ),
          },
          {
            key: 'acceptedBy',
            header: t('kri:acceptance.field.acceptedBy'),
            render: (r) => (
              <>
                {r.acceptedBy}
                {r.decision ? (
                  <>
                    {' · '}
                    <DecisionLink decision={r.decision} />
                  </>
                ) : null}
              </>
            ),
          },
          { key: 'acceptedOn', header: t('kri:acceptance.field.acceptedOn'), render: (r) => formatDate(r.acceptedOn) },
          { key: 'validUntil', header: t('kri:acceptance.field.validUntil'), sortable: true, render: (r) => formatDate(r.validUntil) },
          { key: 'netScore', header: t('kri:acceptance.field.netScore'), render: (r) => r.netScore },
          {
            key: 'state',
            header: t('kri:acceptance.field.state'),
            render: (r) => (
              <span data-state={r.state}>
                <Badge tone={STATE_TONE[r.state]}>{t(`kri:acceptance.state.${r.state}`)}</Badge>
                {r.revokedOn ? ` ${t('kri:acceptance.revokedOn', { date: formatDate(r.revokedOn) })}` : null}
                {r.reassess ? (
                  <>
                    {' '}
                    <span data-testid="acceptance-reassess">
                      <Badge tone="warning">{t('kri:acceptance.reassess')}</Badge>
                    </span>
                  </>
                ) : null}
              </span>
            ),
          },
        ]}
      />
    </>
  )
}
