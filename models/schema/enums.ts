import { pgEnum } from 'drizzle-orm/pg-core'
import { AUDIT_ACTIONS, CUSTOMER_STATES, LANGUAGES, MEMBERSHIP_KINDS, POSITIONS, ROLES, SIGN_IN_METHODS, TOOLS, USER_STATES } from '../core/constants.ts'

export * from '../core/constants.ts'

export const languageEnum = pgEnum('language', LANGUAGES)
export const roleEnum = pgEnum('role', ROLES)
export const positionEnum = pgEnum('position', POSITIONS)
export const userStateEnum = pgEnum('user_state', USER_STATES)
export const customerStateEnum = pgEnum('customer_state', CUSTOMER_STATES)
export const auditActionEnum = pgEnum('audit_action', AUDIT_ACTIONS)
export const membershipKindEnum = pgEnum('membership_kind', MEMBERSHIP_KINDS)
export const signInMethodEnum = pgEnum('sign_in_method', SIGN_IN_METHODS)
/** The tools a membership holds rights in (decision 0057): a new tool is a new value, rows and flags. */
export const toolEnum = pgEnum('tool', TOOLS)
