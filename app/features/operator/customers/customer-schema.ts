import { z } from 'zod'
import { checkbox, logoFileField, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { CUSTOMER_STATES } from '#models/core/constants.ts'
import { supportedLanguages } from '#app/i18n/config.ts'

export const schema = z.object({
  name: requiredString(200),
  language: z.enum(supportedLanguages, { error: M.required }),
  state: z.enum(CUSTOMER_STATES, { error: M.required }),
  address: optionalString(1000),
  comment: optionalString(2000),
  logo: logoFileField(),
  removeLogo: checkbox(),
  version: versionField().optional(),
})
