import { Outlet, useLocation } from 'react-router'
import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { logReads, viaOf } from '#models/core/read-log.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { param, parseListQuery } from '#app/utils/list-params.ts'
import { DSG_REQUEST_KINDS, DSG_REQUEST_STATES } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import * as css from '#app/ui/register.css.ts'
import { requestDeadline } from '../rules.ts'
import type { Route } from './+types/index'
import { DeadlineBadge } from './deadline-badge.tsx'
import { DsgRequests } from './requests.server.ts'
import { DSG_REQUEST_DUE_FILTERS, DSG_REQUEST_SORTS } from './options.ts'
import { requestNumber } from '#models/core/record-number.ts'

const PARAMS = {
  state: ['state', param.oneOf(DSG_REQUEST_STATES)],
  kind: ['kind', param.oneOf(DSG_REQUEST_KINDS)],
  due: ['due', param.oneOf(DSG_REQUEST_DUE_FILTERS)],
  q: ['q', param.text(200)],
} as const

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const requests = DsgRequests.for(access)
  if (!requests.maySee) forbidden(request)
  const { filter, table, values, filtered } = parseListQuery<(typeof DSG_REQUEST_SORTS)[number], typeof PARAMS, Parameters<typeof requests.list>[0]>(
    new URL(request.url),
    DSG_REQUEST_SORTS,
    PARAMS,
    { sort: 'deadline' },
  )
  const today = todayInZurich()
  const { rows, total } = await requests.list(filter, { limit: table.pageSize, offset: table.offset }, today)
  // The list shows the requesters' names: one read per request shown, in this request's transaction (decision 0036).
  const via = viaOf(request)
  await logReads(
    access,
    rows.map((r) => ({ kind: 'dsgRequest' as const, id: r.id, via })),
  )
  return { rows, total, table, values, today, filtered, canWrite: requests.mayWrite }
}

export const handle: TitleHandle = { title: 'dsg:requests.title' }

export default function DsgRequestList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, values, today, filtered, canWrite } = loaderData
  return (
    <>
      <div className={css.head}>
        <h1>{t('dsg:requests.title')}</h1>
        {canWrite ? (
          <LinkButton to={`/app/dsg/requests/new${search}`} variant="primary" preventScrollReset>
            {t('dsg:requests.add')}
          </LinkButton>
        ) : null}
      </div>
      <p>{t('dsg:requests.intro')}</p>
      <FilterForm>
        <SelectField
          label={t('dsg:requests.field.state')}
          name="state"
          defaultValue={values.state}
          options={[{ value: '', label: t('table.all') }, ...DSG_REQUEST_STATES.map((s) => ({ value: s, label: t(`dsg:requests.state.${s}`) }))]}
        />
        <SelectField
          label={t('dsg:requests.field.kind')}
          name="kind"
          defaultValue={values.kind}
          options={[{ value: '', label: t('table.all') }, ...DSG_REQUEST_KINDS.map((k) => ({ value: k, label: t(`dsg:requests.kind.${k}`) }))]}
        />
        <SelectField
          label={t('dsg:requests.filter.due')}
          name="due"
          defaultValue={values.due}
          options={[{ value: '', label: t('table.all') }, ...DSG_REQUEST_DUE_FILTERS.map((d) => ({ value: d, label: t(`dsg:requests.filter.${d}`) }))]}
        />
        <TextField label={t('dsg:requests.filter.q')} name="q" type="search" defaultValue={values.q} />
      </FilterForm>
      <DataTable
        caption={t('dsg:requests.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'idkey', header: t('dsg:requests.field.idkey'), sortable: true, render: (r) => requestNumber(r.idkey) },
          {
            key: 'requesterName',
            header: t('dsg:requests.field.requester'),
            sortable: true,
            render: (r) => (
              <>
                <AppLink to={`/app/dsg/requests/${r.id}`}>
                  <strong>{r.requesterName}</strong>
                </AppLink>
                <div className={css.muted}>{[t(`dsg:requests.kind.${r.kind}`), r.requesterReference].filter(Boolean).join(' · ')}</div>
              </>
            ),
          },
          { key: 'receivedOn', header: t('dsg:requests.field.receivedOn'), sortable: true, render: (r) => formatDate(r.receivedOn) },
          {
            key: 'deadline',
            header: t('dsg:requests.field.deadline'),
            sortable: true,
            render: (r) => (
              <>
                {formatDate(requestDeadline(r))}
                {r.extendedTo ? <div className={css.muted}>{t('dsg:requests.extended')}</div> : null}
              </>
            ),
          },
          { key: 'state', header: t('dsg:requests.field.state'), sortable: true, render: (r) => <DeadlineBadge request={r} today={today} /> },
        ]}
      />
      <Outlet />
    </>
  )
}
