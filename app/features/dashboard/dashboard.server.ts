import { and, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { type CustomerAccess, effectiveUserId } from '#models/core/access.ts'
import type { Language } from '#models/core/constants.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import {
  controlExecutions,
  findings,
  icsMainThemes,
  loyaltyCampaigns,
  loyaltyDeclarations,
  personChanges,
  icsProcesses,
  icsQuality,
  icsSettings,
  measures,
  news,
  probabilityLevels,
  providers,
  risks,
  severityLevels,
} from '#models/schema/index.ts'
import { filterWhere, visibleTabs, REMINDER_WINDOW_DAYS } from '#app/features/measures/face.server.ts'
import { measureVisibility } from '#models/core/visibility.server.ts'
import { mainName, inventoryVisible, type ProcessItem, processSummaryColumns, type RiskItem, riskSummaryColumns } from '#app/features/inventory/face.server.ts'
import { localText } from '#app/features/news/face.server.ts'
import { statementFamily } from '#models/core/db.server.ts'
import { jsonList } from '#models/core/sql-helpers.ts'
import { addDays } from '#models/core/dates.ts'
import { type DsgHeadColumns, dsgHeadColumns, dsgHeadOf } from '#app/features/dsg/face.server.ts'
import { COVERAGE_RATIO_KEY, PROVIDER_NOTICE_LEAD_DAYS, type KriDirection, type KriStatus, type KriUnit } from '#models/core/constants.ts'
import { judge, THRESHOLD_IN_FORCE } from '#models/core/kri-status.ts'
import { assuranceStateSql } from '#models/core/assurance-state.server.ts'

/**
 * The dashboard's data in one statement: the user's pending measures, risks and ICS processes
 * (each the first ten and their total) and the current news. The page read them with eight
 * statements before; each is a round trip and drizzle built each one's text per request.
 *
 * The rules are those of the services the lists link to, and the tests hold them to them:
 * measures as `Measures.for(access).list()` of the user's pending ones (visibility of measures.server.ts),
 * risks and processes as the inventory kit's `list()` of the user's own (a dsg role sees only DSG-relevant records), news as
 * `News.for(access).current()`. For the dsg role and admins it adds the data protection area's head
 * row, the columns of the overview's statement (dsg.server.ts), judged by the placeholders `today`
 * and `now`.
 */

export const DASHBOARD_ROWS = 10
const NEWS_ROWS = 5

const user = sql.placeholder('user')
const today = sql.placeholder('today')

/** The tabs of the measures list the top row counts for: every tab a reader of a tool opens but "all". */
export type MeasureFigureTab = 'fund' | 'risk' | 'iks' | 'dsg'
/** Whether the user gets the top row at all: those who read a tool (not the dsg role alone, nor members without a tool). */
export const readsATool = (p: Permissions) => p.tools.risk.read || p.tools.iks.read
export const measureFigureTabs = (p: Permissions): MeasureFigureTab[] =>
  readsATool(p) ? (visibleTabs(p).filter((t) => t !== 'all') as MeasureFigureTab[]) : []

/**
 * The top row (issue 11): per tab of the measures list the pending measures overdue and due soon,
 * counted with the list's own filter (status=overdue; status=due up to `soon`, the reminders' window),
 * so that a figure opens a list of as many rows; the risk map's counts and the fund's levels; the
 * quality index per main process and the council's minimum.
 */
function topRowColumns(p: Permissions, language: Language): SQL[] {
  const columns: SQL[] = []
  const tabs = measureFigureTabs(p)
  if (tabs.length) {
    const base = { view: 'pending', sort: 'dueDate', dir: 'asc' } as const
    // A count per figure: each is a range on the due date's index, cheaper on a large fund than one
    // pass over every pending measure with a filter per figure (measured: 2.5 against 3.1 ms of PostgreSQL per page).
    const figures = tabs.map(
      (tab) => sql`${tab}::text, json_build_object(
        'overdue', (select count(*)::int from ${measures} where ${filterWhere(p, { ...base, tab, status: 'overdue' })}),
        'dueSoon', (select count(*)::int from ${measures} where ${filterWhere(p, { ...base, tab, status: 'due', to: 'to' })}))`,
    )
    columns.push(sql`json_build_object(${sql.join(figures, sql`, `)}) as measure_figures`)
  }
  if (p.tools.risk.read) {
    columns.push(
      sql`(select coalesce(json_agg(json_build_object('ref', ${probabilityLevels.ref}, 'label', ${probabilityLevels.name}) order by ${probabilityLevels.ref}), '[]'::json) from ${probabilityLevels}) as probability_levels`,
      sql`(select coalesce(json_agg(json_build_object('ref', ${severityLevels.ref}, 'label', ${severityLevels.size}) order by ${severityLevels.ref}), '[]'::json) from ${severityLevels}) as severity_levels`,
      sql`(select coalesce(json_agg(json_build_object('probability', t.p, 'severity', t.s, 'count', t.n)), '[]'::json) from (
            select pl.ref as p, sl.ref as s, count(*)::int as n from ${risks}
            join ${probabilityLevels} pl on pl.id = ${risks.probabilityLevelId}
            join ${severityLevels} sl on sl.id = ${risks.severityLevelId}
            group by pl.ref, sl.ref) t) as risk_cells`,
    )
  }
  if (p.tools.iks.read) {
    columns.push(
      sql`${jsonList(
        sql`json_build_object('id', t.id, 'leadingNumber', t.leading_number, 'name', t.name, 'level', t.level)`,
        sql`select ${icsMainThemes.id}, ${icsMainThemes.leadingNumber}, ${mainName(language)} as name, ${icsQuality.level}
            from ${icsMainThemes} left join ${icsQuality} on ${icsQuality.mainThemeId} = ${icsMainThemes.id}`,
        sql`t.leading_number`,
      )} as quality`,
      sql`coalesce((select ${icsSettings.councilMinimum} from ${icsSettings} limit 1), 3) as council_minimum`,
    )
  }
  return columns
}

type Shape = { p: Permissions; language: Language }

function build({ p, language }: Shape): SQL {
  const { risk, iks } = p.tools
  const columns: SQL[] = []

  columns.push(...topRowColumns(p, language))

  if (p.customer) {
    const mine = and(measureVisibility(p), eq(measures.state, 'pending'), eq(measures.ownerUserId, user))
    columns.push(
      sql`${jsonList(
        sql`json_build_object('id', t.id, 'idkey', t.idkey, 'iteration', t.iteration, 'title', t.title, 'dueDate', t.due_date, 'source', t.source, 'dsgMeasure', t.dsg_measure)`,
        sql`select ${measures.id}, ${measures.idkey}, ${measures.iteration}, ${measures.title}, ${measures.dueDate}, ${measures.source}, ${measures.dsgMeasure}
            from ${measures} where ${mine} order by ${measures.dueDate}, ${measures.idkey} limit ${DASHBOARD_ROWS}`,
        sql`t.due_date, t.idkey`,
      )} as measures`,
      sql`(select count(*)::int from ${measures} where ${mine}) as measure_total`,
    )
  }

  if (risk.use) {
    const mine = sql`${inventoryVisible(risk.mode, risks.dsgRelevant)} and ${risks.ownerUserId} = ${user}`
    columns.push(...riskSummaryColumns(mine, DASHBOARD_ROWS))
  }

  if (iks.use) {
    const mine = sql`${inventoryVisible(iks.mode, icsProcesses.dsgRelevant)} and ${icsProcesses.ownerUserId} = ${user}`
    columns.push(...processSummaryColumns(mine, DASHBOARD_ROWS))
  }

  // The control executions (issue 25): mine to carry out, due (period ended) and overdue, returned
  // to me, and those waiting for my signature. The same rule as the executions list's filters
  // (models/core/execution-state.ts), so that a figure opens a list of as many rows.
  if (iks.read) {
    columns.push(sql`json_build_object(
      'due', (select count(*)::int from ${controlExecutions} where ${controlExecutions.performerUserId} = ${user}
        and ${controlExecutions.state} = 'planned' and ${controlExecutions.periodEnd} <= ${today}::date and ${controlExecutions.dueDate} >= ${today}::date),
      'overdue', (select count(*)::int from ${controlExecutions} where ${controlExecutions.performerUserId} = ${user}
        and ${controlExecutions.state} = 'planned' and ${controlExecutions.dueDate} < ${today}::date),
      'returned', (select count(*)::int from ${controlExecutions} where ${controlExecutions.performerUserId} = ${user} and ${controlExecutions.state} = 'returned'),
      'toReview', (select count(*)::int from ${controlExecutions} where ${controlExecutions.reviewerUserId} = ${user} and ${controlExecutions.state} = 'submitted')
    ) as executions`)
  }

  // The loyalty area's open ends, for admins (issue 26): declarations of an open campaign past their due
  // date, the council's findings not yet resolved, changes of persons not yet reported to the supervisor.
  if (p.loyalty.manage) {
    columns.push(sql`json_build_object(
      'overdue', (select count(*)::int from ${loyaltyDeclarations} d join ${loyaltyCampaigns} c on c.id = d.campaign_id
        where d.state = 'requested' and c.closed_at is null and c.due_date < ${today}::date),
      'findings', (select count(*)::int from ${loyaltyDeclarations} d where d.review_finding and d.finding_resolved_on is null),
      'unreported', (select count(*)::int from ${personChanges} pc where pc.reported_on is null)
    ) as loyalty`)
  }

  // The KRIs (issue 27), for readers of RM: each active KRI's latest value with the thresholds in force
  // on its date (judged below, by the one rule), and the open underfunding duties past their due date.
  // A lateral read of the (kri, period_end) index per KRI: a fund follows a score of KRIs.
  if (p.kri.read) {
    columns.push(sql`json_build_object(
      'latest', (select coalesce(json_agg(json_build_object('key', c.key, 'unit', c.unit, 'direction', c.direction,
          'periodEnd', v.period_end, 'value', v.value, 'amber', th.amber, 'red', th.red)), '[]'::json)
        from kris k join kri_catalog c on c.id = k.catalog_id
        cross join lateral (select v.value, v.period_end from kri_values v where v.kri_id = k.id order by v.period_end desc limit 1) v
        left join lateral ${sql.raw(THRESHOLD_IN_FORCE)} th on true
        where k.active),
      'overdueDuties', (select count(*)::int from underfunding_duties d join underfunding_cases uc on uc.id = d.case_id
        where uc.closed_on is null and d.done_on is null and d.due_on < ${today}::date)
    ) as kri`)
  }

  // Providers and findings (issue 28), for their readers: the providers whose assurance of the year is
  // overdue or deficient (models/core/assurance-state.server.ts, as the providers' pages judge it), the contracts whose
  // last notice day (the end less the notice months) falls within PROVIDER_NOTICE_LEAD_DAYS, and the
  // findings open or in progress, those past their deadline (escalated) counted apart. The same rules as
  // the report's (report/governance.server.ts) and the lists' filters the tiles link to.
  if (p.providers.read) {
    columns.push(sql`(select json_build_object(
        'assuranceOverdue', count(*) filter (where a.state = 'overdue'),
        'assuranceDeficient', count(*) filter (where a.state = 'deficient'),
        'notice', count(*) filter (where a.notice_day between ${today}::date and ${today}::date + ${PROVIDER_NOTICE_LEAD_DAYS}::int))
      from ${providers}
      cross join lateral (select ${assuranceStateSql(today)} as state,
          (${providers.contractEnd} - make_interval(months => coalesce(${providers.noticeMonths}, 0)))::date as notice_day) a
      where ${providers.endedOn} is null or ${providers.endedOn} > ${today}::date) as providers`)
  }
  if (p.findings.read) {
    columns.push(sql`(select json_build_object(
        'open', count(*),
        'escalated', count(*) filter (where f.deadline < ${today}::date))
      from ${findings} f where f.state in ('open', 'inProgress')) as findings`)
  }

  // The data protection part: the dsg role and admins (issue 10), with the figures of the overview's head row.
  if (p.dsg.sensitive) columns.push(...dsgHeadColumns(p))

  // News.for(access).current(): meant for everyone, the customer, or a tool one uses; valid today.
  const audiences = [eq(news.visibleFor, 'all'), eq(news.visibleFor, 'customer')]
  if (iks.use) audiences.push(eq(news.visibleFor, 'iks'))
  if (risk.use) audiences.push(eq(news.visibleFor, 'risk'))
  const text = localText(language)
  columns.push(
    sql`${jsonList(
      sql`json_build_object('id', t.id, 'title', t.title, 'lead', t.lead, 'body', t.body, 'language', t.language, 'date', t.date)`,
      sql`select ${news.id}, ${text.title} as title, ${text.lead} as lead, ${text.body} as body, ${text.language} as language, ${news.date},
            ${news.title} as sort_title
          from ${news}
          where ${and(or(...audiences), or(isNull(news.validFrom), lte(news.validFrom, today)), or(isNull(news.validUntil), gte(news.validUntil, today)))}
          order by ${desc(news.date)}, ${news.title} limit ${NEWS_ROWS}`,
      sql`t.date desc, t.sort_title`,
    )} as news`,
  )
  return sql`select ${sql.join(columns, sql`, `)}`
}

const dashboardStatement = statementFamily<Shape, { user: string; today: string; now: string; to: string }, DashboardRow>(
  ({ p, language }) =>
    `${p.tools.risk.mode}.${p.tools.iks.mode}.${p.dsg.sensitive}.${p.loyalty.manage}.${p.kri.read}.${p.providers.read}.${p.findings.read}.${language}`,
  build,
)

type MeasureItem = { id: string; idkey: number; iteration: number; title: string; dueDate: string; source: 'fund' | 'risk' | 'iks'; dsgMeasure: boolean }
type NewsItem = { id: string; title: string; lead: string; body: string; language: Language; date: string }
export type MeasureFigures = Partial<Record<MeasureFigureTab, { overdue: number; dueSoon: number }>>
type Level = { ref: number; label: string }
export type RiskCells = { probability: Level[]; severity: Level[]; counts: { probability: number; severity: number; count: number }[] }
export type QualityFigures = { themes: { id: string; leadingNumber: number; name: string; level: number | null }[]; councilMinimum: number }
type DashboardRow = DsgHeadColumns & {
  measure_figures?: MeasureFigures
  probability_levels?: Level[]
  severity_levels?: Level[]
  risk_cells?: RiskCells['counts']
  quality?: QualityFigures['themes']
  council_minimum?: number

  measures?: MeasureItem[]
  measure_total?: number
  risks?: RiskItem[]
  risk_total?: number
  processes?: ProcessItem[]
  process_total?: number
  executions?: ExecutionFigures
  loyalty?: LoyaltyFigures
  kri?: { latest: KriLatest[]; overdueDuties: number }
  providers?: ProviderFigures
  findings?: FindingFigures
  news: NewsItem[]
}

/** Providers needing attention, for readers of providers: assurance overdue or deficient, last notice day within the lead days. */
export type ProviderFigures = { assuranceOverdue: number; assuranceDeficient: number; notice: number }
/** Findings open or in progress, and those past their deadline (escalated), for readers of findings. */
export type FindingFigures = { open: number; escalated: number }

type KriLatest = {
  key: string
  unit: KriUnit
  direction: KriDirection
  periodEnd: string
  value: string | number
  amber: string | number | null
  red: string | number | null
}

/** The KRIs for readers of RM: the coverage ratio's latest value, the KRIs red and amber at their latest values, the underfunding duties overdue. */
export type KriFigures = {
  coverage: { value: string; unit: KriUnit; periodEnd: string; status: KriStatus | null } | null
  red: number
  amber: number
  overdueDuties: number
}

function kriFiguresOf(row: { latest: KriLatest[]; overdueDuties: number }): KriFigures {
  let red = 0
  let amber = 0
  let coverage: KriFigures['coverage'] = null
  for (const k of row.latest) {
    const status = judge(k.value, k.direction, k.amber !== null && k.red !== null ? { amber: k.amber, red: k.red } : null)
    if (status === 'red') red++
    if (status === 'amber') amber++
    if (k.key === COVERAGE_RATIO_KEY) coverage = { value: String(k.value), unit: k.unit, periodEnd: k.periodEnd, status }
  }
  return { coverage, red, amber, overdueDuties: row.overdueDuties }
}

/** The loyalty area's open ends, for admins. */
export type LoyaltyFigures = { overdue: number; findings: number; unreported: number }

/** The acting user's control executions: to carry out (due, overdue, returned) and to sign. */
export type ExecutionFigures = { due: number; overdue: number; returned: number; toReview: number }

/** What the dashboard shows of the acting user, in one round trip; `today` is the day in Zurich of `now`. */
export async function dashboardData(access: CustomerAccess, today: string, language: Language, now: Date = new Date()) {
  const p = permissionsOf(access)
  const soon = addDays(today, REMINDER_WINDOW_DAYS)
  const [row] = await withCustomer(access, (tx) =>
    dashboardStatement(tx, { p, language }, { user: effectiveUserId(access), today, now: now.toISOString(), to: soon }),
  )
  const riskCells: RiskCells | null =
    row.risk_cells && row.probability_levels && row.severity_levels
      ? { probability: row.probability_levels, severity: row.severity_levels, counts: row.risk_cells }
      : null
  const quality: QualityFigures | null = row.quality ? { themes: row.quality, councilMinimum: row.council_minimum ?? 3 } : null
  return {
    top: readsATool(p) ? { measures: row.measure_figures ?? {}, soon, riskCells, quality } : null,
    dsg: dsgHeadOf(row, now),
    measures: { rows: row.measures ?? [], total: row.measure_total ?? 0 },
    risks: row.risks ? { rows: row.risks, total: row.risk_total ?? 0 } : null,
    processes: row.processes ? { rows: row.processes, total: row.process_total ?? 0 } : null,
    executions: row.executions ?? null,
    loyalty: row.loyalty ?? null,
    kri: row.kri ? kriFiguresOf(row.kri) : null,
    providers: row.providers ?? null,
    findings: row.findings ?? null,
    news: row.news,
  }
}
