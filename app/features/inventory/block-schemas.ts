import { z } from 'zod'
import { parseTags } from '#app/utils/tags.ts'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'

/** An optional reference: empty is none, anything else must be a UUID. */
export const optionalUuid = () =>
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

/** An optional choice of `values`: none when left empty. */
export const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values, { error: M.invalid })
    .optional()
    .transform((v) => v ?? null)

/** A free text of a block. */
export const blockText = () => optionalString(5000)

/** The intro block of every tool: title, owner, state and tags. */
export const introSchema = <T extends readonly [string, ...string[]]>(states: T) =>
  z.object({
    title: requiredString(300),
    ownerUserId: optionalUuid(),
    state: z.enum(states, { error: M.required }),
    tags: z
      .string()
      .optional()
      .transform((v) => parseTags(v)),
  })

/** The data protection block, the same in every tool. */
export const dsgSchema = () => z.object({ dsgRelevant: checkbox(), hasPersonalData: checkbox(), hasProtectableData: checkbox(), dsgMeasureNeeded: checkbox() })

/** The form schema of one block: its fields plus the save intent, the block's name and the version read. */
export function blockFormSchemaOf<S extends Record<string, z.ZodObject>>(schemas: S) {
  return <B extends keyof S & string>(block: B) =>
    (schemas[block] as S[B]).extend({ intent: z.literal('save'), block: z.literal(block), version: versionField() })
}

/** The dialog of an individual record: its title and description (the tool adds its theme). */
export const individualFields = { title: requiredString(300), description: blockText() }
