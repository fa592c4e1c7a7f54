import { desc, eq, inArray } from 'drizzle-orm'
import { councilDecisions } from '../schema/index.ts'
import type { CustomerAccess } from './access.ts'
import { diff, writeAudit } from './audit.server.ts'
import type { DecisionSubject } from './constants.ts'
import { isIsoDate, todayInZurich } from './dates.ts'
import type { DecisionInput } from './decision-input.ts'
import { isUuid } from './sql-helpers.ts'
import { nextNumber } from './counters.server.ts'
import { DomainError } from './errors.ts'
import type { Tx } from './db.server.ts'

/**
 * The council's decisions as the areas use them (issue 28, decision 0068): an approval recorded in an
 * area (the risk appetite, the loyalty review, an accepted risk or finding, the annual report, the ICS
 * minimum level) names a decision of the register, either one already recorded or one recorded with it.
 * Below the features, so that every area links here without reaching into the decisions feature.
 */

/** The audit component of a decision (the history and the trail name it so). */
export const DECISION_COMPONENT = 'councilDecision'

export type { DecisionInput } from './decision-input.ts'

export type LinkedDecision = { id: string; number: number; subject: DecisionSubject; decidedOn: string; reference: string; title: string; decidedBy: string }

const columns = {
  id: councilDecisions.id,
  number: councilDecisions.number,
  subject: councilDecisions.subject,
  decidedOn: councilDecisions.decidedOn,
  reference: councilDecisions.reference,
  title: councilDecisions.title,
  decidedBy: councilDecisions.decidedBy,
}

/**
 * The decision an approval rests on: the one named (404 when it is not the fund's; 400 when it decided
 * another subject, unless 'other'), or a new one recorded now with its audit entry. Runs inside the
 * caller's `withCustomer` transaction, so the approval and its decision are written together or not at all.
 * The caller checked its own right to record the approval; recording a decision needs none beyond it.
 */
export async function decisionForApproval(tx: Tx, access: CustomerAccess, input: DecisionInput, subject: DecisionSubject): Promise<LinkedDecision> {
  if ('decisionId' in input) {
    if (!isUuid(input.decisionId)) throw new DomainError('not-found', 'decisionId')
    // Held until the approval commits: a decision being deleted meanwhile waits, then finds it in use.
    const [row] = await tx.select(columns).from(councilDecisions).where(eq(councilDecisions.id, input.decisionId)).for('share')
    if (!row) throw new DomainError('not-found', 'decisionId')
    if (row.subject !== subject && row.subject !== 'other') throw new DomainError('invalid', 'decisionId', 'decisions:errors.otherSubject')
    return row
  }
  const reference = input.reference.trim()
  const title = input.title.trim()
  if (!isIsoDate(input.decidedOn)) throw new DomainError('invalid', 'decidedOn', 'validation.date')
  if (input.decidedOn > todayInZurich()) throw new DomainError('invalid', 'decidedOn', 'decisions:errors.future')
  if (!reference) throw new DomainError('invalid', 'decisionReference', 'validation.required')
  if (!title) throw new DomainError('invalid', 'decisionTitle', 'validation.required')
  if (reference.length > 300 || title.length > 300)
    throw new DomainError('invalid', reference.length > 300 ? 'decisionReference' : 'decisionTitle', 'validation.tooLong')
  const [row] = await tx
    .insert(councilDecisions)
    .values({
      customerId: access.customer.id,
      number: await nextNumber(tx, access.customer.id, 'councilDecision'),
      subject: input.subject,
      decidedOn: input.decidedOn,
      reference,
      title,
      text: input.text?.trim() ?? '',
      decidedBy: input.decidedBy?.trim() ?? '',
      recordedByUserId: access.user.id,
    })
    .returning(columns)
  await writeAudit(tx, access, {
    component: DECISION_COMPONENT,
    action: 'Created',
    entityId: row.id,
    changes: diff(null, { subject: row.subject, decidedOn: row.decidedOn, reference: row.reference, title: row.title, decidedBy: row.decidedBy }),
  })
  return row
}

/** The decisions a select of an approval offers: of the subject (and 'other'), newest first. */
export async function decisionOptions(tx: Tx, subjects: DecisionSubject[]): Promise<LinkedDecision[]> {
  return tx
    .select(columns)
    .from(councilDecisions)
    .where(inArray(councilDecisions.subject, [...subjects, 'other']))
    .orderBy(desc(councilDecisions.decidedOn), desc(councilDecisions.number))
    .limit(200)
}

/** One decision by id inside the fund (RLS scopes it), or undefined. */
export async function decisionById(tx: Tx, id: string): Promise<LinkedDecision | undefined> {
  const [row] = await tx.select(columns).from(councilDecisions).where(eq(councilDecisions.id, id))
  return row
}
