import { z } from 'zod'
import { M, optionalDateField, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { isSafeLink, WORK_PROCESS_STATES } from '#models/core/constants.ts'

const uuidOrNull = () =>
  z
    .string()
    .optional()
    .transform((v) => v || null)

export const schema = z.object({
  title: requiredString(300),
  state: z.enum(WORK_PROCESS_STATES, { error: M.required }),
  link: z.string().trim().max(2000, M.tooLong).refine(isSafeLink, 'documents.linkScheme').optional(),
  enforcementDate: optionalDateField(),
  businessCase: optionalString(200),
  processRef: optionalString(100),
  ownerUserId: uuidOrNull(),
  mainThemeId: uuidOrNull(),
  subThemeId: uuidOrNull(),
  version: versionField().optional(),
})
