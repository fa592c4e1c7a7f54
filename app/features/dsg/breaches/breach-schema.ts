import { z } from 'zod'
import { dateField, M, optionalDateField, optionalString, requiredString, versionField } from '#app/utils/validation.ts'
import { DSG_BREACH_NOTICE_HOURS } from '#models/core/constants.ts'
import { parseTime, zurichInstant } from './zurich-time.ts'

/** The shared forms of breaches; messages are i18n keys. Server and browser judge with the same schemas. */

const timeField = () =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .transform((v, ctx) => {
      const time = parseTime(v)
      if (!time) {
        ctx.addIssue({ code: 'custom', message: 'dsg:breaches.timeInvalid' })
        return z.NEVER
      }
      return time
    })

/** A count that may be unknown: empty is null. */
const countField = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null
      const n = Number(v.replace(/['’\s]/g, ''))
      if (!Number.isInteger(n) || n < 0 || n > 2_000_000_000) {
        ctx.addIssue({ code: 'custom', message: M.invalid })
        return z.NEVER
      }
      return n
    })

/** Yes, no, or not yet decided (empty). */
const triState = () =>
  z
    .enum(['', 'yes', 'no'], { error: M.invalid })
    .optional()
    .transform((v) => (v === 'yes' ? true : v === 'no' ? false : null))

const idList = () =>
  z
    .preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().trim().max(64, M.invalid)).max(200, M.invalid))
    .transform((ids) => [...new Set(ids.filter(Boolean))])

/** A wall-clock time in Zurich from a date and a time field; a time skipped by summer time is refused at the time field. */
function withInstant<T extends { day: string; time: string }>(v: T, ctx: z.RefinementCtx, path: string) {
  const at = zurichInstant(v.day, v.time)
  if (!at) {
    ctx.addIssue({ code: 'custom', path: [path], message: 'dsg:breaches.timeInvalid' })
    return z.NEVER
  }
  return at
}

export const breachSchema = z
  .object({
    title: requiredString(300),
    discoveredOn: dateField(),
    discoveredTime: timeField(),
    description: optionalString(5000),
    period: optionalString(500),
    subjectCategories: optionalString(2000),
    dataCategories: optionalString(2000),
    subjectsCount: countField(),
    recordsCount: countField(),
    consequences: optionalString(5000),
    measuresTaken: optionalString(5000),
    measureIds: idList(),
    highRisk: triState(),
    informSubjects: triState(),
    subjectsInformedOn: optionalDateField(),
    version: versionField().optional(),
  })
  .transform((v, ctx) => {
    const { discoveredOn, discoveredTime, version, ...rest } = v
    const discoveredAt = withInstant({ day: discoveredOn, time: discoveredTime }, ctx, 'discoveredTime')
    return { input: { ...rest, discoveredAt }, version }
  })

export const notifySchema = z
  .object({
    notifiedOn: dateField(),
    notifiedTime: timeField(),
    fdpicReference: optionalString(200),
    version: versionField(),
  })
  .transform((v, ctx) => ({
    at: withInstant({ day: v.notifiedOn, time: v.notifiedTime }, ctx, 'notifiedTime'),
    reference: v.fdpicReference,
    version: v.version,
  }))

export const stateSchema = z.object({ intent: z.enum(['close', 'reopen'], { error: M.invalid }), version: versionField() })

export const BREACH_NOTICE_HOURS_MIN = 1
export const BREACH_NOTICE_HOURS_MAX = 720

export const settingsSchema = z.object({
  breachNoticeHours: z.coerce
    .number({ error: M.required })
    .int('dsg:breaches.settings.hoursRange')
    .min(BREACH_NOTICE_HOURS_MIN, 'dsg:breaches.settings.hoursRange')
    .max(BREACH_NOTICE_HOURS_MAX, 'dsg:breaches.settings.hoursRange')
    .default(DSG_BREACH_NOTICE_HOURS),
  /** The fund's data protection contact; empty: not set (the notification names the fund's contact). */
  contactUserId: z
    .string()
    .trim()
    .max(100, M.invalid)
    .optional()
    .transform((v) => v || null),
  version: z.coerce.number({ error: M.invalid }).int(M.invalid).min(0, M.invalid),
})
