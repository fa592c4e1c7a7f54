import { useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { PERSON_CHANGE_KINDS } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { personChangeNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/index'
import { PersonChanges } from './changes.server.ts'
import { CHANGE_REPORTED } from './filters.ts'
import { parseChangeQuery } from './query.server.ts'

/** Changes among the persons reported to the supervisor (Art. 48g para. 2 BVV 2): filtered, sorted and paged, with CSV and XLSX. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const { filter, table, values, filtered } = parseChangeQuery(new URL(request.url))
  const service = PersonChanges.for(access)
  const [{ rows, total }, persons] = await Promise.all([service.list(filter, { limit: table.pageSize, offset: table.offset }), service.persons()])
  return { rows, total, table, values, filtered, persons, today: todayInZurich(), mayManage: service.mayManage }
}

export const handle: TitleHandle = { title: 'loyalty:changes.title' }

export default function ChangesList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, table, values, filtered, persons, today, mayManage } = loaderData
  const all = { value: '', label: t('table.all') }
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/loyalty">{t('loyalty:persons.area')}</AppLink> › {t('loyalty:changes.title')}
      </p>
      <div className={css.head}>
        <h1>{t('loyalty:changes.title')}</h1>
        {mayManage ? (
          <LinkButton to="/app/loyalty/changes/new" variant="primary">
            {t('loyalty:changes.add')}
          </LinkButton>
        ) : null}
      </div>
      <p className={css.muted}>{t('loyalty:changes.intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/loyalty/changes/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/loyalty/changes/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <TextField label={t('loyalty:changes.filter.q')} name="q" defaultValue={values.q} />
        <SelectField
          label={t('loyalty:changes.field.kind')}
          name="kind"
          defaultValue={values.kind}
          options={[all, ...PERSON_CHANGE_KINDS.map((k) => ({ value: k, label: t(`loyalty:changes.kinds.${k}`) }))]}
        />
        <SelectField
          label={t('loyalty:changes.filter.reported')}
          name="reported"
          defaultValue={values.reported}
          options={[all, ...CHANGE_REPORTED.map((r) => ({ value: r, label: t(`loyalty:changes.reported.${r}`) }))]}
        />
        <SelectField
          label={t('loyalty:changes.field.person')}
          name="person"
          defaultValue={values.person}
          options={[all, ...persons.map((p) => ({ value: p.id, label: `${p.lastName} ${p.firstName}` }))]}
        />
      </FilterForm>
      <DataTable
        caption={t('loyalty:changes.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'number',
            header: t('loyalty:changes.field.number'),
            sortable: true,
            render: (r) => (
              <AppLink to={`/app/loyalty/changes/${r.id}/edit`} data-testid="change-link">
                {personChangeNumber(r.number)}
              </AppLink>
            ),
          },
          { key: 'kind', header: t('loyalty:changes.field.kind'), sortable: true, render: (r) => t(`loyalty:changes.kinds.${r.kind}`) },
          { key: 'person', header: t('loyalty:changes.field.person'), render: (r) => r.personName ?? '—' },
          { key: 'description', header: t('loyalty:changes.field.description'), render: (r) => r.description },
          { key: 'effectiveOn', header: t('loyalty:changes.field.effectiveOn'), sortable: true, render: (r) => formatDate(r.effectiveOn) },
          {
            key: 'reportedOn',
            header: t('loyalty:changes.field.reportedOn'),
            sortable: true,
            render: (r) =>
              r.reportedOn ? (
                formatDate(r.reportedOn)
              ) : r.effectiveOn < today ? (
                <strong data-testid="change-unreported">{t('loyalty:changes.notReported')}</strong>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </>
  )
}
