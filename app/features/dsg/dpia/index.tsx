import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { parseTableParams } from '#app/utils/table.ts'
import * as css from '#app/ui/register.css.ts'
import { DsgDpias } from './dpias.server.ts'
import { DPIA_LIST_STATES, DPIA_SORTS, type DpiaListState } from './list-params.ts'
import { DpiaStateBadge } from './state-badge.tsx'
import type { Route } from './+types/index'
import { activityNumber } from '#models/core/record-number.ts'

const FILTERS = ['state', 'open', 'activity'] as const

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireCustomer(request)
  const dpias = DsgDpias.for(access)
  if (!dpias.mayRead) forbidden(request)
  const url = new URL(request.url)
  const get = (k: string) => (url.searchParams.get(k) ?? '').trim()
  const table = parseTableParams(url, DPIA_SORTS, 'activity')
  const filter = {
    state: (DPIA_LIST_STATES as readonly string[]).includes(get('state')) ? (get('state') as DpiaListState) : undefined,
    open: get('open') === 'yes',
    activityId: get('activity').slice(0, 100) || undefined,
    sort: table.sort,
    dir: table.dir,
  }
  const [{ rows, total }, activities] = await Promise.all([dpias.list(filter, { limit: table.pageSize, offset: table.offset }), dpias.activityOptions()])
  const values = Object.fromEntries(FILTERS.map((k) => [k, get(k)])) as Record<(typeof FILTERS)[number], string>
  return { rows, total, table, values, filtered: FILTERS.some((k) => values[k] !== ''), activities, canWrite: dpias.mayWrite }
}

export const handle: TitleHandle = { title: 'dsg:dpia.title' }

export default function DpiaList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { rows, total, table, values, filtered, activities, canWrite } = loaderData
  return (
    <>
      <div className={css.head}>
        <h1>{t('dsg:dpia.title')}</h1>
        {canWrite ? (
          <LinkButton to="/app/dsg/dpia/new" variant="primary">
            {t('dsg:dpia.add')}
          </LinkButton>
        ) : null}
      </div>
      <p>{t('dsg:dpia.intro')}</p>
      <FilterForm>
        <SelectField
          label={t('dsg:dpia.field.state')}
          name="state"
          defaultValue={values.state}
          options={[{ value: '', label: t('table.all') }, ...DPIA_LIST_STATES.map((s) => ({ value: s, label: t(`dsg:dpia.state.${s}`) }))]}
        />
        <SelectField
          label={t('dsg:dpia.filter.open')}
          name="open"
          defaultValue={values.open}
          options={[
            { value: '', label: t('table.all') },
            { value: 'yes', label: t('dsg:dpia.filter.openOnly') },
          ]}
        />
        <SelectField
          label={t('dsg:dpia.field.activity')}
          name="activity"
          defaultValue={values.activity}
          options={[{ value: '', label: t('table.all') }, ...activities.map((a) => ({ value: a.id, label: `${activityNumber(a.idkey)} ${a.name}` }))]}
        />
      </FilterForm>
      <DataTable
        caption={t('dsg:dpia.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'activity',
            header: t('dsg:dpia.field.activity'),
            sortable: true,
            render: (r) => (
              <>
                {r.dpiaId ? (
                  <AppLink to={`/app/dsg/dpia/${r.dpiaId}`}>
                    <strong>{r.activityName}</strong>
                  </AppLink>
                ) : (
                  <strong>{r.activityName}</strong>
                )}
                <div className={css.muted}>
                  {r.activityIdkey} ·{' '}
                  <AppLink to={`/app/dsg/processing/${r.activityId}`} aria-label={`${t('dsg:dpia.openActivity')}: ${r.activityName}`}>
                    {t('dsg:dpia.openActivity')}
                  </AppLink>
                </div>
              </>
            ),
          },
          { key: 'state', header: t('dsg:dpia.field.state'), sortable: true, render: (r) => <DpiaStateBadge state={r.state} /> },
          { key: 'screenedOn', header: t('dsg:dpia.field.screenedOn'), sortable: true, render: (r) => formatDate(r.screenedOn) || '—' },
          {
            key: 'approvedOn',
            header: t('dsg:dpia.field.approvedOn'),
            sortable: true,
            render: (r) => (r.approvedOn ? `${formatDate(r.approvedOn)}${r.approverName ? ` · ${r.approverName}` : ''}` : '—'),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) =>
              r.dpiaId ? (
                <AppLink to={`/app/dsg/dpia/${r.dpiaId}`} aria-label={`${t('dsg:dpia.open')}: ${r.activityName}`}>
                  {t('dsg:dpia.open')}
                </AppLink>
              ) : canWrite ? (
                <AppLink to={`/app/dsg/dpia/new?activity=${r.activityId}`} aria-label={`${t('dsg:dpia.screen')}: ${r.activityName}`}>
                  {t('dsg:dpia.screen')}
                </AppLink>
              ) : null,
          },
        ]}
      />
    </>
  )
}
