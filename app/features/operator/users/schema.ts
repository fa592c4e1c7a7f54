import { z } from 'zod'
import { supportedLanguages } from '#app/i18n/config.ts'
import { checkbox, emailField, M, requiredString, versionField } from '#app/utils/validation.ts'
import { USER_STATES } from '#models/core/constants.ts'

/** An account: in a module of its own so the browser loads zod only when the form is used (useLazyValidate). */
export const schema = z.object({
  email: emailField(),
  firstName: requiredString(100),
  lastName: requiredString(100),
  language: z.enum(supportedLanguages, { error: M.required }),
  state: z.enum(USER_STATES, { error: M.required }),
  isSuperAdmin: checkbox(),
  version: versionField().optional(),
})
