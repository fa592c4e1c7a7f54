import { z } from 'zod'
import { dateField, M, optionalDateField, optionalString, versionField } from '#app/utils/validation.ts'
import { CONTROL_FREQUENCIES, EXECUTION_RESULTS } from '#models/core/constants.ts'

/** PostgreSQL's integer. */
const INT_MAX = 2_147_483_647

/** An optional person: empty is none, else a uuid. */
const optionalPerson = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .pipe(z.uuid({ error: M.invalid }).nullable())

/** An optional count: empty is none, else a whole number from 0. */
const optionalCount = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null
      const n = Number(v.replace(/['\u202f\u00a0 ]/g, ''))
      if (!Number.isInteger(n) || n < 0 || n > INT_MAX) {
        ctx.addIssue({ code: 'custom', message: 'executions:validation.count' })
        return z.NEVER
      }
      return n
    })

/** The plan fields of an ICS process (the "Execution" step's form). */
export const planSchema = z.object({
  intent: z.literal('plan'),
  frequency: z.enum(CONTROL_FREQUENCIES, { error: M.required }),
  performerUserId: optionalPerson(),
  reviewerUserId: optionalPerson(),
  testProcedure: optionalString(5000),
  expectedResult: optionalString(2000),
  version: versionField(),
})

/** An execution on occasion: the day it is for. */
export const occasionSchema = z.object({
  intent: z.literal('occasion'),
  day: dateField(),
})

/** The record of an execution: a draft ('save') or submitted for review ('submit'). */
export const recordSchema = z
  .object({
    intent: z.enum(['save', 'submit']),
    performedOn: optionalDateField(),
    result: z.enum(EXECUTION_RESULTS, { error: M.invalid }).optional(),
    resultReason: optionalString(2000),
    steps: optionalString(10000),
    observation: optionalString(5000),
    populationSize: optionalCount(),
    sampleSize: optionalCount(),
    /** One item a line; empty lines dropped. */
    sampleItems: optionalString(20000).transform((v) =>
      v
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(0, 1000),
    ),
    version: versionField(),
  })
  .superRefine((v, ctx) => {
    if (v.result === 'notApplicable' && !v.resultReason)
      ctx.addIssue({ code: 'custom', path: ['resultReason'], message: 'executions:validation.reasonRequired' })
    if (v.sampleSize !== null && v.populationSize !== null && v.sampleSize > v.populationSize)
      ctx.addIssue({ code: 'custom', path: ['sampleSize'], message: 'executions:validation.sampleTooLarge' })
    if (v.intent === 'submit' && !v.performedOn) ctx.addIssue({ code: 'custom', path: ['performedOn'], message: M.required })
    if (v.intent === 'submit' && !v.result) ctx.addIssue({ code: 'custom', path: ['result'], message: M.required })
  })

/** The second signature: approve, or return with a comment. */
export const reviewSchema = z
  .object({
    intent: z.enum(['approve', 'return']),
    reviewComment: optionalString(5000),
    version: versionField(),
  })
  .superRefine((v, ctx) => {
    if (v.intent === 'return' && !v.reviewComment) ctx.addIssue({ code: 'custom', path: ['reviewComment'], message: 'executions:validation.commentRequired' })
  })
