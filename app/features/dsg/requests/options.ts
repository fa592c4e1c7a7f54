/*
 * The choices of the requests' pages, without zod, so that a page's bundle does not carry the
 * form schemas (they load when a form is validated, useLazyValidate).
 */

/** The list's sort keys and deadline filters. */
export const DSG_REQUEST_SORTS = ['deadline', 'receivedOn', 'idkey', 'requesterName', 'state'] as const
export type DsgRequestSort = (typeof DSG_REQUEST_SORTS)[number]
export const DSG_REQUEST_DUE_FILTERS = ['soon', 'overdue'] as const
export type DsgRequestDueFilter = (typeof DSG_REQUEST_DUE_FILTERS)[number]

/** How a request ends without an answer: refused (Art. 26 DSG) or withdrawn by the requester. */
export const CLOSING_STATES = ['refused', 'withdrawn'] as const
