import { z } from 'zod'
import type { DecisionInput } from '#models/core/decision-input.ts'
import type { DecisionSubject } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { M, optionalDateField, optionalString } from './validation.ts'

/**
 * The "choose or record" fields of an approval that rests on a council decision (issue 28): either a
 * decision of the register (`decisionId`), or the decision recorded with the approval (date, reference,
 * title, who decided). Every area's approval form carries the same fields (app/ui/decision-fields.tsx),
 * and the server and the browser judge them with the same schema.
 */
export const DECISION_FIELD_MESSAGES = {
  future: 'decisions:errors.future',
} as const

export const decisionShape = {
  decisionId: z
    .string()
    .trim()
    .max(64, M.invalid)
    .optional()
    .transform((v) => v || null),
  decidedOn: optionalDateField(),
  decisionReference: optionalString(300),
  decisionTitle: optionalString(300),
  decidedBy: optionalString(300),
}

export type DecisionFields = {
  decisionId: string | null
  decidedOn: string | null
  decisionReference: string
  decisionTitle: string
  decidedBy: string
}

/** With no decision chosen, the new one's date (not in the future), reference, title and who decided are required. */
export function refineDecision(v: DecisionFields, ctx: z.RefinementCtx) {
  refine(v, ctx, true)
}

/** The same, for a form that names who decided in a field of its own (the loyalty review's names). */
export function refineDecisionWithoutBy(v: DecisionFields, ctx: z.RefinementCtx) {
  refine(v, ctx, false)
}

function refine(v: DecisionFields, ctx: z.RefinementCtx, withBy: boolean) {
  if (v.decisionId) return
  const missing = (path: keyof DecisionFields) => ctx.addIssue({ code: 'custom', path: [path], message: M.required })
  if (!v.decidedOn) missing('decidedOn')
  else if (v.decidedOn > todayInZurich()) ctx.addIssue({ code: 'custom', path: ['decidedOn'], message: DECISION_FIELD_MESSAGES.future })
  if (!v.decisionReference) missing('decisionReference')
  if (!v.decisionTitle) missing('decisionTitle')
  if (withBy && !v.decidedBy) missing('decidedBy')
}

/** The fields as the service takes them (models/core/decisions.server.ts decisionForApproval). */
export function decisionInputOf(v: DecisionFields, subject: DecisionSubject): DecisionInput {
  if (v.decisionId) return { decisionId: v.decisionId }
  return { subject, decidedOn: v.decidedOn ?? '', reference: v.decisionReference, title: v.decisionTitle, decidedBy: v.decidedBy }
}

/** Splits a parsed form into the decision's input and the rest of the approval. */
export function withDecision<T extends DecisionFields>(v: T, subject: DecisionSubject): Omit<T, keyof DecisionFields> & { decision: DecisionInput } {
  const { decisionId: _i, decidedOn: _d, decisionReference: _r, decisionTitle: _t, decidedBy: _b, ...rest } = v
  return { ...rest, decision: decisionInputOf(v, subject) }
}
