import { z } from 'zod'
import { supportedLanguages } from '#app/i18n/config.ts'
import { checkbox, logoFileField, M, optionalString, versionField } from '#app/utils/validation.ts'

/** In a module of its own so the browser loads zod only when the form is used (useLazyValidate). */
export const companySchema = z.object({
  address: optionalString(1000),
  comment: optionalString(2000),
  logo: logoFileField(),
  removeLogo: checkbox(),
  language: z.enum(supportedLanguages, { error: M.required }),
  contactId: z.uuid({ error: M.invalid }).optional(),
  /** Every member needs the second factor (issue 12). */
  requireSecondFactor: checkbox(),
  version: versionField(),
})
