import type { DecisionSubject } from './constants.ts'

/**
 * What an approval names as its council decision (issue 28): an existing decision of the fund, or a new
 * one recorded with it. Shared by the forms (app/utils/decision-schema.ts) and models/core/decisions.server.ts.
 */
export type DecisionInput =
  | { decisionId: string }
  | { subject: DecisionSubject; decidedOn: string; reference: string; title: string; text?: string; decidedBy?: string }
