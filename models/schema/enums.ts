import { pgEnum } from 'drizzle-orm/pg-core'

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

export const languageEnum = pgEnum('language', LANGUAGES)
export const roleEnum = pgEnum('role', ROLES)
export const positionEnum = pgEnum('position', POSITIONS)
export const userStateEnum = pgEnum('user_state', USER_STATES)
export const customerStateEnum = pgEnum('customer_state', CUSTOMER_STATES)
export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS)
