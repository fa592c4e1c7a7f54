import { z } from 'zod'
import { KRI_COMPUTED, KRI_DIRECTIONS, KRI_UNITS } from '#models/core/constants.ts'
import { checkbox, M, optionalString, requiredString, versionField } from '#app/utils/validation.ts'

const THRESHOLD_INVALID = 'catalogs:kris.thresholdInvalid'

/** A bound as people type it ("110", "13,5", "2.25"): empty is none; stored with a dot, at most four decimals. */
const threshold = () =>
  optionalString(30)
    .transform((v) => v.replace(',', '.').replace(/['’\s]/g, ''))
    .refine((v) => v === '' || /^-?\d{1,10}(\.\d{1,4})?$/.test(v), THRESHOLD_INVALID)
    .transform((v) => (v === '' ? null : v))

/**
 * The KRI catalogue form (new and edit); the service checks the same rules again. On an existing entry the
 * key is not sent (it never changes): the service keeps the stored one.
 */
export const kriEntrySchema = z
  .object({
    key: optionalString(40),
    nameDe: requiredString(300),
    nameFr: requiredString(300),
    nameEn: requiredString(300),
    descriptionDe: optionalString(5000),
    descriptionFr: optionalString(5000),
    descriptionEn: optionalString(5000),
    legalBasis: optionalString(300),
    unit: z.enum(KRI_UNITS, { error: M.invalid }),
    direction: z.enum(KRI_DIRECTIONS, { error: M.invalid }),
    computed: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(KRI_COMPUTED, { error: M.invalid }).nullable()),
    defaultAmber: threshold(),
    defaultRed: threshold(),
    sort: z.coerce.number({ error: M.invalid }).int(M.invalid).min(0, M.invalid).max(100_000, M.invalid),
    active: checkbox(),
    version: versionField().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.defaultAmber === null) !== (v.defaultRed === null)) ctx.addIssue({ code: 'custom', path: ['defaultRed'], message: 'catalogs:kris.thresholdsBoth' })
    else if (v.defaultAmber !== null && v.defaultRed !== null) {
      const amber = Number(v.defaultAmber)
      const red = Number(v.defaultRed)
      if (v.direction === 'higher' ? red > amber : red < amber)
        ctx.addIssue({ code: 'custom', path: ['defaultRed'], message: `catalogs:kris.thresholdsOrder.${v.direction}` })
    }
  })
