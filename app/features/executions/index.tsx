import { useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { EXECUTION_RESULTS, EXECUTION_VIEW_STATES } from '#models/core/constants.ts'
import { executionNumber, providerNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/index'
import { Executions } from './executions.server.ts'
import { parseExecutionQuery } from './query.server.ts'
import { ResultBadge, StateBadge } from './badges.tsx'

/** Every execution of the fund (issue 25): filtered, sorted and paged on the server, with CSV and XLSX. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.executions.read)
  const { filter, table, values, filtered } = parseExecutionQuery(new URL(request.url))
  const locale = await getLocale(request)
  const service = Executions.for(access)
  const [{ rows, total }, choices] = await Promise.all([
    service.page(filter, todayInZurich(), locale, { limit: table.pageSize, offset: table.offset }),
    service.choices(locale),
  ])
  return { rows, total, table, values, filtered, choices }
}

export const handle: TitleHandle = { title: 'executions:title' }

export default function ExecutionsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, table, values, filtered, choices } = loaderData
  const all = { value: '', label: t('table.all') }
  const people = choices.people.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/iks">{t('iks:inventory.title')}</AppLink> › {t('executions:title')}
      </p>
      <div className={css.head}>
        <h1>{t('executions:title')}</h1>
      </div>
      <p className={css.muted}>{t('executions:intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/iks/executions/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/iks/executions/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <TextField label={t('executions:field.period')} name="period" defaultValue={values.period} description={t('executions:filter.periodHint')} />
        <SelectField
          label={t('iks:field.main')}
          name="main"
          defaultValue={values.main}
          options={[all, ...choices.mains.map((m) => ({ value: m.id, label: `${m.number} ${m.name}` }))]}
        />
        <SelectField label={t('executions:field.performer')} name="performer" defaultValue={values.performer} options={[all, ...people]} />
        <SelectField label={t('executions:field.reviewer')} name="reviewer" defaultValue={values.reviewer} options={[all, ...people]} />
        <SelectField
          label={t('executions:field.state')}
          name="state"
          defaultValue={values.state}
          options={[all, ...EXECUTION_VIEW_STATES.map((s) => ({ value: s, label: t(`executions:state.${s}`) }))]}
        />
        <SelectField
          label={t('executions:field.result')}
          name="result"
          defaultValue={values.result}
          options={[all, ...EXECUTION_RESULTS.map((r) => ({ value: r, label: t(`executions:result.${r}`) }))]}
        />
        <SelectField
          label={t('executions:assurance.filter')}
          name="assurance"
          defaultValue={values.assurance}
          options={[
            { value: '', label: t('executions:assurance.all') },
            { value: 'yes', label: t('executions:assurance.only') },
          ]}
        />
        {values.process ? <input type="hidden" name="process" value={values.process} /> : null}
      </FilterForm>
      <DataTable
        caption={t('executions:title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'number',
            header: t('executions:field.number'),
            sortable: true,
            render: (r) => (
              <AppLink to={`/app/iks/executions/${r.id}`} data-testid="execution-link">
                {executionNumber(r.number)}
              </AppLink>
            ),
          },
          {
            key: 'process',
            header: t('executions:field.process'),
            sortable: true,
            render: (r) => (
              <>
                <AppLink to={`/app/iks/${r.processId}?step=execution`}>
                  {r.processIdkey} {r.processTitle}
                </AppLink>
                <div className={css.muted}>
                  {r.mainNumber} {r.mainName}
                </div>
                {r.providerId ? (
                  <div data-testid="execution-provider">
                    {t('executions:assurance.of')}{' '}
                    <AppLink to={`/app/providers/${r.providerId}`}>
                      {r.providerNumber !== null ? providerNumber(r.providerNumber) : ''} {r.providerName}
                    </AppLink>
                  </div>
                ) : null}
              </>
            ),
          },
          {
            key: 'period',
            header: t('executions:field.period'),
            sortable: true,
            render: (r) =>
              r.providerId
                ? t('executions:assurance.year', { year: r.periodStart.slice(0, 4) })
                : (r.period ?? `${t('executions:occasional')} ${formatDate(r.periodStart)}`),
          },
          { key: 'dueDate', header: t('executions:field.dueDate'), sortable: true, render: (r) => formatDate(r.dueDate) },
          { key: 'performer', header: t('executions:field.performer'), sortable: true, render: (r) => r.performerName ?? '—' },
          { key: 'reviewer', header: t('executions:field.reviewer'), render: (r) => r.reviewerName ?? '—' },
          { key: 'state', header: t('executions:field.state'), sortable: true, render: (r) => <StateBadge view={r.view} /> },
          { key: 'result', header: t('executions:field.result'), render: (r) => (r.result ? <ResultBadge result={r.result} /> : '—') },
        ]}
      />
    </>
  )
}
