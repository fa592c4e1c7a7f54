import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { param, parseListQuery } from '#app/utils/list-params.ts'
import * as css from '#app/ui/register.css.ts'
import { DsgDpias } from './dpias.server.ts'
import { DPIA_LIST_STATES, DPIA_SORTS, type DpiaSort } from './list-params.ts'
import { DpiaStateBadge } from './state-badge.tsx'
import type { Route } from './+types/index'
import { activityNumber } from '#models/core/record-number.ts'

const PARAMS = {
  state: ['state', param.oneOf(DPIA_LIST_STATES)],
  open: ['open', param.checked],
  activity: ['activityId', param.text(100)],
} as const

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const dpias = DsgDpias.for(access)
  if (!dpias.mayRead) forbidden(request)
  const { filter, table, values, filtered } = parseListQuery<DpiaSort, typeof PARAMS, Parameters<typeof dpias.list>[0]>(
    new URL(request.url),
    DPIA_SORTS,
    PARAMS,
  )
  const [{ rows, total }, activities] = await Promise.all([dpias.list(filter, { limit: table.pageSize, offset: table.offset }), dpias.activityOptions()])
  return { rows, total, table, values, filtered, activities, canWrite: dpias.mayWrite }
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
