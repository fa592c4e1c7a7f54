import { compareRisks, Reports, type RiskComparison, type SnapshotRisk } from '#app/features/report/face.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { band } from '#models/core/risk-score.ts'
import { RiskHistory } from './history.server.ts'
import type { RiskRow } from './risks.server.ts'

export type SinceChange = Pick<RiskComparison, 'change' | 'before' | 'after'>

/** A row of the inventory as a snapshot would hold it, for compareRisks. */
function asSnapshotRisk(r: RiskRow): SnapshotRisk {
  const scored = r.probability !== null && r.severity !== null
  return {
    id: r.id,
    idkey: r.idkey,
    title: r.title,
    state: r.state,
    probability: r.probability,
    severity: r.severity,
    score: scored ? r.probability! * r.severity! : null,
    band: scored ? band(r.probability!, r.severity!) : null,
    strategic: r.strategic,
  }
}

/**
 * The inventory's "changed since" (issue 11): the customer's snapshots for the select (one
 * statement), and with `since=<snapshot id>` the page's rows against that snapshot and the risks
 * removed since (one more), through the report's compareRisks. Only for readers of the risk tool:
 * the data protection view sees a part of the inventory, and the removed ones would show the rest.
 */
export async function changesSince(access: CustomerAccess, url: URL, rows: RiskRow[]) {
  const p = permissionsOf(access)
  if (!p.tools.risk.read || !p.reports.read) return null
  const snapshots = (await Reports.for(access).list()).map((s) => ({ id: s.id, reportingDate: s.reportingDate }))
  const chosen = url.searchParams.get('since') ?? ''
  const snapshot = snapshots.find((s) => s.id === chosen)
  const then = snapshot
    ? await RiskHistory.for(access).snapshotRisks(
        snapshot.id,
        rows.map((r) => r.id),
      )
    : null
  if (!snapshot || !then) return { snapshots, since: '', compare: null }
  const compared = compareRisks([...then.risks, ...then.removed], rows.map(asSnapshotRisk))
  const changes: Record<string, SinceChange> = {}
  for (const c of compared) if (c.change !== 'removed') changes[c.id] = { change: c.change, before: c.before, after: c.after }
  return { snapshots, since: snapshot.id, compare: { reportingDate: snapshot.reportingDate, changes, removed: compared.filter((c) => c.change === 'removed') } }
}
