import { z } from 'zod'
import { checkbox, dateField, M, optionalDateField, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { ABROAD_SAFEGUARDS, PROVIDER_CRITICALITIES, PROVIDER_DSG_ROLES, PROVIDER_SERVICES } from '#models/core/constants.ts'
import { parseCountries, safeguardRequired } from './rules.ts'

/** The forms of the providers register; messages are i18n keys. Server and browser judge with the same schemas. */

const optionalId = () =>
  z
    .string()
    .trim()
    .max(64, M.invalid)
    .optional()
    .transform((v) => v || null)

const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, M.tooLong)
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || z.email().safeParse(v).success, M.email)

export const providerSchema = z
  .object({
    name: requiredString(200),
    service: z.enum(PROVIDER_SERVICES, { error: M.required }),
    criticality: z.enum(PROVIDER_CRITICALITIES, { error: M.required }),
    description: optionalString(4000),
    ownerUserId: optionalId(),
    contactName: optionalString(200),
    contactEmail: optionalEmail(),
    contactPhone: optionalString(50),
    contractStart: optionalDateField(),
    contractEnd: optionalDateField(),
    noticeMonths: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null
        const n = Number(v)
        if (!Number.isInteger(n) || n < 0 || n > 120) {
          ctx.addIssue({ code: 'custom', message: 'providers:register.errors.noticeMonths' })
          return z.NEVER
        }
        return n
      }),
    dpaSignedOn: optionalDateField(),
    dpaEnd: optionalDateField(),
    dsgRole: z.enum(PROVIDER_DSG_ROLES, { error: M.required }),
    dataCountries: z
      .string({ error: M.required })
      .trim()
      .min(1, M.required)
      .max(200, M.tooLong)
      .transform((v, ctx) => {
        const codes = parseCountries(v)
        if (!codes) {
          ctx.addIssue({ code: 'custom', message: 'providers:register.errors.countries' })
          return z.NEVER
        }
        return codes
      }),
    abroadSafeguard: z
      .union([z.literal(''), z.enum(ABROAD_SAFEGUARDS)], { error: M.invalid })
      .optional()
      .transform((v) => v || null),
    abroadSafeguardNote: optionalString(2000),
    exitPlan: optionalString(4000),
    assuranceRequired: checkbox(),
    assuranceDueMonth: z.coerce
      .number({ error: M.invalid })
      .int(M.invalid)
      .min(1, 'providers:register.errors.dueMonth')
      .max(12, 'providers:register.errors.dueMonth')
      .default(6),
    assuranceProcessId: optionalId(),
    version: versionField().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.contractStart && v.contractEnd && v.contractEnd < v.contractStart)
      ctx.addIssue({ code: 'custom', path: ['contractEnd'], message: 'providers:register.errors.contractOrder' })
    if (v.dpaSignedOn && v.dpaEnd && v.dpaEnd < v.dpaSignedOn) ctx.addIssue({ code: 'custom', path: ['dpaEnd'], message: 'providers:register.errors.dpaOrder' })
    if (v.dataCountries && safeguardRequired(v.dataCountries, v.dsgRole) && !v.abroadSafeguard)
      ctx.addIssue({ code: 'custom', path: ['abroadSafeguard'], message: 'providers:register.errors.safeguardRequired' })
  })
  .transform(({ version, ...input }) => ({ input, version }))

export type ProviderFormInput = z.output<typeof providerSchema>['input']

/** Ending the relationship: the last day. */
export const endSchema = z.object({ intent: z.literal('end'), endedOn: dateField(), version: versionField() })

/** Deleting a provider entered by mistake. */
export const deleteSchema = z.object({ intent: z.literal('delete'), version: versionField() })

/** Linking or unlinking a risk, an ICS process or a processing activity. */
export const linkSchema = z.object({
  intent: z.enum(['link', 'unlink']),
  kind: z.enum(['risk', 'process', 'activity'], { error: M.invalid }),
  targetId: z.string({ error: M.required }).trim().min(1, M.required).max(64, M.invalid),
})

/** An incident at the provider. */
export const incidentSchema = z
  .object({
    occurredOn: dateField(),
    title: requiredString(200),
    description: optionalString(4000),
    personalData: checkbox(),
    breachId: optionalId(),
    closedOn: optionalDateField(),
    version: versionField().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.closedOn && v.occurredOn && v.closedOn < v.occurredOn)
      ctx.addIssue({ code: 'custom', path: ['closedOn'], message: 'providers:incidents.errors.closedBefore' })
    if (v.breachId && !v.personalData) ctx.addIssue({ code: 'custom', path: ['breachId'], message: 'providers:incidents.errors.breachNeedsPersonalData' })
  })
  .transform(({ version, ...input }) => ({ input, version }))

export type IncidentFormInput = z.output<typeof incidentSchema>['input']
