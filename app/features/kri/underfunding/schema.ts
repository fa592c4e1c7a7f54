import { z } from 'zod'
import { dateField, M, versionField } from '#app/utils/validation.ts'

/** A duty recorded done: its date, the evidence (required), optionally a document of the fund. Messages are i18n keys. */
export const doneSchema = z.object({
  intent: z.literal('done'),
  dutyId: z.string().trim().min(1, M.invalid).max(64, M.invalid),
  doneOn: dateField(),
  evidence: z.string({ error: 'kri:underfunding.errors.evidence' }).trim().min(1, 'kri:underfunding.errors.evidence').max(4000, M.tooLong),
  documentId: z
    .string()
    .trim()
    .max(64, M.invalid)
    .optional()
    .transform((v) => v || null),
  version: versionField(),
})

/** A duty's due date moved. */
export const dueSchema = z.object({
  intent: z.literal('due'),
  dutyId: z.string().trim().min(1, M.invalid).max(64, M.invalid),
  dueOn: dateField(),
  version: versionField(),
})
