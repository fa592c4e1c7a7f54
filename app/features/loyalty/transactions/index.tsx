import { useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as listCss from '#app/ui/list-page.css.ts'
import * as css from '#app/ui/register.css.ts'
import { relatedTransactionNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/index'
import { formatAmount } from '#models/core/amount.ts'
import { parseTransactionQuery } from './query.server.ts'
import { RelatedTransactions } from './transactions.server.ts'

/** The register of legal transactions with related parties (Art. 51c BVG): filtered, sorted, paged, with its sum and exports. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const { filter, table, values, filtered } = parseTransactionQuery(new URL(request.url))
  const service = RelatedTransactions.for(access)
  const { rows, total, sum } = await service.page(filter, { limit: table.pageSize, offset: table.offset })
  return { rows, total, sum, table, values, filtered, mayManage: service.rights.manage }
}

export const handle: TitleHandle = { title: 'loyalty:transactions.title' }

export default function TransactionsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, sum, table, values, filtered } = loaderData
  const all = { value: '', label: t('table.all') }
  const yesNo = [all, { value: 'yes', label: t('common.yes') }, { value: 'no', label: t('common.no') }]
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/loyalty">{t('loyalty:transactions.area')}</AppLink> › {t('loyalty:transactions.title')}
      </p>
      <div className={css.head}>
        <h1>{t('loyalty:transactions.title')}</h1>
        {loaderData.mayManage ? (
          <LinkButton to={`/app/loyalty/transactions/new${search}`} variant="primary">
            {t('loyalty:transactions.new')}
          </LinkButton>
        ) : null}
      </div>
      <p className={css.muted}>{t('loyalty:transactions.intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/loyalty/transactions/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/loyalty/transactions/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <TextField label={t('loyalty:transactions.filter.q')} name="q" type="search" defaultValue={values.q} />
        <TextField label={t('loyalty:transactions.filter.year')} name="year" inputMode="numeric" defaultValue={values.year} />
        <SelectField label={t('loyalty:transactions.field.significant')} name="significant" defaultValue={values.significant} options={yesNo} />
        <SelectField label={t('loyalty:transactions.filter.disclosed')} name="disclosed" defaultValue={values.disclosed} options={yesNo} />
      </FilterForm>
      <p className={listCss.summary} data-testid="transactions-sum">
        {t('loyalty:transactions.sum', { count: total, sum: formatAmount(sum) })}
      </p>
      <DataTable
        caption={t('loyalty:transactions.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'number',
            header: t('loyalty:transactions.field.number'),
            sortable: true,
            className: listCss.nowrap,
            render: (r) => (
              <AppLink to={`/app/loyalty/transactions/${r.id}`} data-testid="transaction-link">
                {relatedTransactionNumber(r.number)}
              </AppLink>
            ),
          },
          { key: 'date', header: t('loyalty:transactions.field.transactionDate'), sortable: true, render: (r) => formatDate(r.transactionDate) },
          {
            key: 'counterparty',
            header: t('loyalty:transactions.field.counterparty'),
            sortable: true,
            render: (r) => (
              <>
                {r.counterparty}
                {r.personName || r.relation ? <div className={css.muted}>{[r.personName, r.relation].filter(Boolean).join(' · ')}</div> : null}
              </>
            ),
          },
          { key: 'subject', header: t('loyalty:transactions.field.subject'), render: (r) => r.subject },
          {
            key: 'amount',
            header: t('loyalty:transactions.field.amount'),
            sortable: true,
            className: listCss.nowrap,
            render: (r) => (r.amount === null ? '—' : formatAmount(r.amount)),
          },
          {
            key: 'flags',
            header: t('loyalty:transactions.field.state'),
            render: (r) => (
              <span className={css.flags}>
                {r.significant ? <Badge tone="warning">{t('loyalty:transactions.significantBadge')}</Badge> : null}
                {r.approvedOn ? <Badge tone="success">{t('loyalty:transactions.approvedBadge')}</Badge> : null}
                {r.disclosedToAuditorOn ? (
                  <Badge tone="success">{t('loyalty:transactions.disclosedBadge', { date: formatDate(r.disclosedToAuditorOn) })}</Badge>
                ) : (
                  <Badge tone="neutral">{t('loyalty:transactions.notDisclosed')}</Badge>
                )}
              </span>
            ),
          },
        ]}
      />
    </>
  )
}
