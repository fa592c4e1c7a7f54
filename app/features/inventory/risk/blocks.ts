import { z } from 'zod'
import { blockFormSchemaOf, blockText, dsgSchema, individualFields, introSchema, optionalEnum, optionalUuid } from '#app/features/inventory/block-schemas.ts'
import { checkbox, M } from '#app/utils/validation.ts'
import { RISK_ANSWERS, RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'

/** One schema per block of the risk stepper; the same on the server and in the browser. */
export const blockSchemas = {
  intro: introSchema(RISK_STATES),
  analysis: z.object({ description: blockText(), relevance: optionalEnum(RISK_RELEVANCES), strategic: checkbox() }),
  evaluation: z.object({
    grossProbabilityLevelId: optionalUuid(),
    grossSeverityLevelId: optionalUuid(),
    probabilityLevelId: optionalUuid(),
    severityLevelId: optionalUuid(),
  }),
  steering: z.object({ reaction: blockText(), answer: optionalEnum(RISK_ANSWERS), measureNeeded: checkbox() }),
  dsg: dsgSchema(),
  monitoring: z.object({ controlling: blockText() }),
} as const

export type BlockName = keyof typeof blockSchemas

export const blockFormSchema = blockFormSchemaOf(blockSchemas)

/** The dialog of an individual risk. */
export const individualSchema = z.object({
  themeId: z.uuid({ error: M.required }),
  ...individualFields,
  ownerUserId: z.uuid({ error: M.invalid }).optional(),
})
