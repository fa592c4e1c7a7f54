export const DPIA_SORTS = ['activity', 'state', 'screenedOn', 'approvedOn'] as const
export type DpiaSort = (typeof DPIA_SORTS)[number]
/** The list's state filter: a state of an assessment, or activities not yet screened. */
export const DPIA_LIST_STATES = ['unscreened', 'screening', 'notRequired', 'open', 'approved'] as const
export type DpiaListState = (typeof DPIA_LIST_STATES)[number]
