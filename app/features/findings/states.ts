import type { FindingState } from '#models/core/constants.ts'

/** The list's sorts. */
export const FINDING_SORTS = ['number', 'issuedOn', 'deadline', 'severity', 'title'] as const
export type FindingSort = (typeof FINDING_SORTS)[number]
/** The state filter: a stored state, the derived "escalated", or both unresolved states. */
export const FINDING_STATE_FILTERS = ['open', 'inProgress', 'done', 'accepted', 'escalated', 'unresolved'] as const
export type FindingStateFilter = (typeof FINDING_STATE_FILTERS)[number]
/** What a finding links to: risks, ICS processes (controls), measures. */
export const LINK_KINDS = ['risk', 'process', 'measure'] as const
export type LinkKind = (typeof LINK_KINDS)[number]

/** Open or in progress with the deadline passed (`today` in Zurich): shown as escalated until closed. */
export function isEscalated(f: { state: FindingState; deadline: string | null }, today: string) {
  return (f.state === 'open' || f.state === 'inProgress') && f.deadline !== null && f.deadline < today
}
