import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { TRANSACTION_SORTS, type TransactionFilter } from './transactions.server.ts'

/** The transactions list's filters: query parameter → filter field. */
export const TRANSACTION_PARAMS = {
  year: ['year', (v: string) => (/^(19|20|21)\d{2}$/.test(v) ? Number(v) : undefined)],
  significant: ['significant', param.yesNo],
  disclosed: ['disclosed', param.yesNo],
  q: ['q', param.text(200)],
} as const satisfies ListParams

/** The list's filters, sorting and paging from the query string (the exports read the same); newest first. */
export function parseTransactionQuery(url: URL) {
  return parseListQuery<(typeof TRANSACTION_SORTS)[number], typeof TRANSACTION_PARAMS, TransactionFilter>(url, TRANSACTION_SORTS, TRANSACTION_PARAMS, {
    dir: 'desc',
  })
}
