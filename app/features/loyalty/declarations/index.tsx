import { useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { DECLARATION_STATES, LOYALTY_FUNCTIONS } from '#models/core/constants.ts'
import type { Route } from './+types/index'
import { Declarations } from './declarations.server.ts'
import { parseDeclarationQuery } from './query.server.ts'
import { declarationNumber } from './values.ts'

/** The fund's declarations (issue 26), for the area's readers: filtered, sorted and paged on the server, with CSV and XLSX. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const { filter, table, values, filtered } = parseDeclarationQuery(new URL(request.url))
  const service = Declarations.for(access)
  const [{ rows, total }, years] = await Promise.all([service.page(filter, { limit: table.pageSize, offset: table.offset }), service.years()])
  return { rows, total, table, values, filtered, years }
}

export const handle: TitleHandle = { title: 'loyalty:declarations.title' }

export default function DeclarationsList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { rows, total, table, values, filtered, years } = loaderData
  const all = { value: '', label: t('table.all') }
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/loyalty">{t('loyalty:declarations.area')}</AppLink> › {t('loyalty:declarations.title')}
      </p>
      <div className={css.head}>
        <h1>{t('loyalty:declarations.title')}</h1>
      </div>
      <p className={css.muted}>{t('loyalty:declarations.intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/loyalty/declarations/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/loyalty/declarations/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <TextField label={t('loyalty:declarations.filter.q')} name="q" defaultValue={values.q} type="search" />
        <SelectField
          label={t('loyalty:declarations.field.year')}
          name="year"
          defaultValue={values.year}
          options={[all, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
        />
        <SelectField
          label={t('loyalty:declarations.field.state')}
          name="state"
          defaultValue={values.state}
          options={[all, ...DECLARATION_STATES.map((s) => ({ value: s, label: t(`loyalty:states.${s}`) }))]}
        />
        <SelectField
          label={t('loyalty:declarations.field.function')}
          name="function"
          defaultValue={values.function}
          options={[all, ...LOYALTY_FUNCTIONS.map((f) => ({ value: f, label: t(`loyalty:declarations.function.${f}`) }))]}
        />
      </FilterForm>
      <DataTable
        caption={t('loyalty:declarations.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'number',
            header: t('loyalty:declarations.field.number'),
            sortable: true,
            render: (r) => (
              <AppLink to={`/app/loyalty/declarations/${r.id}`} data-testid="declaration-link">
                {declarationNumber(r.number)}
              </AppLink>
            ),
          },
          { key: 'year', header: t('loyalty:declarations.field.year'), sortable: true, render: (r) => String(r.year) },
          {
            key: 'person',
            header: t('loyalty:declarations.field.person'),
            sortable: true,
            render: (r) => (
              <>
                {r.personName}
                {r.organisation ? <div className={css.muted}>{r.organisation}</div> : null}
              </>
            ),
          },
          {
            key: 'function',
            header: t('loyalty:declarations.field.function'),
            sortable: true,
            render: (r) => t(`loyalty:declarations.function.${r.personFunction}`),
          },
          { key: 'state', header: t('loyalty:declarations.field.state'), sortable: true, render: (r) => t(`loyalty:states.${r.state}`) },
          { key: 'channel', header: t('loyalty:declarations.field.channel'), render: (r) => (r.channel ? t(`loyalty:channels.${r.channel}`) : '—') },
          {
            key: 'signedAt',
            header: t('loyalty:declarations.field.signedAt'),
            sortable: true,
            render: (r) => (r.signedAt ? formatDateTime(r.signedAt, i18n.language as 'de') : '—'),
          },
          {
            key: 'interests',
            header: t('loyalty:declare.interests'),
            render: (r) =>
              r.state === 'requested' ? '—' : r.noInterests ? t('loyalty:declarations.none') : t('loyalty:declarations.count', { count: r.interestCount }),
          },
        ]}
      />
    </>
  )
}
