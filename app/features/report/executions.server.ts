import { sql } from 'drizzle-orm'
import type { ExecutionResult, ExecutionState } from '#models/core/constants.ts'
import type { Tx } from '#models/core/db.server.ts'
import { viewStateOf } from '#models/core/execution-state.ts'
import { executionNumber, measureNumber } from '#models/core/record-number.ts'
import type { SnapshotExecutions } from './content.ts'

type Row = {
  number: number
  process_id: string
  idkey: string
  title: string
  main_number: string
  main_de: string
  main_fr: string
  main_en: string
  period: string | null
  period_start: string
  period_end: string
  due_date: string
  state: ExecutionState
  performed_on: string | null
  result: ExecutionResult | null
  performer: string | null
  reviewer: string | null
  reviewed_on: string | null
  population_size: number | null
  sample_size: number | null
  measure_idkey: number | null
  measure_iteration: number | null
}

/**
 * The control executions of the reporting year (periodFrom … reportingDate): those whose period ends in
 * it, and those on occasion held in it. Read as they stand on `today` (the day of the freeze), in one
 * statement for the rows and one for the approved executions' files.
 */
export async function executionsOfPeriod(tx: Tx, periodFrom: string, reportingDate: string, today: string): Promise<SnapshotExecutions> {
  const { rows } = await tx.execute<Row>(sql`
    select e.number, e.process_id, p.idkey, p.title, m.leading_number as main_number,
      m.name_de as main_de, m.name_fr as main_fr, m.name_en as main_en,
      e.period, e.period_start::text, e.period_end::text, e.due_date::text, e.state, e.performed_on::text, e.result,
      nullif(trim(pu.first_name || ' ' || pu.last_name), '') as performer,
      nullif(trim(ru.first_name || ' ' || ru.last_name), '') as reviewer,
      (e.reviewed_at at time zone 'Europe/Zurich')::date::text as reviewed_on,
      e.population_size, e.sample_size, ms.idkey as measure_idkey, ms.iteration as measure_iteration
    from control_executions e
    join ics_processes p on p.id = e.process_id
    join ics_main_themes m on m.id = p.main_theme_id
    left join users pu on pu.id = e.performer_user_id
    left join users ru on ru.id = coalesce(e.reviewed_by_user_id, e.reviewer_user_id)
    left join measures ms on ms.id = e.measure_id
    where e.period_end between ${periodFrom}::date and ${reportingDate}::date
    order by m.leading_number, p.idkey, e.period_start, e.number`)
  const { rows: files } = await tx.execute<{
    id: string
    number: number
    idkey: string
    period: string | null
    period_start: string
    name: string
    size: string | number
    sha256: string
  }>(sql`
    select f.id, e.number, p.idkey, e.period, e.period_start::text, f.name, f.size, f.sha256
    from stored_files f
    join control_executions e on e.id = f.execution_id
    join ics_processes p on p.id = e.process_id
    where e.state = 'approved' and e.period_end between ${periodFrom}::date and ${reportingDate}::date
    order by p.idkey, e.period_start, e.number, f.created_at, f.id`)

  const byMain = new Map<string, SnapshotExecutions['byMain'][number]>()
  const out: SnapshotExecutions['rows'] = []
  for (const r of rows) {
    const view = viewStateOf({ state: r.state, periodEnd: r.period_end, dueDate: r.due_date }, today)
    const done = r.state === 'submitted' || r.state === 'approved'
    let m = byMain.get(r.main_number)
    if (!m) {
      m = {
        leadingNumber: r.main_number,
        names: { de: r.main_de, fr: r.main_fr, en: r.main_en },
        planned: 0,
        done: 0,
        effective: 0,
        deficient: 0,
        notApplicable: 0,
        overdue: 0,
        approved: 0,
      }
      byMain.set(r.main_number, m)
    }
    m.planned++
    if (done) {
      m.done++
      if (r.result === 'effective') m.effective++
      if (r.result === 'deficient') m.deficient++
      if (r.result === 'notApplicable') m.notApplicable++
    } else if (r.due_date < today) m.overdue++
    if (r.state === 'approved') m.approved++
    out.push({
      number: executionNumber(r.number),
      process: r.idkey,
      processTitle: r.title,
      mainNumber: r.main_number,
      period: r.period ?? '',
      dueDate: r.due_date,
      state: view,
      performedOn: r.performed_on,
      result: done ? r.result : null,
      performer: r.performer,
      reviewer: r.reviewer,
      reviewedOn: r.state === 'approved' ? r.reviewed_on : null,
      populationSize: r.population_size,
      sampleSize: r.sample_size,
      measure: r.measure_idkey === null ? null : measureNumber(r.measure_idkey, r.measure_iteration ?? 1),
    })
  }
  return {
    byMain: [...byMain.values()],
    rows: out,
    evidence: files.map((f) => ({
      fileId: f.id,
      execution: executionNumber(f.number),
      process: f.idkey,
      period: f.period ?? f.period_start,
      name: f.name,
      size: Number(f.size),
      sha256: f.sha256,
    })),
  }
}
