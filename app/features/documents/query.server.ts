import { forbidden } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import type { Permissions } from '#models/core/permissions.ts'
import { parseDate } from '#models/core/dates.ts'
import { DOCUMENT_SORTS, type DocumentFilter } from '#app/features/documents/documents.server.ts'
import { visibleCategories } from '#models/core/visibility.server.ts'
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '#models/core/constants.ts'

export function parseDocumentQuery(url: URL, permissions: Permissions, request?: Request) {
  const q = url.searchParams
  const categories = visibleCategories(permissions)
  if (!categories.length) forbidden(request)
  const tabParam = q.get('tab') as DocumentCategory | null
  if (tabParam && (DOCUMENT_CATEGORIES as readonly string[]).includes(tabParam) && !categories.includes(tabParam)) forbidden(request)
  const category = tabParam && categories.includes(tabParam) ? tabParam : categories[0]
  const presentParam = q.get('present')
  const present = presentParam === 'yes' ? true : presentParam === 'no' ? false : undefined
  const from = parseDate(q.get('from') ?? '') ?? undefined
  const to = parseDate(q.get('to') ?? '') ?? undefined
  const text = (q.get('q') ?? '').trim().slice(0, 200) || undefined
  const table = parseTableParams(url, DOCUMENT_SORTS, 'name')
  const filter: DocumentFilter = { category, present, from, to, q: text, sort: table.sort, dir: table.dir }
  return {
    categories,
    filter,
    table,
    filtered: present !== undefined || Boolean(from || to || text),
    values: { present: presentParam === 'yes' || presentParam === 'no' ? presentParam : '', from: from ?? '', to: to ?? '', q: text ?? '' },
  }
}
