/** The changes list's sorts and report filter, read by the page and the service alike. */
export const CHANGE_SORTS = ['effectiveOn', 'number', 'kind', 'reportedOn'] as const
/** Reported to the supervisor or not yet. */
export const CHANGE_REPORTED = ['yes', 'no'] as const
