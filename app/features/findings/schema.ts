import { z } from 'zod'
import { dateField, emailField, M, optionalDateField, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { FINDING_SEVERITIES, FINDING_SOURCES } from '#models/core/constants.ts'

/** The register's messages (keys of the `findings` namespace). */
export const FINDING_MESSAGES = {
  deadlineBeforeIssued: 'findings:validation.deadlineBeforeIssued',
  issuedInFuture: 'findings:validation.issuedInFuture',
  doneOnRequired: 'findings:validation.doneOnRequired',
  doneInFuture: 'findings:validation.doneInFuture',
  doneBeforeIssued: 'findings:validation.doneBeforeIssued',
  responseRequired: 'findings:validation.responseRequired',
  wrongState: 'findings:validation.wrongState',
  acceptedKept: 'findings:validation.acceptedKept',
  noDelete: 'findings:validation.noDelete',
  linkTarget: 'findings:validation.linkTarget',
  linkExists: 'findings:validation.linkExists',
  owner: 'findings:validation.owner',
} as const

const optionalId = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)

/** A finding's form: the same fields the service checks again. */
export const findingSchema = z.object({
  source: z.enum(FINDING_SOURCES, { error: M.required }),
  reference: optionalString(300),
  issuedOn: dateField(),
  title: requiredString(300),
  text: optionalString(8000),
  severity: z.enum(FINDING_SEVERITIES, { error: M.required }),
  deadline: optionalDateField(),
  ownerUserId: optionalId(),
  version: versionField().optional(),
})

/** Done: the day and what was done. */
export const doneSchema = z.object({
  doneOn: dateField(),
  response: requiredString(8000),
  version: versionField(),
})

/** The council's acceptance: an existing decision, or the date, reference and title of a new one. */
export const acceptSchema = z.object({
  decisionId: optionalId(),
  decidedOn: optionalDateField(),
  reference: optionalString(300),
  title: optionalString(300),
  response: requiredString(8000),
  version: versionField(),
})

/** The council's contact for escalations. */
export const settingsSchema = z.object({
  councilContactName: optionalString(200),
  councilContactEmail: z
    .union([z.literal('').transform(() => ''), emailField()])
    .optional()
    .default(''),
  /** 0 while the fund has no settings yet. */
  version: z.coerce.number({ error: M.invalid }).int(M.invalid).min(0, M.invalid).max(2_147_483_647, M.invalid),
})
