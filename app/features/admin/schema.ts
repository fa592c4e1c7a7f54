import { z } from 'zod'
import { checkbox, emailField, M, requiredString, versionField } from '#app/utils/validation.ts'
import { LANGUAGES, POSITIONS, ROLES } from '#models/core/constants.ts'

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
})

export const rightsSchema = z.object({ ...rightsFields, version: versionField() })

export function toRights(v: { riskEnabled: boolean; riskRole: (typeof ROLES)[number]; iksEnabled: boolean; iksRole: (typeof ROLES)[number] }) {
  return { risk: { enabled: v.riskEnabled, role: v.riskRole }, iks: { enabled: v.iksEnabled, role: v.iksRole } }
}
