import { z } from 'zod'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { parseDate } from '#models/core/dates.ts'
import { MEASURE_SOURCES, RECURRENCES } from '#models/core/constants.ts'

export const dateField = () =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .transform((v, ctx) => {
      const d = parseDate(v)
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'validation.date' })
        return z.NEVER
      }
      return d
    })

/** An optional date: empty is null, otherwise dd.mm.yyyy or yyyy-mm-dd. */
export const optionalDateField = () =>
  z
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
    })

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

export const deleteSchema = z.object({ version: versionField() })
