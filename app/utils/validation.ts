import { z } from 'zod'

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
} as const

export const PASSWORD_MIN = 8

export const requiredString = (max = 500) => z.string({ error: M.required }).trim().min(1, M.required).max(max, M.tooLong)
export const optionalString = (max = 2000) => z.string({ error: M.invalid }).trim().max(max, M.tooLong).optional().default('')
export const emailField = () => z.string({ error: M.required }).trim().min(1, M.required).max(254, M.tooLong).pipe(z.email({ error: M.email }))
export const passwordField = () => z.string({ error: M.required }).min(PASSWORD_MIN, M.passwordMin).max(200, M.tooLong)
export const checkbox = () => z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean())
export const versionField = () => z.coerce.number({ error: M.invalid }).int().min(1)

/** A logo address: an https URL or a path on this site (the content security policy loads no plain-http images). */
export const logoUrlField = () =>
  z
    .string()
    .trim()
    .max(1000, M.tooLong)
    .refine((v) => /^https:\/\/[^\s]+$/i.test(v) || /^\/[^/\\\s][^\s]*$/.test(v), 'company.logoInvalid')
    .optional()
