import { z } from 'zod'
import { requiredString } from '#app/utils/validation.ts'

export const schema = z.object({ subject: requiredString(300), body: requiredString(20000), seen: z.string().optional().default('') })
