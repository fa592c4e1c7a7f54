import { z } from 'zod'
import { requiredString } from '#app/utils/validation.ts'

/** A code of the authenticator app or a recovery code (the sign-in's second step, /app/user/security). */
export const secondFactorCodeSchema = z.object({ code: requiredString(40) })

/** The forms of /app/user/security: which step, and its code where one is needed. */
export const securitySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('start') }),
  z.object({ intent: z.literal('cancel') }),
  z.object({ intent: z.literal('confirm'), code: requiredString(40) }),
  z.object({ intent: z.literal('regenerate'), code: requiredString(40) }),
  z.object({ intent: z.literal('disable'), code: requiredString(40) }),
])
