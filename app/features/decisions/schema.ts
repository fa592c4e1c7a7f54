import { z } from 'zod'
import { DECISION_SUBJECTS } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { dateField, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'

/** A decision's form: the same fields the service checks again; the date not in the future. */
export const decisionSchema = z.object({
  subject: z.enum(DECISION_SUBJECTS, { error: M.required }),
  decidedOn: dateField().refine((d) => d <= todayInZurich(), 'decisions:errors.future'),
  reference: requiredString(300),
  title: requiredString(300),
  text: optionalString(20000),
  decidedBy: optionalString(300),
  version: versionField().optional(),
})
