import { sql } from 'drizzle-orm'
import { judge } from '#models/core/kri-status.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { APPETITE_SCORE_LIMIT, type ExecutionResult, type KriDirection, type KriStatus, type KriUnit, type Language } from '#models/core/constants.ts'
import type { Executor } from '#models/core/db.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { formatKriValue } from '#models/core/kri-format.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'

// The labels are translated here, on the server: the page's code then names neither the executions' nor the
// KRIs' namespace, whose texts a first load would otherwise fetch (bench/js.ts).
export type LinkedControl = {
  id: string
  idkey: string
  title: string
  result: ExecutionResult | null
  resultLabel: string
  periodEnd: string | null
  performedOn: string | null
}
export type WatchingKri = {
  id: string
  name: string
  unit: KriUnit
  value: string | null
  /** The figure with its unit, as the KRI pages write it. */
  display: string
  periodEnd: string | null
  status: KriStatus | null
  statusLabel: string
}
export type AcceptanceInForce = {
  id: string
  acceptedOn: string
  acceptedBy: string
  decisionReference: string
  justification: string
  validUntil: string
  /** The net score it was accepted with, and the risk's net score now (null while unrated). */
  netScore: number
  currentNetScore: number | null
}
export type Appetite = { limit: number; approvedOn: string | null; decisionReference: string | null }

/** The council's appetite in force: the score limit of the latest approval, or the default before any. */
export async function appetiteInForce(tx: Executor): Promise<Appetite> {
  const { rows } = await tx.execute<{ score_limit: number; approved_on: string; decision_reference: string }>(
    sql`select score_limit, approved_on::text, decision_reference from risk_appetite_approvals order by approved_on desc, created_at desc limit 1`,
  )
  const a = rows[0]
  return a
    ? { limit: a.score_limit, approvedOn: a.approved_on, decisionReference: a.decision_reference }
    : { limit: APPETITE_SCORE_LIMIT, approvedOn: null, decisionReference: null }
}

/**
 * What the evaluation step shows beside the net rating (issue 27): the linked ICS processes with the result of
 * their latest approved control execution, the KRIs watching the risk with their latest value and status, the
 * acceptance in force and the appetite that judges the net score. Each part only for readers of its area.
 */
export async function evaluationContext(access: CustomerAccess, riskId: string, language: Language) {
  const p = permissionsOf(access)
  return withCustomer(access, async (tx) => {
    const [controls, kris, acceptance, appetite] = await Promise.all([
      p.tools.iks.read ? linkedControls(tx, riskId, language) : null,
      p.kri.read ? watchingKris(tx, riskId, language) : null,
      p.kri.read ? acceptanceInForce(tx, riskId) : null,
      appetiteInForce(tx),
    ])
    // To be judged anew: the net score now above the appetite in force or above the one it was accepted with.
    const reassess =
      !!acceptance && acceptance.currentNetScore !== null && (acceptance.currentNetScore > appetite.limit || acceptance.currentNetScore > acceptance.netScore)
    return { controls, kris, acceptance: acceptance ? { ...acceptance, reassess } : null, appetite, kriRead: p.kri.read, canAccept: p.kri.appetite }
  })
}

async function linkedControls(tx: Executor, riskId: string, language: Language): Promise<LinkedControl[]> {
  const t = getFixedT(language)
  const { rows } = await tx.execute<{
    id: string
    idkey: string
    title: string
    result: ExecutionResult | null
    period_end: string | null
    performed_on: string | null
  }>(sql`
    select p.id, p.idkey, p.title, e.result, e.period_end::text, e.performed_on::text
    from risk_process_links l
    join ics_processes p on p.id = l.process_id
    left join lateral (
      select x.result, x.period_end, x.performed_on from control_executions x
      where x.process_id = p.id and x.state = 'approved'
      order by x.period_end desc, x.performed_on desc nulls last, x.number desc limit 1
    ) e on true
    where l.risk_id = ${riskId}
    order by p.idkey`)
  return rows.map((r) => ({
    id: r.id,
    idkey: r.idkey,
    title: r.title,
    result: r.result,
    resultLabel: r.result ? t(`executions:result.${r.result}`) : '',
    periodEnd: r.period_end,
    performedOn: r.performed_on,
  }))
}

async function watchingKris(tx: Executor, riskId: string, language: Language): Promise<WatchingKri[]> {
  const name = sql.raw(`c.name_${language}`)
  const { rows } = await tx.execute<{
    id: string
    name: string
    unit: KriUnit
    direction: KriDirection
    value: string | null
    period_end: string | null
    amber: string | null
    red: string | null
  }>(sql`
    select k.id, ${name} as name, c.unit, c.direction, v.value::text, v.period_end::text, th.amber::text, th.red::text
    from kri_risks kr
    join kris k on k.id = kr.kri_id
    join kri_catalog c on c.id = k.catalog_id
    left join lateral (select x.value, x.period_end from kri_values x where x.kri_id = k.id order by x.period_end desc limit 1) v on true
    left join lateral (
      select t.amber, t.red from kri_thresholds t where t.kri_id = k.id and v.period_end is not null and t.valid_from <= v.period_end
      order by t.valid_from desc limit 1
    ) th on true
    where kr.risk_id = ${riskId}
    order by c.sort, ${name}`)
  const t = getFixedT(language)
  return rows.map((r) => {
    const status = r.value !== null && r.amber !== null && r.red !== null ? judge(r.value, r.direction, { amber: r.amber, red: r.red }) : null
    return {
      id: r.id,
      name: r.name,
      unit: r.unit,
      value: r.value,
      display: formatKriValue(r.value, r.unit),
      periodEnd: r.period_end,
      status,
      statusLabel: t(`kri:status.${status ?? 'none'}`),
    }
  })
}

/** The acceptance in force today: not revoked, from a day not after today to a day not before it. */
export async function acceptanceInForce(tx: Executor, riskId: string): Promise<AcceptanceInForce | null> {
  const { rows } = await tx.execute<{
    id: string
    accepted_on: string
    accepted_by: string
    decision_reference: string
    justification: string
    valid_until: string
    net_score: number
    current_net: number | null
  }>(sql`
    select a.id, a.accepted_on::text, a.accepted_by, a.decision_reference, a.justification, a.valid_until::text, a.net_score,
      p.ref * s.ref as current_net
    from risk_acceptances a join risks r on r.id = a.risk_id
    left join probability_levels p on p.id = r.probability_level_id
    left join severity_levels s on s.id = r.severity_level_id
    where a.risk_id = ${riskId} and a.revoked_on is null
      and a.accepted_on <= (now() at time zone 'Europe/Zurich')::date and a.valid_until >= (now() at time zone 'Europe/Zurich')::date
    order by a.valid_until desc limit 1`)
  const a = rows[0]
  return a
    ? {
        id: a.id,
        acceptedOn: a.accepted_on,
        acceptedBy: a.accepted_by,
        decisionReference: a.decision_reference,
        justification: a.justification,
        validUntil: a.valid_until,
        netScore: a.net_score,
        currentNetScore: a.current_net,
      }
    : null
}
