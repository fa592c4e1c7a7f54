import { z } from 'zod'
import { checkbox, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { keyFitsParent } from '#models/core/catalog-keys.ts'
import { localName } from '../risk-catalog/schema.ts'

export { LANGS, localName } from '../risk-catalog/schema.ts'

export const TAGS_MAX = 20
export const TAG_MAX_LENGTH = 50

const subThemeFields = z.object({
  key: requiredString(20),
  mainThemeId: z.uuid({ error: 'sadmin:ikss.mainInvalid' }),
  nameDe: requiredString(200),
  nameFr: requiredString(200),
  nameEn: requiredString(200),
  version: versionField().optional(),
})

/**
 * The sub-process form. Given the main processes (in the browser), the key is
 * checked against the chosen main process at once; the server checks it in the service.
 */
export function subThemeSchema(mainThemes?: readonly { id: string; leadingNumber: string }[]) {
  if (!mainThemes) return subThemeFields
  return subThemeFields.superRefine((v, ctx) => {
    const main = mainThemes.find((m) => m.id === v.mainThemeId)
    if (main && !keyFitsParent(v.key, main.leadingNumber)) ctx.addIssue({ code: 'custom', path: ['key'], message: 'sadmin:ikss.subthemes.keyPrefix' })
  })
}

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
    .refine((tags) => tags.length <= TAGS_MAX && tags.every((t) => t.length <= TAG_MAX_LENGTH), 'sadmin:ikss.catalog.tagsInvalid')

const catalogFields = z.object({
  idkey: requiredString(30),
  mainThemeId: z.uuid({ error: 'sadmin:ikss.mainInvalid' }),
  subThemeId: z.uuid({ error: 'sadmin:ikss.subInvalid' }),
  titleDe: requiredString(300),
  titleFr: requiredString(300),
  titleEn: requiredString(300),
  descriptionDe: optionalString(5000),
  descriptionFr: optionalString(5000),
  descriptionEn: optionalString(5000),
  defaultControlTargetDe: optionalString(5000),
  defaultControlTargetFr: optionalString(5000),
  defaultControlTargetEn: optionalString(5000),
  defaultControlActivityDe: optionalString(5000),
  defaultControlActivityFr: optionalString(5000),
  defaultControlActivityEn: optionalString(5000),
  dsgRelevant: checkbox(),
  tags: tagsField(),
  version: versionField().optional(),
})

/**
 * The catalogue entry form. Given the sub-processes (in the browser), the
 * sub-process is checked against the main process and the number against the
 * sub-process at once; the server checks both in the service.
 */
export function catalogSchema(subThemes?: readonly { id: string; key: string; mainThemeId: string }[]) {
  if (!subThemes) return catalogFields
  return catalogFields.superRefine((v, ctx) => {
    const sub = subThemes.find((s) => s.id === v.subThemeId)
    if (!sub) return
    if (sub.mainThemeId !== v.mainThemeId) ctx.addIssue({ code: 'custom', path: ['subThemeId'], message: 'sadmin:ikss.catalog.subMismatch' })
    else if (!keyFitsParent(v.idkey, sub.key)) ctx.addIssue({ code: 'custom', path: ['idkey'], message: 'sadmin:ikss.catalog.idkeyPrefix' })
  })
}

type Named = { nameDe: string; nameFr: string; nameEn: string }

export function mainThemeOptions(mainThemes: readonly (Named & { id: string; leadingNumber: string })[], lang: string | undefined) {
  return mainThemes.map((m) => ({ value: m.id, label: `${m.leadingNumber} ${localName(m, lang)}` }))
}

export function subThemeOptions(subThemes: readonly (Named & { id: string; key: string })[], lang: string | undefined) {
  return subThemes.map((s) => ({ value: s.id, label: `${s.key} ${localName(s, lang)}` }))
}
