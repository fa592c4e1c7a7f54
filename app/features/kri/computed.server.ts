// The KRIs the product computes from its own records (issue 27, decision 0067): open deficient controls,
// overdue measures, data security breaches of the year. The daily job (face.server.ts runKriTick) fills them.
//
// Which reporting date a computed figure is written to: the current period's end, the month's or
// quarter's end on or after today. Each run overwrites it while the period runs, so the figure is always
// today's; once the period has ended its value stays as the last run before (or on) its end left it. A
// period that ended without a value (the KRI chosen later, the job down) gets one on the next run, as of
// that run. Nothing before the KRI's first value is made up: the past is not recomputed.

import { and, eq, sql } from 'drizzle-orm'
import { diff } from '#models/core/audit.server.ts'
import type { KriComputed, KriFrequency, Language } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { asSystem, type ScopedAccess, withCustomer } from '#models/core/scope.server.ts'
import { kriValues } from '#models/schema/index.ts'
import { auditKri, judgeKriValues, type KriActor } from './alerts.server.ts'

/** The last day of the month or quarter a day falls in (yyyy-mm-dd). */
export function currentPeriodEnd(day: string, frequency: KriFrequency): string {
  const year = Number(day.slice(0, 4))
  const month = Number(day.slice(5, 7))
  const endMonth = frequency === 'monthly' ? month : Math.ceil(month / 3) * 3
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, endMonth, 0)).toISOString().slice(0, 10)
}

/** The period end before the one a day falls in. */
function previousPeriodEnd(day: string, frequency: KriFrequency): string {
  const end = currentPeriodEnd(day, frequency)
  const year = Number(end.slice(0, 4))
  const month = Number(end.slice(5, 7)) - (frequency === 'monthly' ? 1 : 3)
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
}

/**
 * The figure of a computed KRI for a fund as the records stand (the transaction's customer):
 * - deficientControls: controls (ICS processes) whose latest recorded execution (submitted or approved, by
 *   period end) is deficient and whose measure is missing or not confirmed: a control effective since counts no more;
 * - overdueMeasures: pending measures due before today;
 * - breaches: data security breaches discovered in the calendar year of the reporting date (Zurich).
 */
export async function computeFigure(tx: Tx, computed: KriComputed, periodEnd: string, today: string): Promise<number> {
  const query =
    computed === 'deficientControls'
      ? // Per control, its latest execution (by period end) recorded: deficient, and its measure missing or not confirmed.
        sql`select count(*)::int as n from (
               select distinct on (e.process_id) e.result, e.measure_id from control_executions e
                where e.state in ('submitted', 'approved')
                order by e.process_id, e.period_end desc, e.performed_on desc nulls last, e.number desc
             ) latest left join measures m on m.id = latest.measure_id
             where latest.result = 'deficient' and (m.id is null or m.state <> 'confirmed')`
      : computed === 'overdueMeasures'
        ? sql`select count(*)::int as n from measures where state = 'pending' and due_date < ${today}::date`
        : sql`select count(*)::int as n from dsg_breaches
               where discovered_at >= make_timestamptz(${Number(periodEnd.slice(0, 4))}::int, 1, 1, 0, 0, 0, 'Europe/Zurich')
                 and discovered_at < make_timestamptz(${Number(periodEnd.slice(0, 4)) + 1}::int, 1, 1, 0, 0, 0, 'Europe/Zurich')`
  const { rows } = await tx.execute<{ n: number }>(query)
  return rows[0]?.n ?? 0
}

type ComputedKri = { id: string; frequency: KriFrequency; computed: KriComputed }

/**
 * Computes a fund's computed KRIs for today: the current period's value written or brought up to date, a
 * missing value of the period just ended filled in; every value written or changed is judged
 * (afterKriValues: measures, the owner's mail). Answers the number of values written or changed.
 */
export async function computeFund(fund: KriActor['customer'], now: Date = new Date()): Promise<number> {
  const today = todayInZurich(now)
  const actor: KriActor = { customer: fund, access: null }
  // The job acts for no person: the fund's scope alone (row-level security), no user.
  const scope = { customer: { id: fund.id }, user: { id: null } } as unknown as ScopedAccess
  return withCustomer(scope, async (tx) => {
    const { rows } = await tx.execute<{ id: string; frequency: KriFrequency; computed: KriComputed }>(sql`
      select k.id, k.frequency, c.computed from kris k join kri_catalog c on c.id = k.catalog_id
       where k.active and c.active and c.computed is not null order by c.sort, k.id`)
    const written: string[] = []
    for (const kri of rows as ComputedKri[]) {
      const current = currentPeriodEnd(today, kri.frequency)
      const previous = previousPeriodEnd(today, kri.frequency)
      const [had] = await tx
        .select({ id: kriValues.id })
        .from(kriValues)
        .where(and(eq(kriValues.kriId, kri.id), eq(kriValues.periodEnd, previous)))
      if (!had) {
        const [first] = await tx.select({ id: kriValues.id }).from(kriValues).where(eq(kriValues.kriId, kri.id)).limit(1)
        // The period just ended is filled in only for a KRI already followed before it (no made-up past).
        if (first) {
          const id = await writeValue(tx, actor, kri.id, previous, await computeFigure(tx, kri.computed, previous, today))
          if (id) written.push(id)
        }
      }
      const id = await writeValue(tx, actor, kri.id, current, await computeFigure(tx, kri.computed, current, today))
      if (id) written.push(id)
    }
    await judgeKriValues(tx, actor, written)
    return written.length
  })
}

/** Writes a computed value (source 'computed') with its audit entry; answers its id when written or changed. */
async function writeValue(tx: Tx, actor: KriActor, kriId: string, periodEnd: string, figure: number): Promise<string | null> {
  const value = figure.toFixed(4)
  const [before] = await tx
    .select()
    .from(kriValues)
    .where(and(eq(kriValues.kriId, kriId), eq(kriValues.periodEnd, periodEnd)))
    .for('update')
  if (!before) {
    const [row] = await tx.insert(kriValues).values({ customerId: actor.customer.id, kriId, periodEnd, value, source: 'computed' }).returning()
    await auditKri(tx, actor, {
      component: 'kriValue',
      action: 'Created',
      entityId: row.id,
      changes: diff(null, { kriId, periodEnd, value, source: 'computed' }),
    })
    return row.id
  }
  if (Number(before.value) === figure && before.source === 'computed') return null
  const set = { value, source: 'computed' as const }
  await tx
    .update(kriValues)
    .set({ ...set, version: before.version + 1, updatedAt: new Date() })
    .where(eq(kriValues.id, before.id))
  await auditKri(tx, actor, { component: 'kriValue', action: 'Updated', entityId: before.id, changes: diff(before, set) })
  return before.id
}

/** Every active fund with a computed KRI. */
export async function fundsWithComputedKris(): Promise<{ id: string; name: string; language: Language }[]> {
  return asSystem('kri computation', async (tx) => {
    const { rows } = await tx.execute<{ id: string; name: string; language: Language }>(sql`
      select cu.id, cu.name, cu.language from customers cu
       where cu.state = 'active'
         and exists (select 1 from kris k join kri_catalog c on c.id = k.catalog_id
                      where k.customer_id = cu.id and k.active and c.active and c.computed is not null)
       order by cu.id`)
    return rows
  })
}
