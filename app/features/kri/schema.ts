import { z } from 'zod'
import { decisionShape, refineDecision } from '#app/utils/decision-schema.ts'
import { optionalString } from '#app/utils/validation.ts'
import { KRI_MESSAGES } from './messages.ts'

/** The council's approval of the risk appetite: the same fields the service checks again. */
export const approvalSchema = z
  .object({
    ...decisionShape,
    scoreLimit: z.coerce
      .number({ error: KRI_MESSAGES.scoreLimit })
      .int(KRI_MESSAGES.scoreLimit)
      .min(1, KRI_MESSAGES.scoreLimit)
      .max(25, KRI_MESSAGES.scoreLimit),
    remark: optionalString(2000),
  })
  .superRefine(refineDecision)
