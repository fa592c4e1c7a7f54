import { Outlet, useLocation } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { logReads, viaOf } from '#models/core/read-log.server.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { param, parseListQuery } from '#app/utils/list-params.ts'
import { DSG_BREACH_STATES } from '#models/core/constants.ts'
import * as css from '#app/ui/register.css.ts'
import { BREACH_RISK_FILTERS, BREACH_SORTS, DsgBreaches } from './breaches.server.ts'
import { clockOf } from './clock.ts'
import { ClockLeft, StateBadge, triLabel } from './parts.tsx'
import type { Route } from './+types/index'
import { breachNumber } from '#models/core/record-number.ts'

const PARAMS = {
  state: ['state', param.oneOf(DSG_BREACH_STATES)],
  risk: ['highRisk', param.oneOf(BREACH_RISK_FILTERS)],
  overdue: ['overdue', param.checked],
  q: ['q', param.text(200)],
} as const

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const breaches = DsgBreaches.for(access)
  if (!breaches.mayRead) forbidden(request)
  const { filter, table, values, filtered } = parseListQuery<(typeof BREACH_SORTS)[number], typeof PARAMS, Parameters<typeof breaches.list>[0]>(
    new URL(request.url),
    BREACH_SORTS,
    PARAMS,
    { sort: 'discoveredAt', dir: 'desc' },
  )
  const now = new Date()
  const { rows, total, hours } = await breaches.list(filter, { limit: table.pageSize, offset: table.offset }, now)
  // The list shows the breaches' titles and searches their descriptions: one read per breach shown (decision 0036).
  const via = viaOf(request)
  await logReads(
    access,
    rows.map((r) => ({ kind: 'dsgBreach' as const, id: r.id, via })),
  )
  return {
    // The clock from the rules, judged at the same instant as the list's statement.
    rows: rows.map((r) => ({ ...r, clock: clockOf(r, hours, now) })),
    total,
    hours,
    table,
    values,
    filtered,
    canWrite: breaches.mayWrite,
  }
}

export const handle: TitleHandle = { title: 'dsg:breaches.title' }

export default function Breaches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, hours, table, values, filtered, canWrite } = loaderData
  return (
    <>
      <div className={css.head}>
        <h1>{t('dsg:breaches.title')}</h1>
        {canWrite ? (
          <span className={css.actions}>
            <LinkButton to={`/app/dsg/breaches/settings${search}`} preventScrollReset>
              {t('dsg:breaches.settings.title')}
            </LinkButton>
            <LinkButton to="/app/dsg/breaches/new" variant="primary">
              {t('dsg:breaches.add')}
            </LinkButton>
          </span>
        ) : null}
      </div>
      <p>{t('dsg:breaches.intro', { hours })}</p>
      <FilterForm>
        <SelectField
          label={t('dsg:breaches.field.state')}
          name="state"
          defaultValue={values.state}
          options={[{ value: '', label: t('table.all') }, ...DSG_BREACH_STATES.map((s) => ({ value: s, label: t(`dsg:breaches.state.${s}`) }))]}
        />
        <SelectField
          label={t('dsg:breaches.field.highRisk')}
          name="risk"
          defaultValue={values.risk}
          options={[
            { value: '', label: t('table.all') },
            { value: 'yes', label: t('dsg:breaches.yes') },
            { value: 'no', label: t('dsg:breaches.no') },
            { value: 'unassessed', label: t('dsg:breaches.unassessed') },
          ]}
        />
        <SelectField
          label={t('dsg:breaches.filter.overdue')}
          name="overdue"
          defaultValue={values.overdue}
          options={[
            { value: '', label: t('table.all') },
            { value: 'yes', label: t('dsg:breaches.filter.overdueOnly') },
          ]}
        />
        <TextField label={t('dsg:breaches.filter.q')} name="q" type="search" defaultValue={values.q} />
      </FilterForm>
      <DataTable
        caption={t('dsg:breaches.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'idkey', header: t('dsg:breaches.field.idkey'), sortable: true, render: (r) => breachNumber(r.idkey) },
          {
            key: 'title',
            header: t('dsg:breaches.field.title'),
            sortable: true,
            render: (r) => <AppLink to={`/app/dsg/breaches/${r.id}`}>{r.title}</AppLink>,
          },
          { key: 'discoveredAt', header: t('dsg:breaches.field.discoveredAt'), sortable: true, render: (r) => formatDateTime(r.discoveredAt) },
          {
            key: 'clock',
            header: t('dsg:breaches.clock.title'),
            // The time left until the FDPIC target, or since it passed; nothing once notified or not owed.
            render: (r) => <ClockLeft clock={r.clock} />,
          },
          { key: 'highRisk', header: t('dsg:breaches.field.highRisk'), render: (r) => triLabel(t, r.highRisk) },
          {
            key: 'notified',
            header: t('dsg:breaches.field.fdpicNotifiedAt'),
            render: (r) =>
              r.fdpicNotifiedAt ? formatDateTime(r.fdpicNotifiedAt) : r.clock.needsNotice ? <Badge tone="warning">{t('dsg:breaches.notNotified')}</Badge> : '—',
          },
          { key: 'state', header: t('dsg:breaches.field.state'), sortable: true, render: (r) => <StateBadge state={r.state} /> },
        ]}
      />
      <Outlet />
    </>
  )
}
