import { z } from 'zod'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { parseTags } from '#app/utils/tags.ts'
import { ICS_RATINGS, ICS_STATES } from '#models/core/constants.ts'

const optionalUuid = () =>
  z
    .string()
    .optional()
    .transform((v) => v || null)
const rating = () =>
  z
    .enum(ICS_RATINGS, { error: M.invalid })
    .optional()
    .transform((v) => v ?? null)

/** One schema per block of the ICS process stepper. */
export const icsBlockSchemas = {
  intro: z.object({
    title: requiredString(300),
    ownerUserId: optionalUuid(),
    state: z.enum(ICS_STATES, { error: M.required }),
    tags: z
      .string()
      .optional()
      .transform((v) => parseTags(v)),
  }),
  control: z.object({ description: optionalString(5000), controlTarget: optionalString(5000), controlActivity: optionalString(5000) }),
  assessment: z.object({ assessmentCurrentState: optionalString(5000), effectiveness: rating(), traceability: rating(), efficiency: rating() }),
  objectives: z.object({ furtherObjectives: optionalString(5000), measureNeeded: checkbox() }),
  dsg: z.object({ dsgRelevant: checkbox(), hasPersonalData: checkbox(), hasProtectableData: checkbox(), dsgMeasureNeeded: checkbox() }),
} as const

export type IcsBlockName = keyof typeof icsBlockSchemas

export function icsBlockFormSchema<B extends IcsBlockName>(block: B) {
  return icsBlockSchemas[block].extend({ intent: z.literal('save'), block: z.literal(block), version: versionField() })
}

/** The dialog of an individual process. */
export const individualSchema = z.object({
  mainThemeId: z.uuid({ error: M.required }),
  subThemeId: z.uuid({ error: M.invalid }).optional(),
  title: requiredString(300),
  description: optionalString(5000),
})
