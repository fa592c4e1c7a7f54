import { sql } from 'drizzle-orm'
import type {
  AbroadSafeguard,
  AssuranceState,
  DecisionSubject,
  FindingSeverity,
  FindingSource,
  FindingState,
  ProviderCriticality,
  ProviderDsgRole,
  ProviderService,
} from '#models/core/constants.ts'
import { addDays } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { decisionNumber, findingNumber, providerNumber } from '#models/core/record-number.ts'
import type { SnapshotGovernance } from './content.ts'

/**
 * The governance section of a snapshot (issue 28, format 6), read from the registers' tables in the
 * snapshot's transaction (row-level security scopes it to the fund), judged at the reporting date:
 * - the providers engaged at the date (their contract started by then or has no start, not ended by
 *   then), high criticality first, with the assurance of the date's year: the year's assurance review
 *   (the control execution with the provider's id, period starting 1 January) signed by the end of the
 *   date reads current, or deficient with a deficient result (submitted by then with it is enough); without it the review is overdue once its
 *   due day passed, else due; a provider without required assurance reads not required;
 * - the findings issued by the date and not closed by then (done on a later day, or accepted by a
 *   decision of a later day, read as open), overdue when their deadline had passed;
 * - the council's decisions taken in the period.
 */
export async function governanceOfPeriod(tx: Tx, periodFrom: string, reportingDate: string): Promise<SnapshotGovernance> {
  const end = sql`((${addDays(reportingDate, 1)}::date)::timestamp at time zone 'Europe/Zurich')`
  const year = Number(reportingDate.slice(0, 4))
  const { rows: providers } = await tx.execute<{
    number: number
    name: string
    service: ProviderService
    criticality: ProviderCriticality
    dsg_role: ProviderDsgRole
    data_countries: string[]
    abroad_safeguard: AbroadSafeguard | null
    contract_end: string | null
    assurance: AssuranceState
    due_on: string | null
    approved_on: string | null
  }>(sql`
    select p.number, p.name, p.service, p.criticality, p.dsg_role, p.data_countries, p.abroad_safeguard, p.contract_end::text,
      case when not p.assurance_required then 'notRequired'
        when (e.signed or e.submitted) and e.result = 'deficient' then 'deficient'
        when e.signed then 'current'
        when a.due_on < ${reportingDate}::date then 'overdue'
        else 'due' end as assurance,
      case when p.assurance_required then a.due_on::text end as due_on,
      case when e.signed then (e.reviewed_at at time zone 'Europe/Zurich')::date::text end as approved_on
    from providers p
    left join lateral (select x.state = 'approved' and x.reviewed_at < ${end} as signed,
        x.state in ('submitted', 'approved') and x.submitted_at < ${end} as submitted, x.result, x.reviewed_at, x.due_date
      from control_executions x where x.provider_id = p.id and x.period_start = make_date(${year}, 1, 1)) e on true
    cross join lateral (select coalesce(e.due_date, (make_date(${year}, p.assurance_due_month, 1) + interval '1 month - 1 day')::date) as due_on) a
    where (p.contract_start is null or p.contract_start <= ${reportingDate}::date)
      and (p.ended_on is null or p.ended_on > ${reportingDate}::date)
    order by array_position(array['high', 'medium', 'low']::text[], p.criticality::text), p.number`)
  const { rows: findings } = await tx.execute<{
    number: number
    title: string
    source: FindingSource
    severity: FindingSeverity
    issued_on: string
    deadline: string | null
    owner: string | null
    state: FindingState
  }>(sql`
    select f.number, f.title, f.source, f.severity, f.issued_on::text, f.deadline::text,
      nullif(trim(u.first_name || ' ' || u.last_name), '') as owner,
      case when f.state in ('open', 'inProgress') then f.state::text else 'open' end as state
    from findings f
    left join users u on u.id = f.owner_user_id
    left join council_decisions d on d.id = f.acceptance_decision_id
    where f.issued_on <= ${reportingDate}::date
      and not (f.state = 'done' and f.done_on <= ${reportingDate}::date)
      and not (f.state = 'accepted' and d.decided_on <= ${reportingDate}::date)
    order by f.deadline nulls last, f.number`)
  const { rows: decisions } = await tx.execute<{ number: number; decided_on: string; subject: DecisionSubject; reference: string; title: string }>(sql`
    select number, decided_on::text, subject, reference, title from council_decisions
    where decided_on between ${periodFrom}::date and ${reportingDate}::date
    order by decided_on, number`)
  return {
    providers: providers.map((p) => ({
      number: providerNumber(p.number),
      name: p.name,
      service: p.service,
      criticality: p.criticality,
      dsgRole: p.dsg_role,
      countries: p.data_countries,
      abroad: p.data_countries.some((c) => c !== 'CH'),
      safeguard: p.abroad_safeguard,
      contractEnd: p.contract_end,
      assurance: p.assurance,
      assuranceDueOn: p.due_on,
      assuranceApprovedOn: p.approved_on,
    })),
    findings: findings.map((f) => ({
      number: findingNumber(f.number),
      title: f.title,
      source: f.source,
      severity: f.severity,
      issuedOn: f.issued_on,
      deadline: f.deadline,
      owner: f.owner,
      state: f.state,
      overdue: f.deadline !== null && f.deadline < reportingDate,
    })),
    decisions: decisions.map((d) => ({
      number: decisionNumber(d.number),
      decidedOn: d.decided_on,
      subject: d.subject,
      reference: d.reference,
      title: d.title,
    })),
  }
}
