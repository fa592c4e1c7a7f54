import { z } from 'zod'
import { dateField, M, optionalDateField, requiredString, versionField } from '#app/utils/validation.ts'
import { PERSON_CHANGE_KINDS } from '#models/core/constants.ts'

/** The form of a change of persons; messages are i18n keys. Server and browser judge with the same schema. */
export const changeSchema = z
  .object({
    kind: z.enum(PERSON_CHANGE_KINDS, { error: M.required }),
    /** A person of the register; empty: none. */
    personId: z
      .string()
      .trim()
      .max(64, M.invalid)
      .optional()
      .transform((v) => v || null),
    description: requiredString(2000),
    effectiveOn: dateField(),
    reportedOn: optionalDateField(),
    version: versionField().optional(),
  })
  .transform(({ version, ...input }) => ({ input, version }))

/** Deleting a change recorded by mistake. */
export const deleteSchema = z.object({ intent: z.literal('delete'), version: versionField() })
