import { data, useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { listCustomerMembers } from '#app/auth/customers.server.ts'
import { viaOf } from '#models/core/read-log.server.ts'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { Alert, SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { parseTableParams } from '#app/utils/table.ts'
import { AUDIT_ACTIONS } from '#models/core/constants.ts'
import type { Route } from './+types/audit'
import { HistoryEntryView } from '#app/accountability/history-panel.tsx'
import { AuditTrail, parseTrailFilter, TRAIL_FILTERS } from '#app/accountability/trail.server.ts'
import * as css from '#app/ui/register.css.ts'

export const handle: TitleHandle = { title: 'history.trail.title' }

/** The fund's audit trail for its admins (issue 12, decision 0034): the layout's guard and the service's check. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Admins and auditors (the layout's guard; the service checks again).
  const { access } = await requirePermission({ request, context }, (p) => p.auditTrail.read)
  const url = new URL(request.url)
  const table = parseTableParams(url, ['createdAt'] as const, 'createdAt', 'desc')
  const { filter, values, invalid } = parseTrailFilter(url)
  const locale = await getLocale(request)
  const trail = AuditTrail.for(access)
  const [{ rows, total }, components, members] = await Promise.all([
    trail.list({ ...filter, dir: table.dir }, { limit: table.pageSize, offset: table.offset }, locale, viaOf(request)),
    trail.components(locale),
    listCustomerMembers(access),
  ])
  const filtered = TRAIL_FILTERS.some((k) => values[k] !== '')
  const body = { rows, total, table, values, filtered, components, members, invalid }
  // A period the form cannot have sent: the page, with its message, as a client error.
  return invalid ? data(body, { status: 400 }) : body
}

export default function AuditTrailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, table, values, filtered, components, members, invalid } = loaderData
  return (
    <>
      <div className={css.head}>
        <h1>{t('history.trail.title')}</h1>
        <div className={css.actions}></div>
      </div>
      {invalid ? <Alert tone="error">{t('history.trail.invalidPeriod')}</Alert> : null}
      <FilterForm
        exports={
          <>
            <a href={`/app/admin/audit/export.csv${search}`} download>
              {t('history.trail.export')}
            </a>
            <a href={`/app/admin/audit/export.xlsx${search}`} download>
              {t('history.trail.exportXlsx')}
            </a>
          </>
        }
        keep={values.entity ? [['entity', values.entity]] : []}
      >
        <SelectField
          label={t('history.trail.component')}
          name="component"
          defaultValue={values.component}
          options={[{ value: '', label: t('table.all') }, ...components]}
        />
        <SelectField
          label={t('history.trail.action')}
          name="action"
          defaultValue={values.action}
          options={[{ value: '', label: t('table.all') }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`history.action.${a}`) }))]}
        />
        <SelectField
          label={t('history.trail.user')}
          name="user"
          defaultValue={values.user}
          options={[{ value: '', label: t('table.all') }, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
        />
        <TextField label={t('history.trail.from')} name="from" type="date" defaultValue={values.from} />
        <TextField label={t('history.trail.to')} name="to" type="date" defaultValue={values.to} />
      </FilterForm>
      <DataTable
        caption={t('history.trail.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'createdAt', header: t('history.trail.when'), sortable: true, render: (r) => <time dateTime={r.at}>{r.when}</time> },
          {
            key: 'component',
            header: t('history.trail.component'),
            render: (r) => (
              <>
                {r.componentLabel}
                {r.record ? <div>{r.record}</div> : null}
              </>
            ),
          },
          {
            key: 'entry',
            header: t('history.trail.changes'),
            render: (r) => <HistoryEntryView entry={r} />,
          },
        ]}
      />
    </>
  )
}
