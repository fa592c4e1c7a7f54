import { z } from 'zod'
import { checkbox, dateField, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { MEASURE_SOURCES, RECURRENCES } from '#models/core/constants.ts'

export const measureSchema = z.object({
  source: z.enum(MEASURE_SOURCES, { error: M.required }),
  title: requiredString(300),
  body: optionalString(5000),
  owner: z
    .string({ error: M.required })
    .regex(/^(user|body):[0-9a-f-]{36}$/i, 'measures.ownerInvalid')
    .transform((v) => {
      const [type, id] = v.split(':')
      return { type: type as 'user' | 'body', id }
    }),
  dueDate: dateField(),
  recurrence: z.coerce
    .number({ error: M.required })
    .refine((v): v is (typeof RECURRENCES)[number] => (RECURRENCES as readonly number[]).includes(v), 'measures.recurrenceInvalid'),
  dsgMeasure: checkbox(),
  inEdit: checkbox(),
  version: versionField().optional(),
})

export const confirmSchema = z.object({
  confirmationText: requiredString(5000),
  version: versionField(),
})
