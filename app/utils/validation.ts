import { z } from 'zod'
import { parseDate } from '#models/core/dates.ts'

// Messages are i18n keys; forms show them in the user's language (SPEC.md §5).
export const M = {
  required: 'validation.required',
  passwordMin: 'validation.passwordMin',
  email: 'validation.email',
  passwordMatch: 'validation.passwordMatch',
  twoChars: 'validation.twoChars',
  multipleBlocks: 'validation.multipleBlocks',
  linkMissing: 'validation.linkMissing',
  tooLong: 'validation.tooLong',
  invalid: 'validation.invalid',
  staleVersion: 'validation.staleVersion',
  controlChars: 'validation.controlChars',
} as const

const PASSWORD_MIN = 8
/** PostgreSQL's integer. */
const INT_MAX = 2_147_483_647

/** C0 controls except tab, LF and CR, and DEL: refused in every text (the request gate refuses them too). */
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const noControlChars = (v: string) => !CONTROL_CHARS.test(v)

export const requiredString = (max = 500) =>
  z.string({ error: M.required }).trim().min(1, M.required).max(max, M.tooLong).refine(noControlChars, M.controlChars)
export const optionalString = (max = 2000) =>
  z.string({ error: M.invalid }).trim().max(max, M.tooLong).refine(noControlChars, M.controlChars).optional().default('')
export const emailField = () =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .max(254, M.tooLong)
    .pipe(z.email({ error: M.email }))
export const passwordField = () => z.string({ error: M.required }).min(PASSWORD_MIN, M.passwordMin).max(200, M.tooLong).refine(noControlChars, M.controlChars)
export const checkbox = () => z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean())
export const versionField = () => z.coerce.number({ error: M.invalid }).int(M.invalid).min(1, M.invalid).max(INT_MAX, M.invalid)

/** The logo's file: the server reads its bytes (models/core/customer-logo.server.ts); the form only carries it. */
export const logoFileField = () => z.any().optional()

/** A required date: dd.mm.yyyy or yyyy-mm-dd, answered as yyyy-mm-dd. */
export const dateField = () =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .transform((v, ctx) => {
      const d = parseDate(v)
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'validation.date' })
        return z.NEVER
      }
      return d
    })

/** An optional date: empty is null, otherwise dd.mm.yyyy or yyyy-mm-dd. */
export const optionalDateField = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null
      const d = parseDate(v)
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'validation.date' })
        return z.NEVER
      }
      return d
    })

/** The confirmation of a delete: the version the user saw. */
export const deleteSchema = z.object({ version: versionField() })
