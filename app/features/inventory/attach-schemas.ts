import { z } from 'zod'
import { checkbox, dateField, M, optionalDateField, optionalString, requiredString } from '#app/utils/validation.ts'
import { isSafeLink, RECURRENCES } from '#models/core/constants.ts'

/** The inline "add measure" form of a risk's or a process's stepper. */
export const addMeasureSchema = z.object({
  intent: z.literal('addMeasure'),
  title: requiredString(300),
  owner: z.string({ error: M.required }).regex(/^(user|body):[0-9a-f-]{36}$/i, 'measures.ownerInvalid'),
  dueDate: dateField(),
  recurrence: z.coerce.number().refine((v): v is (typeof RECURRENCES)[number] => (RECURRENCES as readonly number[]).includes(v), 'measures.recurrenceInvalid'),
  dsgMeasure: checkbox(),
})

/** The inline "add document" form of a risk's or a process's stepper: the fields of the documents list but the area. */
export const addDocumentSchema = z.object({
  intent: z.literal('addDocument'),
  name: requiredString(300),
  link: z.string().trim().max(2000, M.tooLong).refine(isSafeLink, 'documents.linkScheme').optional(),
  linkText: optionalString(300),
  comment: optionalString(2000),
  dueDate: optionalDateField(),
})
