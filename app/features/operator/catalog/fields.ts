import { optionalString, requiredString } from '#app/utils/validation.ts'
import { TAG_MAX_LENGTH, TAGS_MAX } from './options.ts'

/*
 * Form fields both catalogue entry forms (risks, ICS) are built of.
 */

/** Tags typed as one text, separated by commas; blanks and repeats dropped. `invalid` is the message of too many or too long tags. */
export const tagsField = (invalid: string) =>
  optionalString(2000)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .refine((tags) => tags.length <= TAGS_MAX && tags.every((t) => t.length <= TAG_MAX_LENGTH), invalid)

/** The title (required, 300) and the longer texts (optional, 5000), once per catalogue language. */
export function entryTexts<F extends string>(texts: readonly F[]) {
  const optional = (field: string) => ({
    [`${field}De`]: optionalString(5000),
    [`${field}Fr`]: optionalString(5000),
    [`${field}En`]: optionalString(5000),
  })
  return {
    titleDe: requiredString(300),
    titleFr: requiredString(300),
    titleEn: requiredString(300),
    ...(Object.assign({}, ...texts.map(optional)) as Record<`${F}${'De' | 'Fr' | 'En'}`, ReturnType<typeof optionalString>>),
  }
}
