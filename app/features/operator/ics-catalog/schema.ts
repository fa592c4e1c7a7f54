import { z } from 'zod'
import { checkbox, requiredString, versionField } from '#app/utils/validation.ts'
import { entryTexts, tagsField } from '../catalog/fields.ts'
import { keyFitsParent } from '#models/core/catalog-keys.ts'
import { CONTROL_FREQUENCIES } from '#models/core/constants.ts'

const subThemeFields = z.object({
  key: requiredString(20),
  mainThemeId: z.uuid({ error: 'catalogs:ikss.mainInvalid' }),
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
    if (main && !keyFitsParent(v.key, main.leadingNumber)) ctx.addIssue({ code: 'custom', path: ['key'], message: 'catalogs:ikss.subthemes.keyPrefix' })
  })
}

const catalogFields = z.object({
  idkey: requiredString(30),
  mainThemeId: z.uuid({ error: 'catalogs:ikss.mainInvalid' }),
  subThemeId: z.uuid({ error: 'catalogs:ikss.subInvalid' }),
  ...entryTexts(['description', 'defaultControlTarget', 'defaultControlActivity', 'defaultProcedure']),
  defaultFrequency: z.enum(CONTROL_FREQUENCIES, { error: 'catalogs:ikss.catalog.frequencyInvalid' }).default('none'),
  dsgRelevant: checkbox(),
  tags: tagsField('catalogs:ikss.catalog.tagsInvalid'),
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
    if (sub.mainThemeId !== v.mainThemeId) ctx.addIssue({ code: 'custom', path: ['subThemeId'], message: 'catalogs:ikss.catalog.subMismatch' })
    else if (!keyFitsParent(v.idkey, sub.key)) ctx.addIssue({ code: 'custom', path: ['idkey'], message: 'catalogs:ikss.catalog.idkeyPrefix' })
  })
}
