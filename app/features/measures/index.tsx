import { useTranslation } from '#app/i18n/use-translation.ts'
import { Outlet, useLocation } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { TabLinks } from '#app/ui/tabs.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { CheckboxField, SelectField, TextField } from '#app/ui/fields.tsx'
import { requireCustomer } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { isOverdue, Measures as MeasureService, type MeasureTab } from '#app/features/measures/measures.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/index'
import { parseMeasureQuery } from './query.server.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import * as css from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { measureNumber } from '#models/core/record-number.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const url = new URL(request.url)
  const { tabs, filter, table, filtered, values } = parseMeasureQuery(url, permissionsOf(access), request)
  const today = todayInZurich()
  const measures = MeasureService.for(access)
  const { rows, total, owners } = await measures.page(filter, today, { limit: table.pageSize, offset: table.offset })
  return {
    tabs,
    tab: filter.tab as MeasureTab,
    view: filter.view,
    rows: rows.map((r) => ({
      ...r,
      overdue: isOverdue(r, today),
      canEdit: measures.mayEdit(r),
      canDelete: measures.mayDelete(r),
    })),
    total,
    table,
    filtered,
    values,
    owners,
    canCreate: measures.writableSources.length > 0,
  }
}

export const handle: TitleHandle = { title: 'measures.title' }

const numberOf = (m: { idkey: number; iteration: number }) => measureNumber(m.idkey, m.iteration)

export default function Measures({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { tabs, tab, view, rows, total, table, filtered, values, owners } = loaderData
  const base = (params: Record<string, string>) => `/app/measures?${new URLSearchParams(params)}`
  const ownerOptions = [
    { value: '', label: t('table.all') },
    ...owners.people.map((p) => ({ value: `user:${p.id}`, label: `${p.firstName} ${p.lastName}` })),
    ...owners.bodies.map((b) => ({ value: `body:${b.id}`, label: b.name })),
  ]
  const childSearch = search || `?tab=${tab}`
  return (
    <>
      <div className={css.head}>
        <h1>{t('measures.title')}</h1>
        <div className={css.actions}>
          {loaderData.canCreate ? <AppLink to="/app/measures/import">{t('action.import')}</AppLink> : null}
          {loaderData.canCreate ? (
            <LinkButton to={`/app/measures/new${childSearch}`} variant="primary" preventScrollReset>
              {t('measures.new')}
            </LinkButton>
          ) : null}
        </div>
      </div>
      <TabLinks
        label={t('measures.tabs')}
        items={tabs.map((k) => ({ to: base({ tab: k }), label: t(`measures.tab.${k}`), current: k === tab, testId: `tab-${k}` }))}
      />
      <TabLinks
        small
        label={t('measures.views')}
        items={(['pending', 'confirmed'] as const).map((v) => ({ to: base({ tab, view: v }), label: t(`measures.view.${v}`), current: v === view }))}
      />
      <FilterForm
        exports={
          <>
            <a href={`/app/measures/export.csv${search}`} className={css.exportLink} download>
              {t('measures.exportView')}
            </a>
            <a href="/app/measures/export.csv?all=1" className={css.exportLink} download>
              {t('measures.exportAll')}
            </a>
            <a href={`/app/measures/export.xlsx${search}`} className={css.exportLink} download>
              {t('measures.exportViewXlsx')}
            </a>
            <a href="/app/measures/export.xlsx?all=1" className={css.exportLink} download>
              {t('measures.exportAllXlsx')}
            </a>
          </>
        }
        resetTo={base({ tab, view })}
        keep={[
          ['tab', tab],
          ['view', view],
        ]}
      >
        {view === 'pending' ? (
          <SelectField
            label={t('measures.filter.status')}
            name="status"
            defaultValue={values.status}
            options={[
              { value: '', label: t('table.all') },
              { value: 'overdue', label: t('measures.status.overdue') },
              { value: 'due', label: t('measures.status.due') },
            ]}
          />
        ) : null}
        <SelectField label={t('measures.field.owner')} name="owner" defaultValue={values.owner} options={ownerOptions} />
        <TextField label={t('measures.filter.from')} name="from" type="date" defaultValue={values.from} />
        <TextField label={t('measures.filter.to')} name="to" type="date" defaultValue={values.to} />
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={values.q} />
        {tab !== 'dsg' ? <CheckboxField label={t('measures.filter.dsg')} name="dsg" defaultChecked={values.dsg} /> : null}
      </FilterForm>
      <DataTable
        caption={t('measures.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        resetTo={base({ tab, view })}
        columns={[
          { key: 'idkey', header: t('measures.field.number'), sortable: true, render: (r) => <span className={css.nowrap}>{numberOf(r)}</span> },
          {
            key: 'title',
            header: t('measures.field.title'),
            sortable: true,
            render: (r) => (
              <>
                <strong>{r.title}</strong>
                {r.body ? <div className={css.body}>{r.body}</div> : null}
                {view === 'confirmed' && r.confirmationText ? (
                  <div className={css.body}>
                    {t('measures.confirmedBy', { name: r.confirmedByName ?? '—', date: formatDate(r.confirmedAt) })}: {r.confirmationText}
                  </div>
                ) : null}
              </>
            ),
          },
          { key: 'owner', header: t('measures.field.owner'), sortable: true, render: (r) => r.ownerName || '—' },
          view === 'confirmed'
            ? { key: 'confirmedAt', header: t('measures.field.confirmedAt'), sortable: true, render: (r) => formatDate(r.confirmedAt) }
            : {
                key: 'dueDate',
                header: t('measures.field.dueDate'),
                sortable: true,
                render: (r) => (
                  <span className={css.nowrap}>
                    {formatDate(r.dueDate)} {r.overdue ? <Badge tone="danger">{t('measures.status.overdue')}</Badge> : null}
                  </span>
                ),
              },
          { key: 'recurrence', header: t('measures.field.recurrence'), render: (r) => t(`recurrence.${r.recurrence}`) },
          { key: 'source', header: t('measures.field.source'), render: (r) => t(`measures.source.${r.source}`) },
          {
            key: 'dsg',
            header: t('measures.field.dsg'),
            render: (r) => (
              <>
                {r.dsgMeasure ? <Badge>{t('measures.dsgBadge')}</Badge> : null} {r.inEdit ? <Badge tone="warning">{t('measures.inEditBadge')}</Badge> : null}
              </>
            ),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) =>
              r.canEdit && r.state === 'pending' ? (
                <span className={css.rowActions}>
                  <AppLink to={`/app/measures/${r.id}/edit${childSearch}`} preventScrollReset aria-label={`${t('action.edit')}: ${numberOf(r)}`}>
                    {t('action.edit')}
                  </AppLink>
                  <AppLink to={`/app/measures/${r.id}/confirm${childSearch}`} preventScrollReset aria-label={`${t('measures.confirm')}: ${numberOf(r)}`}>
                    {t('measures.confirm')}
                  </AppLink>
                  {r.canDelete ? (
                    <AppLink to={`/app/measures/${r.id}/delete${childSearch}`} preventScrollReset aria-label={`${t('action.delete')}: ${numberOf(r)}`}>
                      {t('action.delete')}
                    </AppLink>
                  ) : null}
                </span>
              ) : (
                // Who may not edit it (readers, auditors, a confirmed measure) reads it with its history.
                <AppLink to={`/app/measures/${r.id}${childSearch}`} preventScrollReset aria-label={`${t('action.view')}: ${numberOf(r)}`}>
                  {t('action.view')}
                </AppLink>
              ),
          },
        ]}
      />
      <Outlet />
    </>
  )
}
