import { z } from 'zod'
import { emailField, M, passwordField } from '#app/utils/validation.ts'

export const requestSchema = z.object({ intent: z.literal('request'), email: emailField() })
/** A reset token as mailed (base64url, 43 characters today); nothing else is copied into a Location. */
const resetToken = () => z.string({ error: M.invalid }).regex(/^[A-Za-z0-9_-]{16,128}$/, M.invalid)
export const newPasswordSchema = z
  .object({ intent: z.literal('reset'), token: resetToken(), password: passwordField(), confirm: z.string({ error: M.required }) })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: M.passwordMatch })
export const schema = z.discriminatedUnion('intent', [requestSchema, newPasswordSchema])
