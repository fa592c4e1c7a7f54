import { z } from 'zod'
import { optionalString, requiredString, versionField } from '#app/utils/validation.ts'

export const levelsSchema = z.object({
  severity: z
    .array(z.object({ id: z.uuid(), size: requiredString(100), effect: optionalString(300), description: optionalString(1000), version: versionField() }))
    .default([]),
  probability: z
    .array(z.object({ id: z.uuid(), name: requiredString(100), range: optionalString(300), description: optionalString(1000), version: versionField() }))
    .default([]),
})
