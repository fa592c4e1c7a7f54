import { useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { CheckboxField, SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { LOYALTY_FUNCTIONS } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/index'
import { LoyaltyPersons } from './persons.server.ts'
import { parsePersonQuery } from './query.server.ts'

/** The persons subject to the loyalty rules (Art. 48f–48l BVV 2): active today by default, on a day, or all. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const { filter, table, values, filtered } = parsePersonQuery(new URL(request.url))
  const service = LoyaltyPersons.for(access)
  const today = todayInZurich()
  const { rows, total } = await service.list(filter, { limit: table.pageSize, offset: table.offset }, today)
  return { rows, total, table, values, filtered, today, mayManage: service.mayManage }
}

export const handle: TitleHandle = { title: 'loyalty:persons.title' }

export default function PersonsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, table, values, filtered, today, mayManage } = loaderData
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/loyalty">{t('loyalty:persons.area')}</AppLink> › {t('loyalty:persons.title')}
      </p>
      <div className={css.head}>
        <h1>{t('loyalty:persons.title')}</h1>
        {mayManage ? (
          <LinkButton to="/app/loyalty/persons/new" variant="primary">
            {t('loyalty:persons.add')}
          </LinkButton>
        ) : null}
      </div>
      <p className={css.muted}>{t('loyalty:persons.intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/loyalty/persons/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/loyalty/persons/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <TextField label={t('loyalty:persons.filter.q')} name="q" defaultValue={values.q} />
        <SelectField
          label={t('loyalty:persons.field.function')}
          name="function"
          defaultValue={values.function}
          options={[{ value: '', label: t('table.all') }, ...LOYALTY_FUNCTIONS.map((f) => ({ value: f, label: t(`loyalty:functions.${f}`) }))]}
        />
        <TextField
          label={t('loyalty:persons.filter.on')}
          name="on"
          type="date"
          defaultValue={values.on || today}
          description={t('loyalty:persons.filter.onHint')}
        />
        <CheckboxField label={t('loyalty:persons.filter.all')} name="all" defaultChecked={values.all !== ''} />
      </FilterForm>
      <DataTable
        caption={t('loyalty:persons.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'name',
            header: t('loyalty:persons.field.name'),
            sortable: true,
            render: (r) => (
              <AppLink to={`/app/loyalty/persons/${r.id}/edit`} data-testid="person-link">
                {r.lastName} {r.firstName}
              </AppLink>
            ),
          },
          { key: 'function', header: t('loyalty:persons.field.function'), sortable: true, render: (r) => t(`loyalty:functions.${r.function}`) },
          { key: 'organisation', header: t('loyalty:persons.field.organisation'), sortable: true, render: (r) => r.organisation || '—' },
          { key: 'email', header: t('loyalty:persons.field.email'), render: (r) => r.email },
          { key: 'account', header: t('loyalty:persons.field.account'), render: (r) => r.accountName ?? t('loyalty:persons.noAccount') },
          { key: 'fromDate', header: t('loyalty:persons.field.fromDate'), sortable: true, render: (r) => formatDate(r.fromDate) },
          { key: 'untilDate', header: t('loyalty:persons.field.untilDate'), sortable: true, render: (r) => (r.untilDate ? formatDate(r.untilDate) : '—') },
        ]}
      />
    </>
  )
}
