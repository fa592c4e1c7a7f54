import { forbidden } from '#app/auth/guards.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import type { Permissions } from '#models/core/permissions.ts'
import { parseDate } from '#models/core/dates.ts'
import { MEASURE_SORTS, MEASURE_TABS, type MeasureFilter, type MeasureTab, visibleTabs } from '#app/features/measures/measures.server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The measure list's state, all from the query string; a tab the user may not open is a 403. */
export function parseMeasureQuery(url: URL, permissions: Permissions, request?: Request) {
  const q = url.searchParams
  const tabs = visibleTabs(permissions)
  if (!tabs.length) forbidden(request)
  const tabParam = q.get('tab') as MeasureTab | null
  if (tabParam && (MEASURE_TABS as readonly string[]).includes(tabParam) && !tabs.includes(tabParam)) forbidden(request)
  const tab: MeasureTab = tabParam && tabs.includes(tabParam) ? tabParam : tabs[0]
  const view = q.get('view') === 'confirmed' ? 'confirmed' : 'pending'
  const status = q.get('status') === 'overdue' || q.get('status') === 'due' ? (q.get('status') as 'overdue' | 'due') : undefined
  const ownerMatch = (q.get('owner') ?? '').match(/^(user|body):(.+)$/)
  const owner = ownerMatch && UUID.test(ownerMatch[2]) ? { type: ownerMatch[1] as 'user' | 'body', id: ownerMatch[2] } : undefined
  const from = parseDate(q.get('from') ?? '') ?? undefined
  const to = parseDate(q.get('to') ?? '') ?? undefined
  const dsg = q.get('dsg') === 'on'
  const text = (q.get('q') ?? '').trim().slice(0, 200) || undefined
  const table = parseTableParams(url, MEASURE_SORTS, view === 'confirmed' ? 'confirmedAt' : 'dueDate', view === 'confirmed' ? 'desc' : 'asc')
  const filter: MeasureFilter = { tab, view, status, owner, from, to, dsg, q: text, sort: table.sort, dir: table.dir }
  const filtered = Boolean(status || owner || from || to || dsg || text)
  return {
    tabs,
    filter,
    table,
    filtered,
    values: { status: status ?? '', owner: owner ? `${owner.type}:${owner.id}` : '', from: from ?? '', to: to ?? '', dsg, q: text ?? '' },
  }
}
