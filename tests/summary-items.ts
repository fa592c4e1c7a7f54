import type { ProcessItem, RiskItem } from '../app/features/inventory/summary.server.ts'

/** What an overview page lists of a risk the services return: the reference its statement is held to. */
export const riskItem = (r: RiskItem): RiskItem => ({
  id: r.id,
  idkey: r.idkey,
  title: r.title,
  state: r.state,
  probability: r.probability,
  severity: r.severity,
  measureNeeded: r.measureNeeded,
})

/** What an overview page lists of an ICS process the services return. */
export const processItem = (p: ProcessItem): ProcessItem => ({ id: p.id, idkey: p.idkey, title: p.title, state: p.state })
