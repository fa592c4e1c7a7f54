import { z } from 'zod'
import { DSG_ACTIVITY_ROLES } from '#models/core/constants.ts'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'

const CATEGORIES_REQUIRED = 'dsg:templates.categoriesRequired'
const CATEGORY_LANGUAGES = 'dsg:templates.categoryLanguages'
const LANGUAGES = ['de', 'fr', 'en'] as const

/** A text once per language: `nameDe`, `nameFr`, `nameEn`. */
const texts = <F extends string, T extends z.ZodType>(field: F, value: () => T) =>
  ({ [`${field}De`]: value(), [`${field}Fr`]: value(), [`${field}En`]: value() }) as Record<`${F}${'De' | 'Fr' | 'En'}`, T>

/**
 * A category line: its name in three languages and the sensitive flag. A blank line is dropped; a line named in
 * some languages only gets the message at the missing ones (at the line's own index, so the form shows it there).
 */
const categories = z
  .array(z.object({ de: optionalString(300), fr: optionalString(300), en: optionalString(300), sensitive: checkbox() }))
  .optional()
  .default([])
  .superRefine((lines, ctx) => {
    let named = 0
    lines.forEach((line, i) => {
      const missing = LANGUAGES.filter((l) => !line[l])
      if (missing.length === LANGUAGES.length) return
      named++
      for (const l of missing) ctx.addIssue({ code: 'custom', path: [i, l], message: CATEGORY_LANGUAGES })
    })
    if (!named) ctx.addIssue({ code: 'custom', path: [], message: CATEGORIES_REQUIRED })
  })
  .transform((lines) => lines.filter((line) => line.de || line.fr || line.en))

/** The template form (new and edit); the service checks the same rules again. */
export const templateSchema = z.object({
  ...texts('name', () => requiredString(300)),
  ...texts('purpose', () => optionalString(5000)),
  ...texts('dataSubjects', () => optionalString(5000)),
  ...texts('recipients', () => optionalString(5000)),
  ...texts('retention', () => optionalString(5000)),
  ...texts('security', () => optionalString(5000)),
  ...texts('legalBasis', () => optionalString(5000)),
  role: z.enum(DSG_ACTIVITY_ROLES, { error: M.invalid }),
  dataCategories: categories,
  version: versionField().optional(),
})

export const activeSchema = z.object({ version: versionField(), active: checkbox() })
