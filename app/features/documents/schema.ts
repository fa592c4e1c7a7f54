import { z } from 'zod'
import { checkbox, M, optionalDateField, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { DOCUMENT_CATEGORIES, isSafeLink } from '#models/core/constants.ts'

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
  dueDate: optionalDateField(),
  present: checkbox(),
  version: versionField().optional(),
})
