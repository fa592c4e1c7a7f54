import { requirePermission } from '#app/auth/guards.server.ts'
import { viaOf } from '#models/core/read-log.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/audit-export'
import { AuditTrail, parseTrailFilter, type TrailRow } from '#app/accountability/trail.server.ts'

/** The filtered trail as CSV or XLSX (the path's ending), streamed in batches; one row per entry. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Admins and auditors (the layout's guard; the service checks again).
  const { access } = await requirePermission({ request, context }, (p) => p.auditTrail.read)
  const url = new URL(request.url)
  const { filter, invalid } = parseTrailFilter(url)
  const locale = await getLocale(request)
  const t = getFixedT(locale)
  if (invalid) return new Response(t('history.trail.invalidPeriod'), { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const columns: [header: string, value: (r: TrailRow) => Cell][] = [
    [t('history.trail.when'), (r) => r.when],
    [t('history.trail.component'), (r) => r.componentLabel],
    [t('history.trail.action'), (r) => r.actionLabel],
    [t('history.trail.user'), (r) => r.user ?? ''],
    [t('history.trail.actingFor'), (r) => r.actingFor ?? ''],
    [t('history.trail.entity'), (r) => r.record],
    [t('history.trail.changes'), (r) => r.changes.map((c) => t('history.change', { label: c.label, from: c.from, to: c.to })).join('\n')],
    // The record's technical id last: what the trail's filter by record takes, for an auditor who matches entries.
    [t('history.trail.entityId'), (r) => r.entityId ?? ''],
  ]
  const trail = AuditTrail.for(access)
  // The export holds the entries' values: every record with sensitive data in it is logged as read, in this request.
  await trail.logExport(filter, viaOf(request))
  // The export reads what the log names: no entry written after the read was logged.
  const until = new Date()
  async function* rows() {
    for await (const batch of trail.iterate({ ...filter, until }, locale)) yield batch.map((r) => columns.map(([, value]) => value(r)))
  }
  const name = `${t('history.trail.file')}-${todayInZurich()}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx') ? xlsxResponse(`${name}.xlsx`, t('history.trail.title'), header, rows()) : csvResponse(`${name}.csv`, header, rows())
}
