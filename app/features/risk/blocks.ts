import { z } from 'zod'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { parseTags } from '#app/utils/tags.ts'
import { RISK_ANSWERS, RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'

const optionalUuid = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) {
        ctx.addIssue({ code: 'custom', message: M.invalid })
        return z.NEVER
      }
      return v
    })

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, { error: M.invalid })
    .optional()
    .transform((v) => v ?? null)

/** One schema per block of the risk stepper; the same on the server and in the browser. */
export const blockSchemas = {
  intro: z.object({
    title: requiredString(300),
    ownerUserId: optionalUuid(),
    state: z.enum(RISK_STATES, { error: M.required }),
    tags: z
      .string()
      .optional()
      .transform((v) => parseTags(v)),
  }),
  analysis: z.object({ description: optionalString(5000), relevance: optionalEnum(RISK_RELEVANCES), strategic: checkbox() }),
  evaluation: z.object({ probabilityLevelId: optionalUuid(), severityLevelId: optionalUuid() }),
  steering: z.object({ reaction: optionalString(5000), answer: optionalEnum(RISK_ANSWERS), measureNeeded: checkbox() }),
  dsg: z.object({ dsgRelevant: checkbox(), hasPersonalData: checkbox(), hasProtectableData: checkbox(), dsgMeasureNeeded: checkbox() }),
  monitoring: z.object({ controlling: optionalString(5000) }),
} as const

export type BlockName = keyof typeof blockSchemas

export function blockFormSchema<B extends BlockName>(block: B) {
  return blockSchemas[block].extend({ intent: z.literal('save'), block: z.literal(block), version: versionField() })
}

/** The dialog of an individual risk. */
export const individualSchema = z.object({
  themeId: z.uuid({ error: M.required }),
  title: requiredString(300),
  description: optionalString(5000),
  ownerUserId: z.uuid({ error: M.invalid }).optional(),
})
