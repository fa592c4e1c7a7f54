// Plain constants shared by the server and the browser (no database code here).

export const LANGUAGES = ['de', 'fr', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

export const ROLES = ['none', 'dsg', 'read', 'write', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const TOOLS = ['risk', 'iks'] as const
export type Tool = (typeof TOOLS)[number]

export const POSITIONS = [
  'management',
  'presidency',
  'viceChairman',
  'foundationCouncilMember',
  'presidentInvestmentCommission',
  'extern',
  'technicalAdministation',
  'salesAndDistribution',
] as const
export type Position = (typeof POSITIONS)[number]

export const USER_STATES = ['active', 'disabled'] as const
export const CUSTOMER_STATES = ['active', 'inactive'] as const
export const AUDIT_ACTIONS = ['Created', 'Updated', 'Deleted'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** Recurrence in days (SPEC.md §9): one-off, weekly, monthly, quarterly, semi-annually, annually. */
export const RECURRENCES = [0, 7, 30, 91, 182, 365] as const
export type Recurrence = (typeof RECURRENCES)[number]
export const MEASURE_SOURCES = ['fund', 'risk', 'iks'] as const
export type MeasureSource = (typeof MEASURE_SOURCES)[number]
export const MEASURE_STATES = ['pending', 'confirmed'] as const
export const DOCUMENT_CATEGORIES = ['fund', 'risk', 'iks', 'dsg'] as const
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]

/** Only web and mail links: a javascript: or data: URL never reaches a page. */
export function isSafeLink(link: string) {
  try {
    const url = new URL(link)
    return ['http:', 'https:', 'mailto:'].includes(url.protocol)
  } catch {
    return false
  }
}
