// Bench data, loaded into the app's database (bundled PostgreSQL in ./data or DATA_DIR, or DATABASE_URL):
//   npm run bench:seed
// - the large bench customer "Bench Pensionskasse": all catalogue risks plus 300 individual ones,
//   60 ICS processes with a year of control executions, BENCH_MEASURES measures (default 5,000; a larger figure later tops it up),
//   1,000 documents; its admin bench@example.com, password Vorsorge-2026;
// - with BENCH_CUSTOMERS=N, N further funds ("Bench Fund 0001" …), each with 100 risks, 60 ICS
//   processes, 400 measures, 100 documents and 10 members (bench.f0001.u01@example.com …, same
//   password): the scale of every Swiss pension fund is BENCH_CUSTOMERS=1300. Funds already
//   there are kept; only the missing ones are added;
// - every fund (the bench customer too) ten KRIs of the catalogue with thresholds, five years of quarterly
//   values, the council's approval of the appetite and two accepted risks; the bench customer also an
//   underfunding case with its duties done (issue 27). Funds that follow no KRI yet get them;
// - every fund providers, findings and council decisions (issue 28): 8, 5 and 6 per fund, the bench customer
//   60, 90 and 40;
// - the demo accounts when they are missing, and the bench's operator bench-operator@example.com (same
//   password, the second factor on with the secret of bench/operator.ts) for the operator pages.
// Everything is written in bulk (INSERT … SELECT over generate_series), inside asSystem: row-level
// security is forced on every tenant table. Stop the app first when it runs on the bundled database.
import { hash } from '@node-rs/argon2'
import { eq, like, sql } from 'drizzle-orm'
import type { Executor } from '../models/core/db.server.ts'
import { addDays, todayInZurich } from '../models/core/dates.ts'
import { UNDERFUNDING_DUTIES, UNDERFUNDING_DUTY_DAYS } from '../models/core/constants.ts'
import { customers, memberships, riskCatalog, users } from '../models/schema/index.ts'
import { provisionCustomer } from '../models/reference/provision.server.ts'
import { seedIcsCatalog, seedKriCatalog, seedRiskCatalog } from '../models/reference/catalogs.server.ts'
import { seed as seedDemo } from '../models/seed/index.ts'
import { seedLoyalty } from '../models/seed/loyalty.ts'
import { quarterEnds, quarterEndOnOrBefore } from '../models/seed/kri.ts'
import { openDatabase } from '../server/database.ts'
import { asSystem } from '../models/core/scope.server.ts'
import { writeRights } from '../models/core/rights.server.ts'
import { seal } from '../models/core/seal.server.ts'
import { BENCH_OPERATOR } from './operator.ts'

const NAME = 'Bench Pensionskasse'
const FUND_PREFIX = 'Bench Fund '
const PASSWORD = 'Vorsorge-2026'
const FUNDS = Number(process.env.BENCH_CUSTOMERS ?? 0)
const LARGE_MEASURES = Number(process.env.BENCH_MEASURES ?? 5000)
/** Funds per transaction: big enough for bulk statements, small enough to show progress. */
const BATCH = 100

const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
const { close } = await openDatabase()

/** A PostgreSQL array literal, passed as one parameter (drizzle spreads a JS array into a list). */
const arr = (values: (string | number)[]) => `{${values.join(',')}}`

/** The funds of a batch as a relation `c(id, n)`. */
const fundsOf = (ids: string[], nums: number[]) => sql`unnest(${arr(ids)}::uuid[], ${arr(nums)}::int[]) as c(id, n)`
/** The members of the funds, numbered 0… per fund: the owners of what is seeded. */
const membersOf = (ids: string[]) =>
  sql`(select customer_id, user_id, (row_number() over (partition by customer_id order by user_id) - 1)::int as r,
              count(*) over (partition by customer_id)::int as n
       from memberships where customer_id = any(${arr(ids)}::uuid[]))`

async function addRisks(tx: Executor, ids: string[], nums: number[], count: number) {
  await tx.execute(sql`
    insert into risks (customer_id, idkey, theme_id, title, description, owner_user_id, probability_level_id, severity_level_id, state, dsg_relevant)
    select c.id, th.leading_number || '.' || lpad((k / nt.n + 1)::text, 2, '0') || '_P', th.id, 'Individuelles Risiko ' || (k + 1), 'Benchmark',
           m.user_id, p.id, s.id, (array['analyse','bewertung','steuerung','ueberwachung'])[k % 4 + 1]::risk_state, k % 7 = 0
    from ${fundsOf(ids, nums)}
    cross join generate_series(0, ${count - 1}::int) as k
    cross join (select count(*)::int as n from risk_themes) as nt
    join (select id, leading_number, (row_number() over (order by leading_number) - 1)::int as i from risk_themes) as th on th.i = k % nt.n
    left join ${membersOf(ids)} as m on m.customer_id = c.id and m.r = k % m.n
    left join probability_levels p on p.customer_id = c.id and p.ref = k % 5 + 1
    left join severity_levels s on s.customer_id = c.id and s.ref = (k * 3) % 5 + 1`)
  // The next individual risk of a theme gets the number after these.
  await tx.execute(sql`
    insert into customer_counters (customer_id, name, value)
    select c.id, 'risk_p_' || t.leading_number, ceil(${count}::numeric / (select count(*) from risk_themes))::int
    from ${fundsOf(ids, nums)} cross join risk_themes t
    on conflict do nothing`)
}

/** 60 ICS processes per fund: the catalogue's entries, then individual ones if it has fewer. */
async function addProcesses(tx: Executor, ids: string[], nums: number[], count: number) {
  await tx.execute(sql`
    insert into ics_processes (customer_id, idkey, main_theme_id, sub_theme_id, catalog_id, title, description, control_target, control_activity,
                               owner_user_id, state, dsg_relevant, has_personal_data, tags)
    select c.id, e.idkey, e.main_theme_id, e.sub_theme_id, e.id, e.title_de, e.description_de, e.default_control_target_de, e.default_control_activity_de,
           m.user_id, (array['analyse','bewertung','ueberwachung'])[e.i % 3 + 1]::ics_state, e.dsg_relevant, e.dsg_relevant, e.tags
    from ${fundsOf(ids, nums)}
    cross join (select *, (row_number() over (order by idkey) - 1)::int as i from ics_catalog where active order by idkey limit ${count}::int) as e
    left join ${membersOf(ids)} as m on m.customer_id = c.id and m.r = e.i % m.n`)
  const [{ n }] = (await tx.execute(sql`select count(*)::int as n from ics_catalog where active`)).rows as { n: number }[]
  const rest = count - Math.min(n, count)
  if (rest <= 0) return
  await tx.execute(sql`
    insert into ics_processes (customer_id, idkey, main_theme_id, title, description, owner_user_id, state)
    select c.id, th.leading_number || '.' || lpad((k / nt.n + 1)::text, 2, '0') || '_P', th.id, 'Individueller Prozess ' || (k + 1), 'Benchmark',
           m.user_id, (array['analyse','bewertung','ueberwachung'])[k % 3 + 1]::ics_state
    from ${fundsOf(ids, nums)}
    cross join generate_series(0, ${rest - 1}::int) as k
    cross join (select count(*)::int as n from ics_main_themes) as nt
    join (select id, leading_number, (row_number() over (order by leading_number) - 1)::int as i from ics_main_themes) as th on th.i = k % nt.n
    left join ${membersOf(ids)} as m on m.customer_id = c.id and m.r = k % m.n`)
  await tx.execute(sql`
    insert into customer_counters (customer_id, name, value)
    select c.id, 'ics_p_' || t.leading_number, ceil(${rest}::numeric / (select count(*) from ics_main_themes))::int
    from ${fundsOf(ids, nums)} cross join ics_main_themes t
    on conflict do nothing`)
}

/**
 * A year of control executions for every process of the funds (issue 25): a frequency by the process's
 * number, each period of the year, those due before today approved (one in nine deficient), the rest
 * planned. Processes that have executions in the year already are left as they are.
 */
async function addExecutions(tx: Executor, ids: string[], year: number) {
  const today = todayInZurich()
  await tx.execute(sql`
    update ics_processes p set frequency = (array['quarterly','monthly','quarterly','semiannual','annual'])[abs(hashtext(p.idkey)) % 5 + 1]::control_frequency
    where p.customer_id = any(${arr(ids)}::uuid[]) and p.frequency = 'none'`)
  await tx.execute(sql`
    insert into control_executions (customer_id, number, process_id, period, period_start, period_end, due_date, state, performer_user_id,
                                    reviewer_user_id, performed_on, result, steps, submitted_at, reviewed_by_user_id, reviewed_at, recorded_by_user_id)
    select x.customer_id,
           (coalesce((select max(e.number) from control_executions e where e.customer_id = x.customer_id), 0)
             + row_number() over (partition by x.customer_id order by x.period_start, x.idkey))::int,
           x.process_id, x.period, x.period_start, x.period_end, x.due_date,
           (case when x.done then 'approved' else 'planned' end)::execution_state, x.owner, x.reviewer,
           case when x.done then x.period_end end,
           case when x.done then (case when x.k % 9 = 4 then 'deficient' else 'effective' end)::execution_result end,
           case when x.done then 'Stichprobe gezogen und mit den Belegen abgeglichen' else '' end,
           case when x.done then x.period_end::timestamptz end,
           case when x.done then x.reviewer end,
           case when x.done then (x.period_end + 5)::timestamptz end,
           case when x.done then x.owner end
    from (
      select y.*, y.due_date < ${today}::date as done
      from (
        select p.customer_id, p.id as process_id, p.idkey, p.owner_user_id as owner, m.user_id as reviewer, g.k,
               case p.frequency when 'monthly' then ${String(year)}::text || '-' || lpad((g.k + 1)::text, 2, '0')
                                when 'quarterly' then ${String(year)}::text || '-Q' || (g.k + 1)
                                when 'semiannual' then ${String(year)}::text || '-H' || (g.k + 1)
                                else ${String(year)}::text end as period,
               (make_date(${year}::int, 1, 1) + make_interval(months => g.k * l.len))::date as period_start,
               (make_date(${year}::int, 1, 1) + make_interval(months => (g.k + 1) * l.len) - interval '1 day')::date as period_end,
               (make_date(${year}::int, 1, 1) + make_interval(months => (g.k + 1) * l.len) + interval '29 days')::date as due_date
        from ics_processes p
        cross join lateral (select case p.frequency when 'monthly' then 1 when 'quarterly' then 3 when 'semiannual' then 6 else 12 end as len) as l
        cross join lateral generate_series(0, 12 / l.len - 1) as g(k)
        left join ${membersOf(ids)} as m on m.customer_id = p.customer_id and m.r = 1 % m.n
        where p.customer_id = any(${arr(ids)}::uuid[]) and p.frequency in ('monthly', 'quarterly', 'semiannual', 'annual')
          and not exists (select 1 from control_executions e where e.process_id = p.id and e.period_start >= make_date(${year}::int, 1, 1)
                                                                  and e.period_start <= make_date(${year}::int, 12, 31))
      ) as y
    ) as x`)
  await tx.execute(sql`
    insert into customer_counters (customer_id, name, value)
    select customer_id, 'control_execution', max(number) from control_executions where customer_id = any(${arr(ids)}::uuid[]) group by customer_id
    on conflict (customer_id, name) do update set value = greatest(customer_counters.value, excluded.value)`)
}

/** Measures numbered from+1 … to: a third each fund, risk (linked to a risk) and ICS; a quarter confirmed. */
async function addMeasures(tx: Executor, ids: string[], nums: number[], from: number, to: number) {
  if (to <= from) return
  await tx.execute(sql`
    insert into measures (customer_id, idkey, source, title, body, owner_user_id, due_date, recurrence, dsg_measure, risk_id,
                          state, confirmed_at, confirmed_by_user_id, confirmation_text)
    select c.id, k + 1, (array['fund','risk','iks'])[k % 3 + 1]::measure_source, 'Massnahme ' || (k + 1),
           'Benchmark-Massnahme mit einer kurzen Beschreibung.', m.user_id, ${todayInZurich()}::date + (k % 400 - 100),
           (array[0, 7, 30, 91, 182, 365])[k % 6 + 1], k % 5 = 0, case when k % 3 = 1 then r.id end,
           (case when k % 4 = 0 then 'confirmed' else 'pending' end)::measure_state,
           case when k % 4 = 0 then now() end, case when k % 4 = 0 then m.user_id end, case when k % 4 = 0 then 'erledigt' end
    from ${fundsOf(ids, nums)}
    cross join generate_series(${from}::int, ${to - 1}::int) as k
    left join ${membersOf(ids)} as m on m.customer_id = c.id and m.r = k % m.n
    left join (select id, customer_id, (row_number() over (partition by customer_id order by idkey) - 1)::int as i,
                      count(*) over (partition by customer_id)::int as n
               from risks where customer_id = any(${arr(ids)}::uuid[])) as r on r.customer_id = c.id and r.i = k % r.n`)
  await tx.execute(sql`
    insert into customer_counters (customer_id, name, value) select c.id, 'measure', ${to}::int from ${fundsOf(ids, nums)}
    on conflict (customer_id, name) do update set value = greatest(customer_counters.value, excluded.value)`)
}

async function addDocuments(tx: Executor, ids: string[], nums: number[], count: number) {
  await tx.execute(sql`
    insert into documents (customer_id, category, name, link, link_text, present)
    select c.id, (array['fund','risk','iks','dsg'])[k % 4 + 1]::document_category, 'Dokument ' || (k + 1),
           case when k % 10 = 0 then null else 'https://intranet.bench.example/doc/' || (k + 1) || '.pdf' end, 'PDF', k % 3 <> 0
    from ${fundsOf(ids, nums)} cross join generate_series(0, ${count - 1}::int) as k`)
}

/** The KRIs every bench fund follows, with the level and swing of their values. */
const BENCH_KRIS: [key: string, base: number, swing: number][] = [
  ['coverageRatio', 109, 7],
  ['fluctuationReserve', 60, 35],
  ['technicalInterestRate', 1.9, 0.3],
  ['expectedReturn', 2.9, 0.4],
  ['shareEquities', 34, 5],
  ['shareRealEstate', 24, 3],
  ['shareAlternatives', 11, 3],
  ['shareForeignCurrencyUnhedged', 15, 4],
  ['liquidity', 3, 1.5],
  ['overdueMeasures', 2, 2],
]
const KRI_QUARTERS = 20

/**
 * Ten KRIs per fund (issue 27): the catalogue's defaults as thresholds from the first quarter, five years
 * of quarterly values up to the last quarter's end (each fund its own phase), every KRI watching the
 * fund's first risk, the council's approval and two accepted risks. The values count as told to their
 * owners (alerted_at), so that starting the app sends no mail. Funds that follow KRIs already are skipped.
 */
async function addKris(tx: Executor, ids: string[]) {
  const periods = quarterEnds(quarterEndOnOrBefore(addDays(todayInZurich(), -1)), KRI_QUARTERS)
  const keys = BENCH_KRIS.map(([key]) => key)
  await tx.execute(sql`
    insert into kris (customer_id, catalog_id, owner_user_id, frequency, created_at, updated_at)
    select c.id, k.id, m.user_id, 'quarterly', ${periods[0]}::timestamptz, ${periods[0]}::timestamptz
    from unnest(${arr(ids)}::uuid[]) as c(id)
    cross join (select id, (row_number() over (order by sort) - 1)::int as i from kri_catalog where key = any(${arr(keys)}::text[])) as k
    left join ${membersOf(ids)} as m on m.customer_id = c.id and m.r = k.i % m.n
    where not exists (select 1 from kris x where x.customer_id = c.id)`)
  const fresh = sql`(select k.id, k.customer_id, c.key, c.default_amber, c.default_red from kris k join kri_catalog c on c.id = k.catalog_id
                     where k.customer_id = any(${arr(ids)}::uuid[]) and not exists (select 1 from kri_values v where v.kri_id = k.id))`
  await tx.execute(sql`
    insert into kri_thresholds (customer_id, kri_id, valid_from, amber, red, created_at)
    select f.customer_id, f.id, ${periods[0]}::date - 90, f.default_amber, f.default_red, ${periods[0]}::timestamptz
    from ${fresh} as f where f.default_amber is not null
    on conflict do nothing`)
  await tx.execute(sql`
    insert into kri_risks (customer_id, kri_id, risk_id)
    select f.customer_id, f.id, r.id
    from ${fresh} as f
    join (select distinct on (customer_id) customer_id, id from risks where customer_id = any(${arr(ids)}::uuid[]) order by customer_id, idkey) as r
      on r.customer_id = f.customer_id
    on conflict do nothing`)
  await tx.execute(sql`
    insert into kri_values (customer_id, kri_id, period_end, value, source, entered_by_user_id, alerted_at, created_at, updated_at)
    select f.customer_id, f.id, p.period_end,
           greatest(0, round((b.base + b.swing * sin(p.i * 0.9 + (abs(hashtext(f.customer_id::text)) % 628) / 100.0))::numeric,
                             case when f.key = 'overdueMeasures' then 0 else 2 end)),
           (case when f.key = 'overdueMeasures' then 'computed' else 'import' end)::kri_value_source, null,
           p.period_end + 21, p.period_end + 20, p.period_end + 20
    from ${fresh} as f
    join unnest(${arr(BENCH_KRIS.map(([k]) => k))}::text[], ${arr(BENCH_KRIS.map(([, b]) => b))}::numeric[], ${arr(BENCH_KRIS.map(([, , w]) => w))}::numeric[])
      as b(key, base, swing) on b.key = f.key
    cross join unnest(${arr(periods)}::date[]) with ordinality as p(period_end, i)
    on conflict do nothing`)
  await tx.execute(sql`
    insert into risk_appetite_approvals (customer_id, approved_on, decision_reference, approved_by, score_limit, recorded_by_user_id)
    select c.id, ${periods[KRI_QUARTERS - 4]}::date + 40, 'Stiftungsratsbeschluss Risikoappetit', 'Stiftungsrat', 9, null
    from unnest(${arr(ids)}::uuid[]) as c(id)
    where not exists (select 1 from risk_appetite_approvals a where a.customer_id = c.id)`)
  await tx.execute(sql`
    insert into risk_acceptances (customer_id, risk_id, accepted_on, accepted_by, decision_reference, justification, valid_until, net_score)
    select r.customer_id, r.id, ${periods[KRI_QUARTERS - 2]}::date, 'Stiftungsrat', 'Stiftungsratsbeschluss', 'Nettorisiko im Appetit; Massnahmen unverhältnismässig.',
           ${periods[KRI_QUARTERS - 2]}::date + 365, r.score
    from (select r.customer_id, r.id, (p.ref * s.ref)::int as score,
                 row_number() over (partition by r.customer_id order by r.idkey) as k
          from risks r join probability_levels p on p.id = r.probability_level_id join severity_levels s on s.id = r.severity_level_id
          where r.customer_id = any(${arr(ids)}::uuid[]) and p.ref * s.ref <= 9) as r
    where r.k <= 2 and not exists (select 1 from risk_acceptances a where a.customer_id = r.customer_id)`)
}

/**
 * Providers, findings and the council's decisions (issue 28): `providers` providers per fund (every
 * service and criticality, one in five keeping data abroad under standard clauses, half with a yearly
 * assurance due, contracts ending over the next years), `findings` findings (every source, open, in
 * progress and done, a third past their deadline) and `decisions` decisions over the last two years.
 * Funds that have providers already are skipped; the counters go on after the numbers given.
 */
async function addGovernance(tx: Executor, ids: string[], providers: number, findings: number, decisions: number) {
  const today = todayInZurich()
  const fresh = sql`(select id from unnest(${arr(ids)}::uuid[]) as c(id) where not exists (select 1 from providers p where p.customer_id = c.id))`
  const freshIds = ((await tx.execute(sql`select id from ${fresh} as f`)).rows as { id: string }[]).map((r) => r.id)
  if (!freshIds.length) return
  const funds = sql`unnest(${arr(freshIds)}::uuid[]) as c(id)`
  await tx.execute(sql`
    insert into providers (customer_id, number, name, service, criticality, description, owner_user_id, contact_name, contact_email,
      contract_start, contract_end, notice_months, dpa_signed_on, dsg_role, data_countries, abroad_safeguard, exit_plan,
      assurance_required, assurance_due_month)
    select c.id, k + 1, 'Dienstleister ' || (k + 1) || ' AG',
           (enum_range(null::provider_service))[k % 8 + 1], (enum_range(null::provider_criticality))[k % 3 + 1],
           'Benchmark', m.user_id, 'Kontakt ' || (k + 1), 'kontakt' || (k + 1) || '@dienstleister.example',
           ${today}::date - 2000 + k, case when k % 3 = 0 then null else ${today}::date + 20 + k * 37 end, case when k % 3 = 0 then null else 3 + k % 4 end,
           ${today}::date - 1500, (enum_range(null::provider_dsg_role))[k % 3 + 1],
           case when k % 5 = 0 then '{CH,IE}'::text[] else '{CH}'::text[] end, case when k % 5 = 0 then 'standardClauses'::abroad_safeguard end,
           'Übergabe an den Ersatzanbieter innert sechs Monaten', k % 2 = 0, k % 12 + 1
    from ${funds} cross join generate_series(0, ${providers - 1}::int) as k
    left join ${membersOf(freshIds)} as m on m.customer_id = c.id and m.r = k % m.n`)
  await tx.execute(sql`
    insert into council_decisions (customer_id, number, subject, decided_on, reference, title, text, decided_by)
    select c.id, b.n + k + 1, (enum_range(null::decision_subject))[k % 9 + 1], ${today}::date - 730 + k * (700 / ${decisions}::int),
           'SR-Protokoll ' || (k / 4 + 1) || ', Traktandum ' || (k % 4 + 1), 'Beschluss ' || (k + 1), 'Benchmark', 'Stiftungsrat'
    from ${funds}
    -- After the decisions a fund's KRI appetite and acceptances already rest on (their seed records them).
    cross join lateral (select coalesce(max(d.number), 0) as n from council_decisions d where d.customer_id = c.id) as b
    cross join generate_series(0, ${decisions - 1}::int) as k`)
  await tx.execute(sql`
    insert into findings (customer_id, number, source, reference, issued_on, title, text, severity, deadline, owner_user_id, state, response, done_on)
    select c.id, k + 1, (enum_range(null::finding_source))[k % 4 + 1], 'Bericht ' || (k / 3 + 1), ${today}::date - 400 + k * 5,
           'Feststellung ' || (k + 1), 'Benchmark', (enum_range(null::finding_severity))[k % 3 + 1],
           ${today}::date - 400 + k * 5 + (case when k % 3 = 0 then 60 else 500 end), m.user_id,
           (array['open', 'inProgress', 'done'])[k % 3 + 1]::finding_state, '', case when k % 3 = 2 then ${today}::date - 1 end
    from ${funds} cross join generate_series(0, ${findings - 1}::int) as k
    left join ${membersOf(freshIds)} as m on m.customer_id = c.id and m.r = k % m.n`)
  await tx.execute(sql`
    insert into customer_counters (customer_id, name, value)
    select c.id, x.name, x.value from ${funds}
    cross join (values ('provider', ${providers}::int), ('finding', ${findings}::int)) as x(name, value)
    on conflict (customer_id, name) do update set value = greatest(customer_counters.value, excluded.value)`)
  await tx.execute(sql`
    insert into customer_counters (customer_id, name, value)
    select c.id, 'councilDecision', (select max(d.number) from council_decisions d where d.customer_id = c.id) from ${funds}
    on conflict (customer_id, name) do update set value = greatest(customer_counters.value, excluded.value)`)
}

/** The bench customer's underfunding case: a quarter below 100 % two years ago, its six duties done. */
async function addUnderfunding(tx: Executor, id: string) {
  const periodEnd = quarterEnds(quarterEndOnOrBefore(addDays(todayInZurich(), -1)), 9)[0]
  const [row] = (
    await tx.execute(sql`
      insert into underfunding_cases (customer_id, period_end, coverage_ratio, closed_on)
      select ${id}, ${periodEnd}::date, 98.4, ${periodEnd}::date + 330
      where not exists (select 1 from underfunding_cases where customer_id = ${id})
      returning id`)
  ).rows as { id: string }[]
  if (!row) return
  await tx.execute(sql`
    insert into underfunding_duties (customer_id, case_id, duty, due_on, done_on, evidence)
    select ${id}, ${row.id}, d.duty::underfunding_duty, ${periodEnd}::date + d.days, ${periodEnd}::date + d.days - 20, 'Erledigt, Beleg abgelegt'
    from (values ${sql.join(
      UNDERFUNDING_DUTIES.map((d) => sql`(${d}, ${UNDERFUNDING_DUTY_DAYS[d]}::int)`),
      sql`, `,
    )}) as d(duty, days)`)
}

const count = async (tx: Executor, table: string, customerId: string) =>
  ((await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where customer_id = ${customerId}`)).rows[0] as { n: number }).n

// The demo accounts and both catalogues.
if (!(await asSystem('bench seed', (tx) => tx.query.users.findFirst({ where: eq(users.email, 'sadmin@example.com') })))) {
  console.log('[bench] loading the demo data (demo accounts)')
  await seedDemo()
}
await asSystem('bench seed', async (tx) => {
  await seedRiskCatalog(tx)
  await seedIcsCatalog(tx)
  await seedKriCatalog(tx)
})
const passwordHash = await hash(PASSWORD)

// The operator pages sign in as the bench's own super admin, with the second factor on (bench/operator.ts):
// super admins must have it (issue 12), and the demo operator has none. Sealed with this data folder's key.
await asSystem('bench seed', async (tx) => {
  const secondFactor = { isSuperAdmin: true, totpSecret: seal(BENCH_OPERATOR.totpSecret), totpEnabledAt: new Date(), totpLastStep: null }
  const had = await tx.query.users.findFirst({ where: eq(users.email, BENCH_OPERATOR.email) })
  if (had) await tx.update(users).set(secondFactor).where(eq(users.id, had.id))
  else await tx.insert(users).values({ email: BENCH_OPERATOR.email, passwordHash, firstName: 'Bench', lastName: 'Operator', language: 'de', ...secondFactor })
})

// The large bench customer.
await asSystem('bench seed', async (tx) => {
  let customer = await tx.query.customers.findFirst({ where: eq(customers.name, NAME) })
  if (!customer) {
    ;[customer] = await tx.insert(customers).values({ name: NAME, language: 'de' }).returning()
    const [user] = await tx
      .insert(users)
      .values({ email: 'bench@example.com', passwordHash, firstName: 'Bench', lastName: 'Mark', language: 'de' })
      .onConflictDoNothing()
      .returning()
    const userId = user?.id ?? (await tx.query.users.findFirst({ where: eq(users.email, 'bench@example.com') }))!.id
    const [membership] = await tx.insert(memberships).values({ userId, customerId: customer.id }).onConflictDoNothing().returning()
    if (membership) await writeRights(tx, membership, { risk: { enabled: true, role: 'admin' }, iks: { enabled: true, role: 'admin' } })
    await provisionCustomer(tx, customer.id, 'de')
    // Every catalogue risk, then 300 individual ones.
    await tx.execute(sql`
      insert into risks (customer_id, idkey, theme_id, catalog_id, title, description, owner_user_id, probability_level_id, severity_level_id, state, dsg_relevant)
      select ${customer.id}, e.idkey, e.theme_id, e.id, e.title_de, e.description_de, ${userId}, p.id, s.id,
             (array['analyse','bewertung','steuerung','ueberwachung'])[e.i % 4 + 1]::risk_state, e.i % 7 = 0
      from (select *, (row_number() over (order by idkey) - 1)::int as i from ${riskCatalog}) as e
      left join probability_levels p on p.customer_id = ${customer.id} and p.ref = e.i % 5 + 1
      left join severity_levels s on s.customer_id = ${customer.id} and s.ref = (e.i * 3) % 5 + 1`)
    await addRisks(tx, [customer.id], [0], 300)
    await addDocuments(tx, [customer.id], [0], 1000)
  }
  const id = customer.id
  if ((await count(tx, 'ics_processes', id)) === 0) await addProcesses(tx, [id], [0], 60)
  await addExecutions(tx, [id], Number(todayInZurich().slice(0, 4)))
  // The loyalty area as the demo fund has it (issue 26): persons, two campaigns, transactions, changes; once.
  await seedLoyalty(tx, id, new Map(), null)
  const [{ n: measureCount }] = (await tx.execute(sql`select coalesce(max(idkey), 0)::int as n from measures where customer_id = ${id}`)).rows as {
    n: number
  }[]
  await addMeasures(tx, [id], [0], measureCount, LARGE_MEASURES)
  await addKris(tx, [id])
  await addUnderfunding(tx, id)
  await addGovernance(tx, [id], 60, 90, 40)
  console.log(
    `[bench] ${NAME}: ${await count(tx, 'risks', id)} risks, ${await count(tx, 'ics_processes', id)} ICS processes, ${await count(tx, 'control_executions', id)} control executions, ${await count(tx, 'loyalty_declarations', id)} loyalty declarations, ${await count(tx, 'measures', id)} measures, ${await count(tx, 'documents', id)} documents, ${await count(tx, 'kri_values', id)} KRI values, ${await count(tx, 'providers', id)} providers, ${await count(tx, 'findings', id)} findings, ${await count(tx, 'council_decisions', id)} decisions; sign in as bench@example.com (${elapsed()})`,
  )
})

// The funds at the scale of every Swiss pension fund.
if (FUNDS > 0) {
  const existing = await asSystem('bench seed', async (tx) =>
    tx
      .select({ name: customers.name })
      .from(customers)
      .where(like(customers.name, `${FUND_PREFIX}%`)),
  )
  const have = new Set(existing.map((c) => c.name))
  const missing = Array.from({ length: FUNDS }, (_, i) => i + 1).filter((n) => !have.has(fundName(n)))
  console.log(`[bench] ${FUNDS} funds wanted, ${FUNDS - missing.length} there, adding ${missing.length}`)
  for (let b = 0; b < missing.length; b += BATCH) {
    const nums = missing.slice(b, b + BATCH)
    await asSystem('bench seed', async (tx) => {
      const rows = await tx
        .insert(customers)
        .values(nums.map((n) => ({ name: fundName(n), language: 'de' as const })))
        .returning({ id: customers.id, name: customers.name })
      const ids = nums.map((n) => rows.find((r) => r.name === fundName(n))!.id)
      for (const id of ids) await provisionCustomer(tx, id, 'de')
      // Ten members: the first an admin of both tools, then writers, readers and a DSG role.
      await tx.execute(sql`
        insert into users (email, password_hash, first_name, last_name, language)
        select 'bench.f' || lpad(c.n::text, 4, '0') || '.u' || lpad(k::text, 2, '0') || '@example.com', ${passwordHash}, 'Person ' || k, 'Fonds ' || c.n, 'de'
        from ${fundsOf(ids, nums)} cross join generate_series(1, 10) as k
        on conflict do nothing`)
      await tx.execute(sql`
        insert into memberships (user_id, customer_id)
        select u.id, c.id
        from ${fundsOf(ids, nums)} cross join generate_series(1, 10) as k
        join users u on lower(u.email) = 'bench.f' || lpad(c.n::text, 4, '0') || '.u' || lpad(k::text, 2, '0') || '@example.com'`)
      // The same role on both tools, a row each (decision 0057).
      await tx.execute(sql`
        insert into membership_tool_rights (membership_id, customer_id, tool, enabled, role)
        select m.id, c.id, t.tool, true, r.role
        from ${fundsOf(ids, nums)} cross join generate_series(1, 10) as k
        cross join lateral (select (case when k = 1 then 'admin' when k <= 5 then 'write' when k <= 9 then 'read' else 'dsg' end)::role as role) as r
        join users u on lower(u.email) = 'bench.f' || lpad(c.n::text, 4, '0') || '.u' || lpad(k::text, 2, '0') || '@example.com'
        join memberships m on m.user_id = u.id and m.customer_id = c.id
        cross join unnest(enum_range(null::tool)) as t(tool)`)
      await addRisks(tx, ids, nums, 100)
      await addProcesses(tx, ids, nums, 60)
      await addExecutions(tx, ids, Number(todayInZurich().slice(0, 4)))
      await addMeasures(tx, ids, nums, 0, 400)
      await addDocuments(tx, ids, nums, 100)
    })
    console.log(`[bench] funds ${b + nums.length}/${missing.length} (${elapsed()})`)
  }
  // The KRIs of funds seeded before them (issue 27), in batches; new funds get them here too.
  const withoutKris = await asSystem('bench seed', async (tx) =>
    (
      await tx.execute(
        sql`select c.id from customers c where c.name like ${`${FUND_PREFIX}%`} and not exists (select 1 from kris k where k.customer_id = c.id) order by c.name`,
      )
    ).rows.map((r) => (r as { id: string }).id),
  )
  for (let b = 0; b < withoutKris.length; b += BATCH) {
    await asSystem('bench seed', (tx) => addKris(tx, withoutKris.slice(b, b + BATCH)))
    console.log(`[bench] KRIs of funds ${Math.min(b + BATCH, withoutKris.length)}/${withoutKris.length} (${elapsed()})`)
  }
  // Providers, findings and decisions (issue 28) of funds without providers yet, in batches; new funds get them here too.
  const withoutProviders = await asSystem('bench seed', async (tx) =>
    (
      await tx.execute(
        sql`select c.id from customers c where c.name like ${`${FUND_PREFIX}%`} and not exists (select 1 from providers p where p.customer_id = c.id) order by c.name`,
      )
    ).rows.map((r) => (r as { id: string }).id),
  )
  for (let b = 0; b < withoutProviders.length; b += BATCH) {
    await asSystem('bench seed', (tx) => addGovernance(tx, withoutProviders.slice(b, b + BATCH), 8, 5, 6))
    console.log(`[bench] providers, findings and decisions of funds ${Math.min(b + BATCH, withoutProviders.length)}/${withoutProviders.length} (${elapsed()})`)
  }
  const totals = await asSystem('bench seed', async (tx) => {
    const out: Record<string, number> = {}
    for (const table of [
      'customers',
      'users',
      'memberships',
      'risks',
      'ics_processes',
      'control_executions',
      'measures',
      'documents',
      'kri_values',
      'providers',
      'findings',
      'council_decisions',
    ]) {
      out[table] = ((await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0] as { n: number }).n
    }
    return out
  })
  console.log(
    `[bench] rows in the database: ${Object.entries(totals)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  )
}
console.log(`[bench] done in ${elapsed()}`)
await close()

function fundName(n: number) {
  return `${FUND_PREFIX}${String(n).padStart(4, '0')}`
}
