import { z } from 'zod'
import { decisionShape, refineDecision } from '#app/utils/decision-schema.ts'
import { dateField, optionalDateField, requiredString, versionField } from '#app/utils/validation.ts'

/** The council's acceptance of a risk; messages are i18n keys. Server and browser judge with the same schema. */
export const acceptSchema = z
  .object({
    intent: z.literal('accept'),
    ...decisionShape,
    justification: requiredString(5000),
    /** Empty: one year after the acceptance. */
    validUntil: optionalDateField(),
  })
  .superRefine(refineDecision)

/** Revoking the acceptance in force from a day. */
export const revokeSchema = z.object({
  intent: z.literal('revoke'),
  id: z.uuid(),
  version: versionField(),
  revokedOn: dateField(),
})
