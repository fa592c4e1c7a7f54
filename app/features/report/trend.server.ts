import { asc, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { reportSnapshots } from '#models/schema/index.ts'
import type { SnapshotContent } from './content.ts'

type Names = SnapshotContent['quality']['mainProcesses'][number]['names']

export type QualityTrend = {
  /** The snapshots' reporting dates, oldest first. */
  dates: string[]
  /** The council's minimum in each snapshot. */
  minimums: number[]
  /** Each main process (by its number, as the snapshots keep it) with its level per snapshot. */
  processes: { leadingNumber: string; names: Names; levels: (number | null)[] }[]
}

/**
 * The ICS quality index per main process over the year-end snapshots (issue 11): one statement that
 * reads only each snapshot's `quality` (content -> 'quality'), not the whole content. Main processes
 * are matched by their number; one missing from a snapshot has no level there.
 */
export async function qualityTrend(access: CustomerAccess): Promise<QualityTrend> {
  if (!permissionsOf(access).reports.read) throw new DomainError('forbidden')
  const rows = await withCustomer(access, (tx) =>
    tx
      .select({ date: reportSnapshots.reportingDate, quality: sql<SnapshotContent['quality'] | null>`${reportSnapshots.content} -> 'quality'` })
      .from(reportSnapshots)
      .orderBy(asc(reportSnapshots.reportingDate)),
  )
  const processes = new Map<string, QualityTrend['processes'][number]>()
  rows.forEach((row, i) => {
    for (const m of row.quality?.mainProcesses ?? []) {
      let p = processes.get(m.leadingNumber)
      if (!p) {
        p = { leadingNumber: m.leadingNumber, names: m.names, levels: rows.map(() => null) }
        processes.set(m.leadingNumber, p)
      }
      p.levels[i] = m.level
    }
  })
  return {
    dates: rows.map((r) => r.date),
    minimums: rows.map((r) => r.quality?.councilMinimum ?? 3),
    processes: [...processes.values()].sort((a, b) => a.leadingNumber.localeCompare(b.leadingNumber, 'de', { numeric: true })),
  }
}
