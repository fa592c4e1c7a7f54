import type { ExecutionState, ExecutionViewState } from './constants.ts'

/**
 * How a control execution reads on `today` (decision 0061): submitted, returned and approved as
 * stored; a planned one is 'overdue' after its due date, 'due' from the last day of its period until
 * the due date, and 'planned' before. Plain, without the database: the list, the dashboard and the
 * report's snapshot decide alike.
 */
export function viewStateOf(e: { state: ExecutionState; periodEnd: string; dueDate: string }, today: string): ExecutionViewState {
  if (e.state !== 'planned') return e.state
  if (e.dueDate < today) return 'overdue'
  if (e.periodEnd <= today) return 'due'
  return 'planned'
}
