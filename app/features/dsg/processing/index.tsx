import { useTranslation } from '#app/i18n/use-translation.ts'
import { formatDate } from '#app/i18n/config.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { DSG_ACTIVITY_STATES } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import * as css from '#app/ui/register.css.ts'
import { exportSearch, parseActivityQuery } from './query.server.ts'
import { requireActivities } from './guard.server.ts'
import type { Route } from './+types/index'
import { activityNumber } from '#models/core/record-number.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { activities } = await requireActivities({ request, context }, 'read')
  const url = new URL(request.url)
  const { filter, table, values, filtered } = parseActivityQuery(url)
  const today = todayInZurich()
  const [{ rows, total }, responsibles] = await Promise.all([
    activities.list(filter, { limit: table.pageSize, offset: table.offset }, today),
    activities.responsibles('everyone'),
  ])
  return { rows, total, table, values, filtered, responsibles, canWrite: activities.mayWrite, exportSearch: exportSearch(url) }
}

export const handle: TitleHandle = { title: 'dsg:processing.title' }

export default function ProcessingRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { rows, total, table, values, filtered, responsibles, canWrite, exportSearch } = loaderData
  const yesOnly = (label: string) => [
    { value: '', label: t('table.all') },
    { value: 'yes', label },
  ]
  return (
    <>
      <div className={css.head}>
        <h1>{t('dsg:processing.title')}</h1>
        <div className={css.actions}>
          {canWrite ? (
            <>
              <LinkButton to="/app/dsg/processing/new" variant="primary">
                {t('dsg:processing.add')}
              </LinkButton>
              <LinkButton to="/app/dsg/processing/catalog">{t('dsg:processing.catalog.title')}</LinkButton>
            </>
          ) : null}
        </div>
      </div>
      <p>{t('dsg:processing.intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/dsg/processing/export.csv${exportSearch}`} download>
              {t('dsg:processing.exportCsv')}
            </a>
            <a href={`/app/dsg/processing/export.xlsx${exportSearch}`} download>
              {t('dsg:processing.exportXlsx')}
            </a>
            <a href={`/app/dsg/processing/export.pdf${exportSearch}`} download>
              {t('dsg:processing.exportPdf')}
            </a>
          </>
        }
      >
        <SelectField
          label={t('dsg:processing.field.state')}
          name="state"
          defaultValue={values.state}
          options={[{ value: '', label: t('table.all') }, ...DSG_ACTIVITY_STATES.map((s) => ({ value: s, label: t(`dsg:processing.state.${s}`) }))]}
        />
        <SelectField
          label={t('dsg:processing.field.responsible')}
          name="responsible"
          defaultValue={values.responsible}
          options={[
            { value: '', label: t('table.all') },
            ...responsibles.people.map((p) => ({ value: `user:${p.id}`, label: `${p.firstName} ${p.lastName}` })),
            ...responsibles.bodies.map((b) => ({ value: `body:${b.id}`, label: `${b.name} (${t('measures.body')})` })),
          ]}
        />
        <SelectField
          label={t('dsg:processing.filter.sensitive')}
          name="sensitive"
          defaultValue={values.sensitive}
          options={yesOnly(t('dsg:processing.filter.sensitiveOnly'))}
        />
        <SelectField label={t('dsg:processing.filter.due')} name="due" defaultValue={values.due} options={yesOnly(t('dsg:processing.filter.dueOnly'))} />
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={values.q} />
      </FilterForm>
      <DataTable
        caption={t('dsg:processing.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'idkey', header: t('dsg:processing.field.number'), sortable: true, render: (r) => activityNumber(r.idkey) },
          {
            key: 'name',
            header: t('dsg:processing.field.name'),
            sortable: true,
            render: (r) => (
              <>
                <AppLink to={`/app/dsg/processing/${r.id}`}>
                  <strong>{r.name}</strong>
                </AppLink>
                {r.purpose ? <div className={css.muted}>{r.purpose.length > 140 ? `${r.purpose.slice(0, 140)}…` : r.purpose}</div> : null}
                <div className={css.flags}>
                  {r.sensitive ? <Badge tone="warning">{t('dsg:processing.sensitiveBadge')}</Badge> : null}
                  {r.abroad ? <Badge>{t('dsg:processing.abroadBadge')}</Badge> : null}
                  {r.reviewDue ? (
                    <Badge tone="danger">
                      <span data-testid="review-due">{t('dsg:processing.reviewDue')}</span>
                    </Badge>
                  ) : null}
                </div>
              </>
            ),
          },
          { key: 'responsible', header: t('dsg:processing.field.responsible'), render: (r) => r.responsibleName ?? '—' },
          {
            key: 'state',
            header: t('dsg:processing.field.state'),
            sortable: true,
            render: (r) => (
              <Badge tone={r.state === 'active' ? 'success' : r.state === 'draft' ? 'warning' : 'neutral'}>{t(`dsg:processing.state.${r.state}`)}</Badge>
            ),
          },
          {
            key: 'lastReviewedOn',
            header: t('dsg:processing.field.lastReviewedOn'),
            sortable: true,
            render: (r) => (r.lastReviewedOn ? formatDate(r.lastReviewedOn) : '—'),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) =>
              canWrite ? (
                <span className={css.flags}>
                  <AppLink to={`/app/dsg/processing/${r.id}/edit`} aria-label={`${t('action.edit')}: ${r.name}`}>
                    {t('action.edit')}
                  </AppLink>
                </span>
              ) : null,
          },
        ]}
      />
    </>
  )
}
