import { z } from 'zod'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { DSG_ACTIVITY_ROLES, DSG_ACTIVITY_STATES, DSG_SAFEGUARDS } from '#models/core/constants.ts'
import { MAX_CATEGORIES } from './limits.ts'

const category = z.object({ name: optionalString(300), sensitive: checkbox() })

/** The activity form: the server validates with it, the browser too once it loaded. */
export const activitySchema = z
  .object({
    name: requiredString(300),
    purpose: optionalString(5000),
    role: z.enum(DSG_ACTIVITY_ROLES, { error: M.required }),
    responsible: z
      .string()
      .regex(/^(user|body):[0-9a-f-]{36}$/i, 'dsg:processing.responsibleInvalid')
      .optional()
      .transform((v) => {
        if (!v) return null
        const [type, id] = v.split(':')
        return { type: type as 'user' | 'body', id }
      }),
    dataSubjects: optionalString(5000),
    categories: z.array(category).max(MAX_CATEGORIES, M.tooLong).optional().default([]),
    recipients: optionalString(5000),
    abroad: checkbox(),
    abroadCountries: optionalString(1000),
    abroadSafeguard: z.enum(DSG_SAFEGUARDS, { error: M.invalid }).optional(),
    abroadNote: optionalString(5000),
    retention: optionalString(5000),
    security: optionalString(10000),
    legalBasis: optionalString(5000),
    state: z.enum(DSG_ACTIVITY_STATES, { error: M.required }),
    version: versionField().optional(),
  })
  .superRefine((v, ctx) => {
    // A disclosure abroad names its countries and the safeguard (Art. 16/17 DSG).
    if (!v.abroad) return
    if (!v.abroadCountries) ctx.addIssue({ code: 'custom', path: ['abroadCountries'], message: 'dsg:processing.abroadCountriesRequired' })
    if (!v.abroadSafeguard) ctx.addIssue({ code: 'custom', path: ['abroadSafeguard'], message: 'dsg:processing.abroadSafeguardRequired' })
  })

export const reviewSchema = z.object({ version: versionField() })

export const linkSchema = z.object({
  intent: z.enum(['link', 'unlink']),
  kind: z.enum(['risk', 'process']),
  targetId: z.string({ error: M.required }).min(1, M.required),
})
