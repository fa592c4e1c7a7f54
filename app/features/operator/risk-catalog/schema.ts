import { z } from 'zod'
import { checkbox, M, requiredString, versionField } from '#app/utils/validation.ts'
import { entryTexts, tagsField } from '../catalog/fields.ts'

import { keyFitsParent } from '#models/core/catalog-keys.ts'
import { LEADING_NUMBER_LENGTH } from '#models/core/constants.ts'

export const leadingNumberField = () =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .refine((v) => [...v].length === LEADING_NUMBER_LENGTH, M.twoChars)

export const themeSchema = z.object({
  leadingNumber: leadingNumberField(),
  nameDe: requiredString(200),
  nameFr: requiredString(200),
  nameEn: requiredString(200),
  version: versionField().optional(),
})

/** '' (shown as —) is no level; otherwise 1 to 5. */
const levelField = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? null : v),
    z.coerce
      .number({ error: 'catalogs:risks.levelInvalid' })
      .int('catalogs:risks.levelInvalid')
      .min(1, 'catalogs:risks.levelInvalid')
      .max(5, 'catalogs:risks.levelInvalid')
      .nullable(),
  )

const catalogFields = z.object({
  idkey: requiredString(20),
  themeId: z.uuid({ error: 'catalogs:risks.themeInvalid' }),
  ...entryTexts(['description', 'reaction', 'controlling']),
  probability: levelField(),
  severity: levelField(),
  strategic: checkbox(),
  dsgRelevant: checkbox(),
  hasPersonalData: checkbox(),
  hasProtectableData: checkbox(),
  tags: tagsField('catalogs:risks.tagsInvalid'),
  version: versionField().optional(),
})

/**
 * The catalogue entry form. Given the themes (in the browser), the number is
 * checked against the chosen theme at once; the server checks it in the service.
 */
export function catalogSchema(themes?: readonly { id: string; leadingNumber: string }[]) {
  if (!themes) return catalogFields
  return catalogFields.superRefine((v, ctx) => {
    const theme = themes.find((t) => t.id === v.themeId)
    if (theme && !keyFitsParent(v.idkey, theme.leadingNumber)) ctx.addIssue({ code: 'custom', path: ['idkey'], message: 'catalogs:risks.idkeyPrefix' })
  })
}

export const activeSchema = z.object({ version: versionField(), active: checkbox() })
