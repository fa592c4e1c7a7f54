import { requireCustomer } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/export'
import { type Document, Documents } from './documents.server.ts'
import { parseDocumentQuery } from './query.server.ts'

const PAGE = 1000

/**
 * The documents of the current tab (a category), filtered and sorted like the list, as CSV or XLSX
 * (the path's ending); the category's read right is the list's (parseDocumentQuery refuses the rest).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const url = new URL(request.url)
  const { filter } = parseDocumentQuery(url, permissionsOf(access), request)
  const t = getFixedT(await getLocale(request))
  const yes = t('common.yes')
  const no = t('common.no')
  const columns: [header: string, value: (d: Document) => Cell][] = [
    [t('documents.field.name'), (d) => d.name],
    [t('documents.field.linkText'), (d) => d.linkText],
    [t('documents.field.link'), (d) => d.link ?? ''],
    [t('field.comment'), (d) => d.comment],
    [t('documents.field.dueDate'), (d) => day(d.dueDate)],
    [t('documents.field.present'), (d) => (d.present ? yes : no)],
  ]
  const documents = Documents.for(access)
  async function* rows() {
    for (let offset = 0; ; offset += PAGE) {
      const page = await documents.list(filter, { limit: PAGE, offset })
      if (page.rows.length) yield page.rows.map((d) => columns.map(([, value]) => value(d)))
      if (page.rows.length < PAGE) return
    }
  }
  const name = `${t('documents.file')}-${filter.category}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t('documents.title'), header, rows()) : csvResponse(`${name}.csv`, header, rows())
}
