import { sql } from 'drizzle-orm'
import type { Executor } from '../models/core/db.server.ts'

/** A PostgreSQL array literal, passed as one parameter (drizzle spreads a JS array into a list). */
const arr = (values: string[]) => `{${values.join(',')}}`

/**
 * A year (2026) of control executions for every process of the funds: each process gets its catalogue's
 * frequency (individual ones a frequency by turns), its owner as performer and another member as reviewer;
 * the periods whose due date has passed are approved and effective, the rest planned.
 * Processes that have executions already are left alone.
 */
export async function addExecutions(tx: Executor, ids: string[]) {
  await tx.execute(sql`
    update ics_processes p
    set frequency = coalesce(nullif(e.default_frequency, 'none'),
                             (array['monthly','quarterly','semiannual','annual'])[abs(hashtext(p.idkey)) % 4 + 1]::control_frequency),
        test_procedure = case when p.test_procedure = '' then coalesce(e.default_procedure_de, '') else p.test_procedure end,
        performer_user_id = p.owner_user_id,
        reviewer_user_id = (select m.user_id from memberships m where m.customer_id = p.customer_id and m.user_id is distinct from p.owner_user_id
                            order by m.user_id limit 1)
    from ics_processes p2 left join ics_catalog e on e.id = p2.catalog_id
    where p2.id = p.id and p.customer_id = any(${arr(ids)}::uuid[]) and p.frequency = 'none'`)
  await tx.execute(sql`
    insert into control_executions (customer_id, number, process_id, period, period_start, period_end, due_date, state,
                                    performer_user_id, reviewer_user_id, performed_on, result, steps, observation, population_size, sample_size,
                                    recorded_by_user_id, submitted_at, reviewed_by_user_id, reviewed_at)
    select x.customer_id, coalesce(cc.value, 0) + row_number() over (partition by x.customer_id order by x.idkey, x.period_start)::int,
           x.process_id, x.period, x.period_start, x.period_end, x.due_date,
           (case when x.due_date < current_date then 'approved' else 'planned' end)::execution_state,
           x.performer, x.reviewer,
           case when x.due_date < current_date then least(x.period_end + 5, current_date) end,
           (case when x.due_date < current_date then 'effective' end)::execution_result,
           x.steps, case when x.due_date < current_date then 'Benchmark' else '' end,
           case when x.due_date < current_date then 100 end, case when x.due_date < current_date then 10 end,
           case when x.due_date < current_date then x.performer end,
           case when x.due_date < current_date then least(x.period_end + 5, current_date)::timestamptz end,
           case when x.due_date < current_date then x.reviewer end,
           case when x.due_date < current_date then least(x.period_end + 7, current_date)::timestamptz + interval '12 hours' end
    from (
      select p.customer_id, p.id as process_id, p.idkey, p.performer_user_id as performer, p.reviewer_user_id as reviewer, p.test_procedure as steps, k,
             case p.frequency when 'monthly' then '2026-' || lpad((k + 1)::text, 2, '0') when 'quarterly' then '2026-Q' || (k + 1)
                              when 'semiannual' then '2026-H' || (k + 1) when 'annual' then '2026' end as period,
             case when p.frequency = 'occasional' then date '2026-03-10' else make_date(2026, k * f.months + 1, 1) end as period_start,
             case when p.frequency = 'occasional' then date '2026-03-10'
                  else (make_date(2026, k * f.months + 1, 1) + make_interval(months => f.months) - interval '1 day')::date end as period_end,
             case when p.frequency = 'occasional' then date '2026-03-10' + 30
                  else (make_date(2026, k * f.months + 1, 1) + make_interval(months => f.months) - interval '1 day')::date + 30 end as due_date
      from ics_processes p
      cross join lateral (select case p.frequency when 'monthly' then 1 when 'quarterly' then 3 when 'semiannual' then 6 else 12 end as months) as f
      cross join lateral generate_series(0, 12 / f.months - 1) as k
      where p.customer_id = any(${arr(ids)}::uuid[]) and p.frequency <> 'none'
        and not exists (select 1 from control_executions ce where ce.process_id = p.id)
    ) as x
    left join customer_counters cc on cc.customer_id = x.customer_id and cc.name = 'control_execution'`)
  await tx.execute(sql`
    insert into customer_counters (customer_id, name, value)
    select customer_id, 'control_execution', max(number) from control_executions where customer_id = any(${arr(ids)}::uuid[]) group by customer_id
    on conflict (customer_id, name) do update set value = greatest(customer_counters.value, excluded.value)`)
}
