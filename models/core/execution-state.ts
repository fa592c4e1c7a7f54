import type { ExecutionState, ExecutionViewState } from './constants.ts'

/**
 * How a control execution reads on a given day (decision 0061): a planned one is "planned" before its
 * period starts, "due" from its start to its due date, "overdue" after it; what was recorded keeps its
 * stored state. Plain, without imports of the database: lists, the dashboard, the digest and the
 * report's snapshot decide alike.
 */
export function executionViewState(e: { state: ExecutionState; periodStart: string; dueDate: string }, today: string): ExecutionViewState {
  if (e.state !== 'planned') return e.state
  if (today > e.dueDate) return 'overdue'
  if (today >= e.periodStart) return 'due'
  return 'planned'
}
