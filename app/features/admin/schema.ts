import { z } from 'zod'
import { checkbox, emailField, M, requiredString, versionField } from '#app/utils/validation.ts'
import { LANGUAGES, MEMBERSHIP_KINDS, POSITIONS, ROLES } from '#models/core/constants.ts'
import { parseDate } from '#models/core/dates.ts'

// A tool the admin does not administer is not in the form: its role is absent, and the server keeps the stored one.
const role = () => z.enum(ROLES, { error: M.required }).default('none')

export const rightsFields = {
  riskEnabled: checkbox(),
  riskRole: role(),
  iksEnabled: checkbox(),
  iksRole: role(),
}

export const newMemberSchema = z.object({
  email: emailField(),
  firstName: requiredString(100),
  lastName: requiredString(100),
  language: z.enum(LANGUAGES, { error: M.required }),
  position: z.enum(POSITIONS, { error: M.invalid }).optional(),
  ...rightsFields,
  /** A member, or an external auditor with an end date (issue 12); the server checks the date's range. */
  kind: z.enum(MEMBERSHIP_KINDS, { error: M.invalid }).default('member'),
  endsOn: optionalDate(),
})

/** A date as a date input or a Swiss dd.mm.yyyy sends it, as YYYY-MM-DD; empty: none. */
function optionalDate() {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return null
      const day = parseDate(v)
      if (!day) ctx.addIssue({ code: 'custom', message: M.invalid })
      return day
    })
}

/** An auditor's new end date, or ending the access now. */
export const auditorEndSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('endsOn'),
    endsOn: z.string({ error: M.required }).transform((v, ctx) => {
      const day = parseDate(v)
      if (!day) ctx.addIssue({ code: 'custom', message: M.invalid })
      return day ?? ''
    }),
    version: versionField(),
  }),
  z.object({ intent: z.literal('endNow'), version: versionField() }),
])

/** A member's rights; `loyaltyRead` is the loyalty read right beside the tools (issue 26), not offered to invitations. */
export const rightsSchema = z.object({ ...rightsFields, loyaltyRead: checkbox(), version: versionField() })

export function toRights(v: { riskEnabled: boolean; riskRole: (typeof ROLES)[number]; iksEnabled: boolean; iksRole: (typeof ROLES)[number] }) {
  return { risk: { enabled: v.riskEnabled, role: v.riskRole }, iks: { enabled: v.iksEnabled, role: v.iksRole } }
}
