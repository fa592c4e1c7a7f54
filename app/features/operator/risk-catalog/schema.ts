import { z } from 'zod'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { keyFitsParent } from '#models/core/catalog-keys.ts'
import { LEADING_NUMBER_LENGTH } from '#models/core/constants.ts'

/** The three catalogue languages, as the suffixes of the columns (titleDe, titleFr, titleEn). */
export const LANGS = [
  { code: 'de', suffix: 'De' },
  { code: 'fr', suffix: 'Fr' },
  { code: 'en', suffix: 'En' },
] as const

export const RISK_LEVELS = [1, 2, 3, 4, 5] as const
export const TAGS_MAX = 20
export const TAG_MAX_LENGTH = 50

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
      .number({ error: 'sadmin:risks.levelInvalid' })
      .int('sadmin:risks.levelInvalid')
      .min(1, 'sadmin:risks.levelInvalid')
      .max(5, 'sadmin:risks.levelInvalid')
      .nullable(),
  )

/** Tags typed as one text, separated by commas; blanks and repeats dropped. */
const tagsField = () =>
  optionalString(2000)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .refine((tags) => tags.length <= TAGS_MAX && tags.every((t) => t.length <= TAG_MAX_LENGTH), 'sadmin:risks.tagsInvalid')

const catalogFields = z.object({
  idkey: requiredString(20),
  themeId: z.uuid({ error: 'sadmin:risks.themeInvalid' }),
  titleDe: requiredString(300),
  titleFr: requiredString(300),
  titleEn: requiredString(300),
  descriptionDe: optionalString(5000),
  descriptionFr: optionalString(5000),
  descriptionEn: optionalString(5000),
  reactionDe: optionalString(5000),
  reactionFr: optionalString(5000),
  reactionEn: optionalString(5000),
  controllingDe: optionalString(5000),
  controllingFr: optionalString(5000),
  controllingEn: optionalString(5000),
  probability: levelField(),
  severity: levelField(),
  strategic: checkbox(),
  dsgRelevant: checkbox(),
  hasPersonalData: checkbox(),
  hasProtectableData: checkbox(),
  tags: tagsField(),
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
    if (theme && !keyFitsParent(v.idkey, theme.leadingNumber)) ctx.addIssue({ code: 'custom', path: ['idkey'], message: 'sadmin:risks.idkeyPrefix' })
  })
}

export const activeSchema = z.object({ version: versionField(), active: checkbox() })

type Named = { nameDe: string; nameFr: string; nameEn: string }

/** A theme's name in the interface language (German by default). */
export function localName(theme: Named, lang: string | undefined) {
  return lang === 'fr' ? theme.nameFr : lang === 'en' ? theme.nameEn : theme.nameDe
}

export function themeOptions(themes: readonly (Named & { id: string; leadingNumber: string })[], lang: string | undefined) {
  return themes.map((th) => ({ value: th.id, label: `${th.leadingNumber} ${localName(th, lang)}` }))
}
