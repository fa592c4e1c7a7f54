import { z } from 'zod'
import { supportedLanguages } from '#app/i18n/config.ts'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { POSITIONS } from '#models/core/constants.ts'

/** In a module of its own so the browser loads zod only when the form is used (useLazyValidate). */
export const profileSchema = z.object({
  firstName: requiredString(100),
  lastName: requiredString(100),
  phone: optionalString(50),
  address: optionalString(500),
  position: z.enum(POSITIONS, { error: M.invalid }).optional(),
  functional: optionalString(200),
  language: z.enum(supportedLanguages, { error: M.required }),
  remindersEnabled: checkbox(),
  version: versionField(),
})
