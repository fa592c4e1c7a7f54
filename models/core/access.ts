import type { Language, Role, Tool } from '../schema/enums.ts'
import type { MembershipKind } from './constants.ts'

export type ToolRight = { enabled: boolean; role: Role }
export type Rights = Record<Tool, ToolRight>

export const NO_RIGHTS: Rights = {
  risk: { enabled: false, role: 'none' },
  iks: { enabled: false, role: 'none' },
}

const ROLE_LEVEL: Record<Role, number> = { none: 0, dsg: 1, read: 2, write: 3, admin: 4 }

/** Does the right reach the given minimum role? A disabled tool reaches nothing. */
export function hasRole(right: ToolRight, minimum: Exclude<Role, 'none'>): boolean {
  return right.enabled && ROLE_LEVEL[right.role] >= ROLE_LEVEL[minimum]
}

/** The data protection role itself (not read or more): it edits only DSG blocks and DSG measures. */
export function isDsgRole(right: ToolRight) {
  return right.enabled && right.role === 'dsg'
}

export type AccessUser = {
  id: string
  email: string
  firstName: string
  lastName: string
  language: Language
  isSuperAdmin: boolean
}

type AccessCustomer = { id: string; name: string; logoVersion: string | null; language: Language }

/**
 * Who acts, for whom and for which customer, with which rights. Every service
 * function takes one of these first and scopes its queries by customer itself.
 */
export type Access = {
  user: AccessUser
  /** The principal when the user acts as deputy; otherwise null. */
  actingFor: AccessUser | null
  customer: AccessCustomer | null
  permId: string | null
  rights: Rights
  /** The kind of the membership in use: an auditor reads everything and writes nothing (issue 12). Absent: a member. */
  kind?: MembershipKind
  /** The last day (Zurich, YYYY-MM-DD) the membership may be used; null or absent: no end. */
  endsOn?: string | null
  /** The membership reads the loyalty area (issue 26): granted by an admin beside the tool rights. Absent: no. */
  loyaltyRead?: boolean
}

export type CustomerAccess = Access & { customer: AccessCustomer; permId: string }

/** The user whose data "my …" lists show: the principal when acting as deputy. */
export function effectiveUserId(access: Access) {
  return access.actingFor?.id ?? access.user.id
}

/** The rights an auditor's membership has, whatever is stored: read on both tools (issue 12, decision 0035). */
export const AUDITOR_RIGHTS: Rights = {
  risk: { enabled: true, role: 'read' },
  iks: { enabled: true, role: 'read' },
}
