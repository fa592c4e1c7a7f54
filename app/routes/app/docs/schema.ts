import { z } from 'zod'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { parseDate } from '#models/dates.ts'
import { isSafeLink } from '#models/constants.ts'
import { DOCUMENT_CATEGORIES } from '#models/constants.ts'

export const documentSchema = z.object({
  category: z.enum(DOCUMENT_CATEGORIES, { error: M.required }),
  name: requiredString(300),
  link: z
    .string()
    .trim()
    .max(2000, M.tooLong)
    .refine((v) => isSafeLink(v), 'documents.linkScheme')
    .optional(),
  linkText: optionalString(300),
  comment: optionalString(2000),
  dueDate: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null
      const d = parseDate(v)
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'validation.date' })
        return z.NEVER
      }
      return d
    }),
  present: checkbox(),
  version: versionField().optional(),
})
