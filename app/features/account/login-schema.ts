import { z } from 'zod'
import { emailField, requiredString } from '#app/utils/validation.ts'

/** The sign-in form: in a module of its own so the browser loads zod only when the form is used. */
export const loginSchema = z.object({
  email: emailField(),
  password: requiredString(200),
  redirectTo: z.string().optional(),
})
