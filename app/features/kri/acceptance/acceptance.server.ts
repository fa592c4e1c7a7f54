import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { type CustomerAccess, effectiveUserId } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { ACCEPTANCE_MONTHS, ACCEPTANCE_REMINDER_DAYS, APPETITE_SCORE_LIMIT } from '#models/core/constants.ts'
import { addDays, isIsoDate, todayInZurich } from '#models/core/dates.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { type DecisionInput, decisionById, decisionForApproval, decisionOptions } from '#models/core/decisions.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { riskAcceptances } from '#models/schema/index.ts'
import { type AcceptanceView, needsReassessment } from './states.ts'

/*
 * The council's acceptance of a risk (issue 27, decision 0067): a risk whose net rating (after its controls)
 * is inside the appetite may be accepted — by whom, when, on which decision, why, until when (one year unless
 * said otherwise). One acceptance is in force per risk at a time: a new one needs the old one revoked or
 * lapsed. Readers of RM see them; only the RM admin records and revokes them. Every change is audited.
 */

export const ACCEPTANCE_COMPONENT = 'riskAcceptance'

export type Acceptance = typeof riskAcceptances.$inferSelect
/** The acceptance rests on a council decision (chosen from the register or recorded with it): its day, reference and who decided. */
export type AcceptInput = {
  decision: DecisionInput
  justification: string
  /** Empty: accepted_on + ACCEPTANCE_MONTHS. */
  validUntil?: string | null
}
export type AcceptanceState = 'inForce' | 'lapsing' | 'lapsed' | 'revoked' | 'future'

/** A date some months on: the same day of the month, or the month's last day when it has none (29.02 → 28.02). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const target = new Date(Date.UTC(y, m - 1 + months, 1))
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(d, last))
  return target.toISOString().slice(0, 10)
}

/** Where an acceptance stands on a day. */
export function stateOf(a: Pick<Acceptance, 'acceptedOn' | 'validUntil' | 'revokedOn'>, today: string): AcceptanceState {
  if (a.revokedOn) return 'revoked'
  if (a.validUntil < today) return 'lapsed'
  if (a.acceptedOn > today) return 'future'
  return a.validUntil <= addDays(today, ACCEPTANCE_REMINDER_DAYS) ? 'lapsing' : 'inForce'
}

/** The council's score limit in force: the latest approval's, or the default before any. */
export async function scoreLimit(tx: Executor): Promise<number> {
  const { rows } = await tx.execute<{ score_limit: number }>(
    sql`select score_limit from risk_appetite_approvals order by approved_on desc, created_at desc limit 1`,
  )
  return rows[0]?.score_limit ?? APPETITE_SCORE_LIMIT
}

type RiskFacts = { id: string; idkey: string; title: string; ownerUserId: string | null; probability: number | null; severity: number | null }

/** The risk with its net rating's refs (row-level security keeps it to the fund); locked when asked. */
async function riskOf(tx: Executor, riskId: string, lock = false): Promise<RiskFacts> {
  if (!isUuid(riskId)) throw new DomainError('not-found')
  const { rows } = await tx.execute<{ id: string; idkey: string; title: string; owner_user_id: string | null; p: number | null; s: number | null }>(sql`
    select r.id, r.idkey, r.title, r.owner_user_id, p.ref as p, s.ref as s
    from risks r
    left join probability_levels p on p.id = r.probability_level_id
    left join severity_levels s on s.id = r.severity_level_id
    where r.id = ${riskId}
    ${lock ? sql`for update of r` : sql``}`)
  const r = rows[0]
  if (!r) throw new DomainError('not-found')
  return { id: r.id, idkey: r.idkey, title: r.title, ownerUserId: r.owner_user_id, probability: r.p, severity: r.s }
}

const netScoreOf = (r: RiskFacts) => (r.probability !== null && r.severity !== null ? r.probability * r.severity : null)

/** The acceptance in force on `today` of a risk, if any (the same rule as the risk page's badge). */
async function inForce(tx: Executor, riskId: string, today: string) {
  const [row] = await tx
    .select()
    .from(riskAcceptances)
    .where(
      and(
        eq(riskAcceptances.riskId, riskId),
        isNull(riskAcceptances.revokedOn),
        sql`${riskAcceptances.validUntil} >= ${today}::date`,
        sql`${riskAcceptances.acceptedOn} <= ${today}::date`,
      ),
    )
    .orderBy(desc(riskAcceptances.validUntil))
    .limit(1)
  return row ?? null
}

function text(field: string, value: string, max: number, required = true) {
  const v = (value ?? '').trim()
  if (required && !v) throw new DomainError('invalid', field, 'validation.required')
  if (v.length > max) throw new DomainError('invalid', field, 'validation.tooLong')
  return v
}

export const Acceptances = {
  for(access: CustomerAccess) {
    const { kri } = permissionsOf(access)
    const scope = <R>(fn: (tx: Executor) => Promise<R>) => withCustomer(access, fn)
    const requireRead = () => {
      if (!kri.read) throw new DomainError('forbidden')
    }
    const requireManage = () => {
      if (!kri.appetite) throw new DomainError('forbidden')
    }

    return {
      rights: { read: kri.read, manage: kri.appetite },

      /** A risk's acceptance page: the risk, its net score, the appetite, the acceptance in force and the earlier ones. */
      async ofRisk(riskId: string, today = todayInZurich()) {
        requireRead()
        return scope(async (tx) => {
          const risk = await riskOf(tx, riskId)
          const [limit, current, all] = await Promise.all([
            scoreLimit(tx),
            inForce(tx, riskId, today),
            tx
              .select()
              .from(riskAcceptances)
              .where(eq(riskAcceptances.riskId, riskId))
              .orderBy(desc(riskAcceptances.acceptedOn), desc(riskAcceptances.createdAt)),
          ])
          const netScore = netScoreOf(risk)
          const decision = current?.decisionId ? ((await decisionById(tx as Tx, current.decisionId)) ?? null) : null
          return {
            risk: { ...risk, netScore },
            limit,
            inside: netScore !== null && netScore <= limit,
            current: current ? { ...current, decision } : null,
            reassess: current ? needsReassessment(netScore, current.netScore, limit) : false,
            acceptances: all.map((a) => ({ ...a, state: stateOf(a, today) })),
            defaultValidUntil: addMonths(today, ACCEPTANCE_MONTHS),
          }
        })
      },

      /**
       * Records the council's acceptance. Refused (409) while the net rating is missing or outside the appetite,
       * or while another acceptance is in force; the dates and texts are checked (400).
       */
      async accept(riskId: string, input: AcceptInput, today = todayInZurich()): Promise<Acceptance> {
        requireManage()
        if (input.validUntil && !isIsoDate(input.validUntil)) throw new DomainError('invalid', 'validUntil', 'validation.date')
        const justification = text('justification', input.justification, 5000)
        return scope(async (tx) => {
          // The risk locked: two acceptances at once cannot both pass the check below.
          const risk = await riskOf(tx, riskId, true)
          const netScore = netScoreOf(risk)
          if (netScore === null) throw new DomainError('conflict', undefined, 'kri:acceptance.errors.unrated')
          const limit = await scoreLimit(tx)
          if (netScore > limit) throw new DomainError('conflict', undefined, 'kri:acceptance.errors.outsideAppetite')
          const [open] = await tx
            .select({ id: riskAcceptances.id })
            .from(riskAcceptances)
            .where(and(eq(riskAcceptances.riskId, riskId), isNull(riskAcceptances.revokedOn), sql`${riskAcceptances.validUntil} >= ${today}::date`))
            .limit(1)
          if (open) throw new DomainError('conflict', undefined, 'kri:acceptance.errors.alreadyInForce')
          // The council's decision: its day is the acceptance's (not in the future), its reference and who decided are kept on it.
          const decision = await decisionForApproval(tx as Tx, access, input.decision, 'riskAcceptance')
          const acceptedOn = decision.decidedOn
          if (acceptedOn > today) throw new DomainError('invalid', 'decidedOn', 'kri:acceptance.errors.acceptedInFuture')
          const validUntil = input.validUntil || addMonths(acceptedOn, ACCEPTANCE_MONTHS)
          if (validUntil <= acceptedOn) throw new DomainError('invalid', 'validUntil', 'kri:acceptance.errors.untilBeforeAccepted')
          if (validUntil < today) throw new DomainError('invalid', 'validUntil', 'kri:acceptance.errors.untilPast')
          const values = {
            customerId: access.customer.id,
            riskId,
            acceptedOn,
            acceptedBy: decision.decidedBy || decision.title,
            decisionReference: decision.reference,
            justification,
            validUntil,
            netScore,
            decisionId: decision.id,
            recordedByUserId: effectiveUserId(access),
          }
          const [row] = await tx.insert(riskAcceptances).values(values).returning()
          const { customerId: _c, recordedByUserId: _u, ...audited } = values
          await writeAudit(tx, access, { component: ACCEPTANCE_COMPONENT, action: 'Created', entityId: row!.id, changes: diff(null, audited) })
          return row!
        })
      },

      /** The decisions the acceptance form offers (accepted risks' and 'other'). */
      decisionOptions() {
        requireManage()
        return scope((tx) => decisionOptions(tx as Tx, ['riskAcceptance']))
      },

      /** Revokes an acceptance (not yet revoked) from a day between its acceptance and today. */
      async revoke(id: string, version: number, revokedOn: string, opts: { riskId?: string; today?: string } = {}): Promise<Acceptance> {
        const today = opts.today ?? todayInZurich()
        requireManage()
        if (!isIsoDate(revokedOn)) throw new DomainError('invalid', 'revokedOn', 'validation.date')
        if (revokedOn > today) throw new DomainError('invalid', 'revokedOn', 'kri:acceptance.errors.revokedInFuture')
        return scope(async (tx) => {
          // Of the risk the page is about, when one is named: another risk's acceptance is not found here.
          const where = opts.riskId ? (isUuid(opts.riskId) ? eq(riskAcceptances.riskId, opts.riskId) : sql`false`) : undefined
          const before = await lockVersioned(tx, riskAcceptances, id, version, { where })
          if (before.revokedOn) throw new DomainError('conflict', undefined, 'kri:acceptance.errors.alreadyRevoked')
          if (revokedOn < before.acceptedOn) throw new DomainError('invalid', 'revokedOn', 'kri:acceptance.errors.revokedBeforeAccepted')
          return updateVersioned(tx, access, { table: riskAcceptances, before, set: { revokedOn }, audit: { component: ACCEPTANCE_COMPONENT } })
        })
      },

      /** The fund's acceptances by view, newest lapse first, with their risk. */
      async list(view: AcceptanceView, today = todayInZurich()) {
        requireRead()
        const soon = addDays(today, ACCEPTANCE_REMINDER_DAYS)
        const where = {
          inForce: sql`a.revoked_on is null and a.accepted_on <= ${today}::date and a.valid_until >= ${today}::date`,
          lapsing: sql`a.revoked_on is null and a.accepted_on <= ${today}::date and a.valid_until >= ${today}::date and a.valid_until <= ${soon}::date`,
          ended: sql`(a.revoked_on is not null or a.valid_until < ${today}::date)`,
          all: sql`true`,
        }[view]
        return scope(async (tx) => {
          const limit = await scoreLimit(tx)
          const { rows } = await tx.execute<{
            id: string
            risk_id: string
            idkey: string
            title: string
            accepted_on: string
            accepted_by: string
            decision_reference: string
            justification: string
            valid_until: string
            revoked_on: string | null
            net_score: number
            reminded_at: string | null
            current_net: number | null
            decision_id: string | null
            decision_number: number | null
          }>(sql`
            select a.id, a.risk_id, r.idkey, r.title, a.accepted_on::text, a.accepted_by, a.decision_reference, a.justification,
              a.valid_until::text, a.revoked_on::text, a.net_score, a.reminded_at::text, p.ref * s.ref as current_net,
              a.decision_id, d.number as decision_number
            from risk_acceptances a join risks r on r.id = a.risk_id
            left join council_decisions d on d.id = a.decision_id
            left join probability_levels p on p.id = r.probability_level_id
            left join severity_levels s on s.id = r.severity_level_id
            where ${where}
            order by a.valid_until asc, r.idkey asc`)
          return rows.map((r) => {
            const row = {
              id: r.id,
              riskId: r.risk_id,
              idkey: r.idkey,
              title: r.title,
              acceptedOn: r.accepted_on,
              acceptedBy: r.accepted_by,
              decisionReference: r.decision_reference,
              justification: r.justification,
              validUntil: r.valid_until,
              revokedOn: r.revoked_on,
              netScore: r.net_score,
            }
            const state = stateOf(row, today)
            const decision = r.decision_id && r.decision_number !== null ? { id: r.decision_id, number: r.decision_number } : null
            const ended = state === 'revoked' || state === 'lapsed'
            return { ...row, decision, state, currentNetScore: r.current_net, reassess: !ended && needsReassessment(r.current_net, r.net_score, limit) }
          })
        })
      },
    }
  },
}
