import { z } from 'zod'
import { dateField, emailField, M, optionalDateField, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { LANGUAGES, LOYALTY_FUNCTIONS } from '#models/core/constants.ts'

/** The forms of the persons register; messages are i18n keys. Server and browser judge with the same schemas. */

export const personSchema = z
  .object({
    firstName: requiredString(100),
    lastName: requiredString(100),
    function: z.enum(LOYALTY_FUNCTIONS, { error: M.required }),
    organisation: optionalString(200),
    email: emailField(),
    language: z.enum(LANGUAGES, { error: M.required }),
    /** The member's account; empty: none. */
    userId: z
      .string()
      .trim()
      .max(64, M.invalid)
      .optional()
      .transform((v) => v || null),
    fromDate: dateField(),
    untilDate: optionalDateField(),
    version: versionField().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.untilDate && v.fromDate && v.untilDate < v.fromDate) ctx.addIssue({ code: 'custom', path: ['untilDate'], message: 'loyalty:persons.untilBeforeFrom' })
  })
  .transform(({ version, ...input }) => ({ input, version }))

/** Ending a person's term: their last day. */
export const endSchema = z.object({ intent: z.literal('end'), untilDate: dateField(), version: versionField() })

/** Deleting a person entered by mistake. */
export const deleteSchema = z.object({ intent: z.literal('delete'), version: versionField() })
