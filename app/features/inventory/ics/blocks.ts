import { z } from 'zod'
import { blockFormSchemaOf, blockText, dsgSchema, individualFields, introSchema, optionalEnum } from '#app/features/inventory/block-schemas.ts'
import { checkbox, M } from '#app/utils/validation.ts'
import { ICS_RATINGS, ICS_STATES } from '#models/core/constants.ts'

/** One schema per block of the ICS process stepper. */
export const icsBlockSchemas = {
  intro: introSchema(ICS_STATES),
  control: z.object({ description: blockText(), controlTarget: blockText(), controlActivity: blockText() }),
  assessment: z.object({
    assessmentCurrentState: blockText(),
    effectiveness: optionalEnum(ICS_RATINGS),
    traceability: optionalEnum(ICS_RATINGS),
    efficiency: optionalEnum(ICS_RATINGS),
  }),
  objectives: z.object({ furtherObjectives: blockText(), measureNeeded: checkbox() }),
  dsg: dsgSchema(),
} as const

export type IcsBlockName = keyof typeof icsBlockSchemas

export const icsBlockFormSchema = blockFormSchemaOf(icsBlockSchemas)

/** The dialog of an individual process. */
export const individualSchema = z.object({
  mainThemeId: z.uuid({ error: M.required }),
  subThemeId: z.uuid({ error: M.invalid }).optional(),
  ...individualFields,
})
