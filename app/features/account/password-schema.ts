import { z } from 'zod'
import { M, passwordField } from '#app/utils/validation.ts'

/** In a module of its own so the browser loads zod only when the form is used (useLazyValidate). */
export const changePasswordSchema = z
  .object({
    current: z.string({ error: M.required }).min(1, M.required),
    password: passwordField(),
    confirm: z.string({ error: M.required }),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: M.passwordMatch })
