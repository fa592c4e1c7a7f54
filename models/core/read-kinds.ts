/** What the read log records reads of (issue 12): the DSG block of a risk or ICS process, breaches, requests of data subjects, sensitive processing activities. */
export const READ_KINDS = ['risk', 'icsProcess', 'dsgBreach', 'dsgRequest', 'dsgActivity'] as const
export type ReadKind = (typeof READ_KINDS)[number]
