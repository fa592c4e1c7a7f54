import { z } from 'zod'
import { dateField, M, optionalDateField, optionalString, versionField } from '#app/utils/validation.ts'
import { NEWS_AUDIENCES } from '#models/core/constants.ts'

export const schema = z
  .object({
    title: optionalString(300),
    lead: optionalString(1000),
    body: optionalString(20000),
    titleFr: optionalString(300),
    leadFr: optionalString(1000),
    bodyFr: optionalString(20000),
    titleEn: optionalString(300),
    leadEn: optionalString(1000),
    bodyEn: optionalString(20000),
    date: dateField(),
    validFrom: optionalDateField(),
    validUntil: optionalDateField(),
    visibleFor: z.enum(NEWS_AUDIENCES, { error: M.required }),
    customerId: z.string().optional(),
    version: versionField().optional(),
  })
  .refine((v) => v.title || v.titleFr || v.titleEn, { path: ['title'], message: 'sadmin:news.oneTitle' })
