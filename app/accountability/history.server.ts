import { type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import type { Language } from '#models/core/constants.ts'
import type { Executor } from '#models/core/db.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { formatDate } from '#models/core/dates.ts'
import { logEntryReads } from '#models/core/read-log.server.ts'
import { auditReadKind, type ReadKind } from './read-log.server.ts'
import { RECORD_PREFIX } from '#models/core/record-number.ts'
import { type AuditFields, type FieldKind as Kind, type FieldTable as Table, technical } from '#models/core/audit-fields.ts'
import { auditFields as riskFields } from '#app/features/inventory/risk/audit-fields.ts'
import { auditFields as icsFields } from '#app/features/inventory/ics/audit-fields.ts'
import { auditFields as measuresFields } from '#app/features/measures/audit-fields.ts'
import { auditFields as documentsFields } from '#app/features/documents/audit-fields.ts'
import { auditFields as workProcessFields } from '#app/features/work-processes/audit-fields.ts'
import { auditFields as dsgFields } from '#app/features/dsg/audit-fields.ts'
import { auditFields as identityFields } from '#app/auth/audit-fields.ts'
import { auditFields as signInProviderFields } from '#app/features/sign-in-provider/audit-fields.ts'
import { auditFields as adminFields } from '#app/features/admin/audit-fields.ts'
import { auditFields as reportFields } from '#app/features/report/audit-fields.ts'
import { auditFields as importFields } from '#app/features/import/audit-fields.ts'
import { auditFields as executionFields } from '#app/features/executions/audit-fields.ts'
import { auditFields as declarationFields } from '#app/features/loyalty/declarations/audit-fields.ts'
import { auditFields as relatedTransactionFields } from '#app/features/loyalty/transactions/audit-fields.ts'
import { auditFields as loyaltyPersonFields } from '#app/features/loyalty/persons/audit-fields.ts'
import { auditFields as personChangeFields } from '#app/features/loyalty/changes/audit-fields.ts'
import { auditFields as loyaltySampleFields } from '#app/features/loyalty/sample/audit-fields.ts'
import { auditFields as underfundingFields } from '#app/features/kri/underfunding/audit-fields.ts'
import { auditFields as kriFields } from '#app/features/kri/audit-fields.ts'
import { auditFields as riskAcceptanceFields } from '#app/features/kri/acceptance/audit-fields.ts'
import { auditFields as findingFields } from '#app/features/findings/audit-fields.ts'
import { auditFields as providerFields } from '#app/features/providers/audit-fields.ts'
import { auditFields as councilDecisionFields } from '#app/features/decisions/audit-fields.ts'

/*
 * A readable history (issue 12, decision 0034): the audit entries of one record, with who, when, on
 * behalf of whom, and each changed field as "label: old → new" in the reader's language. The field
 * labels are the forms' labels; values are resolved to what the forms show (names of people, bodies
 * and levels, translated enum values, Ja/Nein, dd.mm.yyyy). What the audit keeps only for the
 * machine (ids of the record itself, its catalogue entry, versions, the block saved) is left out;
 * a field no table knows is shown under a generic label, never by its technical name.
 */

/** The field tables, one per audit component (the `component` of writeAudit), as the features state them. */
export const FIELD_TABLES: AuditFields = {
  ...riskFields,
  ...icsFields,
  ...measuresFields,
  ...documentsFields,
  ...workProcessFields,
  ...dsgFields,
  ...identityFields,
  ...signInProviderFields,
  ...adminFields,
  ...reportFields,
  ...importFields,
  ...executionFields,
  ...declarationFields,
  ...relatedTransactionFields,
  ...findingFields,
  ...loyaltyPersonFields,
  ...personChangeFields,
  ...loyaltySampleFields,
  ...underfundingFields,
  ...kriFields,
  ...riskAcceptanceFields,
  ...providerFields,
  ...councilDecisionFields,
}

export type HistoryChange = { field: string; label: string; from: string; to: string }
export type HistoryEntry = {
  id: string
  at: string
  /** dd.mm.yyyy hh:mm in Zurich */
  when: string
  action: string
  actionLabel: string
  user: string | null
  actingFor: string | null
  changes: HistoryChange[]
}

export type Row = {
  id: string
  entity_id: string | null
  created_at: string
  when: string
  component: string
  action: string
  changed_fields: Record<string, { from: unknown; to: unknown }>
  user_name: string | null
  acting_for: string | null
  names: Record<string, string> | null
  total: number
  /** Which record's particularly sensitive data the entry shows (its reading is logged), or null. */
  read_kind: ReadKind | null
  /** The entry's own record as it is named now (`recordName`); null when it is gone or its kind has no name. */
  record: string | null
}

/** The latest entries the panel shows; admins follow a link to the full trail. */
const HISTORY_LIMIT = 50

/**
 * One statement: the record's latest entries with the names of who acted and for whom, and the
 * names of every id their changed values hold (people, bodies, levels, themes), so no value needs
 * a second query. Row-level security keeps everything to the customer.
 */
function historyRows(tx: Executor, targets: HistoryTarget[], language: Language) {
  const where = sql`(component, entity_id) in (${sql.join(
    targets.map((x) => sql`(${x.component}, ${x.entityId})`),
    sql`, `,
  )})`
  return entryRows(tx, where, { limit: HISTORY_LIMIT, offset: 0, total: true }, language)
}

/**
 * Audit entries matching `where` (on the table's own name, as drizzle's columns render), newest first, with the names of who acted and for
 * whom and of every id their values hold: one statement. `total` counts all matches (a window over
 * the filtered entries) for the panel and the trail's pager; the export leaves it out.
 */
export function entryRows(tx: Executor, where: SQL, page: { limit: number; offset: number; total: boolean; dir?: 'asc' | 'desc' }, language: Language) {
  const suffix = language === 'fr' ? 'fr' : language === 'en' ? 'en' : 'de'
  const theme = (table: string, number: string) => sql.raw(`(select t.${number} || ' ' || t.name_${suffix} from ${table} t where t.id = v.id)`)
  const dir = sql.raw(page.dir === 'asc' ? 'asc' : 'desc')
  return tx.execute<Row>(sql`
    with e as (
      select id, created_at, component, action::text as action, entity_id, changed_fields, user_id, acting_for_user_id,
             ${page.total ? sql`count(*) over ()::int` : sql`null::int`} as total,
             ${auditReadKind} as read_kind,
             -- The entry's own record by its primary key (the pattern makes the cast safe).
             case when entity_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then entity_id::uuid end as eid
        from audit_entries
       where ${where}
       order by created_at ${dir}, id ${dir}
       limit ${page.limit} offset ${page.offset}
    ),
    v as (
      -- Cast once here (the pattern makes it safe), so each name below is found by its primary key.
      select distinct x.val, x.val::uuid as id
        from e, jsonb_each(e.changed_fields) f,
             lateral (select f.value ->> 'from' as val union all select f.value ->> 'to'
                      -- A list of ids (a breach's linked measures): each id.
                      union all select jsonb_array_elements_text(case when jsonb_typeof(f.value -> 'from') = 'array' then f.value -> 'from' else '[]' end)
                      union all select jsonb_array_elements_text(case when jsonb_typeof(f.value -> 'to') = 'array' then f.value -> 'to' else '[]' end)) x
       where x.val ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    ),
    n as (
      select v.val, coalesce(
        (select u.first_name || ' ' || u.last_name from users u where u.id = v.id),
        (select l.ref || ' – ' || l.name from probability_levels l where l.id = v.id),
        (select l.ref || ' – ' || l.size from severity_levels l where l.id = v.id),
        (select b.name from responsible_bodies b where b.id = v.id),
        -- A person subject to the loyalty rules (a transaction or a change names them).
        (select lp.first_name || ' ' || lp.last_name from loyalty_persons lp where lp.id = v.id),
        -- The fund a sign-in entered.
        (select c.name from customers c where c.id = v.id),
        -- A fund's identity provider (a refused sign-in through it), by its fund's name.
        (select c.name from identity_providers ip join customers c on c.id = ip.customer_id where ip.id = v.id),
        -- A linked record by its number only: its title is for who reads its tool.
        (select r.idkey from risks r where r.id = v.id),
        (select p.idkey from ics_processes p where p.id = v.id),
        -- A provider by its number and name; a breach an incident links by its number only.
        (select '${sql.raw(RECORD_PREFIX.provider)}-' || pr.number || ' ' || pr.name from providers pr where pr.id = v.id),
        (select '${sql.raw(RECORD_PREFIX.breach)}-' || b.idkey from dsg_breaches b where b.id = v.id),
        -- A linked measure by its number, as measureNumber writes it.
        (select '${sql.raw(RECORD_PREFIX.measure)}-' || m.idkey || case when m.iteration > 1 then '/' || m.iteration else '' end from measures m where m.id = v.id),
        -- The council's decision a finding's acceptance rests on, by its number.
        (select '${sql.raw(RECORD_PREFIX.decision)}-' || d.number from council_decisions d where d.id = v.id),
        ${theme('risk_themes', 'leading_number')},
        ${theme('ics_main_themes', 'leading_number')},
        ${theme('ics_sub_themes', 'key')}
      ) as name
        from v
    )
    select e.id, e.created_at::text as created_at,
           to_char(e.created_at at time zone 'Europe/Zurich', 'DD.MM.YYYY HH24:MI') as "when",
           e.component, e.action, e.entity_id, e.changed_fields, e.total, e.read_kind,
           (select u.first_name || ' ' || u.last_name from users u where u.id = e.user_id) as user_name,
           (select u.first_name || ' ' || u.last_name from users u where u.id = e.acting_for_user_id) as acting_for,
           (select jsonb_object_agg(n.val, n.name) from n where n.name is not null) as names,
           ${recordName(suffix)} as record
      from e
     order by e.created_at ${dir}, e.id ${dir}
  `)
}

export type T = ReturnType<typeof getFixedT>

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T|$)/

/** One value as the form shows it. */
function readValue(t: T, value: unknown, kind: Kind, names: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '—'
  if (value === '***') return '***'
  if (typeof kind === 'function') return typeof value === 'number' || typeof value === 'string' ? kind(value) : String(value)
  // A processing activity's data categories: their names, the particularly sensitive ones marked.
  if (kind === 'categories' && Array.isArray(value)) {
    const names = value.map((c) => {
      const category = c as { name?: unknown; sensitive?: unknown }
      const name = typeof category?.name === 'string' ? category.name : String(c)
      return category?.sensitive === true ? `${name} (${t('dsg:processing.sensitiveMark')})` : name
    })
    return names.length ? names.join(', ') : '—'
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => readValue(t, v, kind === 'list' ? 'text' : kind, names)).join(', ') : '—'
  if (kind === 'bool' || typeof value === 'boolean') return value ? t('common.yes') : t('common.no')
  if (typeof value === 'number' && typeof kind === 'object') return readValue(t, String(value), kind, names)
  if (typeof value === 'string') {
    if (kind === 'ref' || isUuid(value)) return names[value] ?? t('history.unknownRef')
    if (kind === 'date' || ISO_DATE.test(value)) return ISO_DATE.test(value) ? formatDate(value.slice(0, 10)) : value
    if (typeof kind === 'object') {
      const key = `${kind.enum}.${value}`
      const label = t(key)
      return label === key || label.endsWith(`.${value}`) ? value : label
    }
    return value
  }
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** An entry's changes, readable; `dsgOnly`: the reader sees only the data protection view's fields. */
export function readChanges(
  t: T,
  component: string,
  changes: Record<string, { from: unknown; to: unknown }>,
  names: Record<string, string>,
  dsgOnly = false,
): HistoryChange[] {
  const table = FIELD_TABLES[component] ?? {}
  const out: HistoryChange[] = []
  for (const [field, change] of Object.entries(changes ?? {})) {
    const dpiaRisk = component === 'dsgDpia' ? DPIA_RISK.exec(field) : null
    const spec = dpiaRisk ? DPIA_RISK_FIELDS[dpiaRisk[1] ?? ''] : field in table ? table[field] : (technical[field] ?? undefined)
    if (spec === null || (dpiaRisk ? !spec : field in technical)) continue
    if (dsgOnly && !spec?.dsg) continue
    const kind = spec?.kind ?? 'text'
    // A DPIA's risk added: its description stands for it.
    const value = (v: unknown) => (dpiaRisk && v && typeof v === 'object' && 'description' in v ? (v as { description: unknown }).description : v)
    out.push({
      field,
      label: spec ? t(spec.label) : t('history.otherField'),
      from: readValue(t, value(change?.from), kind, names),
      to: readValue(t, value(change?.to), kind, names),
    })
  }
  return out
}

/** A DPIA's risks are audited as `risk.<id>` (added or removed) and `risk.<id>.<field>` (changed). */
const DPIA_RISK = /^risk\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.(\w+))?$/i
/**
 * The components whose entries name their record (`recordName`): the trail and its exports show
 * the record's number and title as its tool does (decision 0043), "deleted" once it is gone.
 */
export const NAMED_COMPONENTS = [
  'risk',
  'icsProcess',
  'measure',
  'document',
  'dsgActivity',
  'dsgDpia',
  'dsgBreach',
  'dsgRequest',
  'controlExecution',
  'relatedTransaction',
  'finding',
  'provider',
  'providerIncident',
  'councilDecision',
  'workProcess',
  'responsibleBody',
  'news',
  'user',
  'membership',
  'session',
  'customer',
  'riskTheme',
  'icsMainTheme',
  'icsSubTheme',
  'probabilityLevel',
  'severityLevel',
] as const satisfies readonly string[]

/**
 * An entry's own record as it is named now, in SQL over the entry `e` (its id cast as `e.eid`):
 * a risk or ICS process by its catalogue number and title, a measure, activity, breach by its number
 * and title, a request of a data subject by its number only (its requester is not for the trail), an
 * impact assessment by its activity, people by their names; null when the record is gone.
 */
function recordName(suffix: string) {
  const theme = (table: string, number: string) => sql.raw(`(select t.${number} || ' ' || t.name_${suffix} from ${table} t where t.id = e.eid)`)
  const prefix = (p: string) => sql.raw(`'${p}-'`)
  return sql`case e.component
    when 'risk' then (select r.idkey || ' ' || r.title from risks r where r.id = e.eid)
    when 'icsProcess' then (select p.idkey || ' ' || p.title from ics_processes p where p.id = e.eid)
    when 'measure' then (select ${prefix(RECORD_PREFIX.measure)} || m.idkey || case when m.iteration > 1 then '/' || m.iteration else '' end || ' ' || m.title
                           from measures m where m.id = e.eid)
    when 'document' then (select d.name from documents d where d.id = e.eid)
    when 'dsgActivity' then (select ${prefix(RECORD_PREFIX.activity)} || a.idkey || ' ' || a.name from dsg_activities a where a.id = e.eid)
    when 'dsgDpia' then (select ${prefix(RECORD_PREFIX.activity)} || a.idkey || ' ' || a.name from dsg_dpias d join dsg_activities a on a.id = d.activity_id where d.id = e.eid)
    when 'dsgBreach' then (select ${prefix(RECORD_PREFIX.breach)} || b.idkey || ' ' || b.title from dsg_breaches b where b.id = e.eid)
    when 'dsgRequest' then (select ${prefix(RECORD_PREFIX.request)} || r.idkey from dsg_requests r where r.id = e.eid)
    when 'controlExecution' then (select ${prefix(RECORD_PREFIX.execution)} || x.number || ' ' || p.idkey || ' ' || coalesce(x.period, to_char(x.period_start, 'DD.MM.YYYY'))
                                    from control_executions x join ics_processes p on p.id = x.process_id where x.id = e.eid)
    when 'relatedTransaction' then (select ${prefix(RECORD_PREFIX.relatedTransaction)} || t.number || ' ' || t.counterparty from related_transactions t where t.id = e.eid)
    when 'finding' then (select ${prefix(RECORD_PREFIX.finding)} || f.number || ' ' || f.title from findings f where f.id = e.eid)
    when 'provider' then (select ${prefix(RECORD_PREFIX.provider)} || pr.number || ' ' || pr.name from providers pr where pr.id = e.eid)
    when 'providerIncident' then (select ${prefix(RECORD_PREFIX.incident)} || vi.number || ' ' || vi.title from provider_incidents vi where vi.id = e.eid)
    when 'councilDecision' then (select ${prefix(RECORD_PREFIX.decision)} || d.number || ' ' || d.title from council_decisions d where d.id = e.eid)
    when 'workProcess' then (select w.title from work_processes w where w.id = e.eid)
    when 'loyaltyPerson' then (select trim(lp.first_name || ' ' || lp.last_name) from loyalty_persons lp where lp.id = e.eid)
    when 'personChange' then (select 'PW-' || pc.number from person_changes pc where pc.id = e.eid)
    when 'responsibleBody' then (select b.name from responsible_bodies b where b.id = e.eid)
    when 'news' then (select n.title from news n where n.id = e.eid)
    when 'user' then (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = e.eid)
    when 'session' then (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = e.eid)
    when 'membership' then (select trim(u.first_name || ' ' || u.last_name) from memberships m join users u on u.id = m.user_id where m.id = e.eid)
    when 'customer' then (select c.name from customers c where c.id = e.eid)
    when 'riskTheme' then ${theme('risk_themes', 'leading_number')}
    when 'icsMainTheme' then ${theme('ics_main_themes', 'leading_number')}
    when 'icsSubTheme' then ${theme('ics_sub_themes', 'key')}
    when 'probabilityLevel' then (select l.ref || ' – ' || l.name from probability_levels l where l.id = e.eid)
    when 'severityLevel' then (select l.ref || ' – ' || l.size from severity_levels l where l.id = e.eid)
  end`
}

const DPIA_RISK_FIELDS: Table = {
  '': { label: 'dsg:dpia.field.riskDescription' },
  description: { label: 'dsg:dpia.field.riskDescription' },
  probabilityLevelId: { label: 'dsg:dpia.field.probability', kind: 'ref' },
  severityLevelId: { label: 'dsg:dpia.field.severity', kind: 'ref' },
}

/** A row of `entryRows`, readable. */
export function readEntry(t: T, r: Row, dsgOnly = false): HistoryEntry {
  return {
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    when: r.when,
    action: r.action,
    actionLabel: actionLabel(t, r.action),
    user: r.user_name,
    actingFor: r.acting_for,
    changes: readChanges(t, r.component, r.changed_fields, r.names ?? {}, dsgOnly),
  }
}

/** The component's name as the reader says it (the admin trail's filter and column). */
export function componentLabel(t: T, component: string) {
  const key = `history.component.${component}`
  const label = t(key)
  return label === key || label.endsWith(component) ? t('history.component.other') : label
}

export function actionLabel(t: T, action: string) {
  const key = `history.action.${action}`
  const label = t(key)
  return label === key || label.endsWith(action) ? action : label
}

/**
 * The history of records, bound to the acting user. The caller has shown the record to this user
 * (its own service answered it: a record one cannot see is 404 before its history is asked for);
 * `dsgOnly` narrows the fields to the data protection view's.
 */
export const History = {
  for(access: CustomerAccess) {
    return {
      /** One record's history: its component and id. */
      of(component: string, entityId: string, language: Language, opts: HistoryOptions = {}) {
        return this.ofAll([{ component, entityId }], language, opts)
      },
      /**
       * The history of records shown on one page as one (a user: the account and the membership).
       * Entries that show particularly sensitive data (a DSG block's values, a breach, a request, a
       * sensitive activity) are a read of their record: logged through `via`, the panel's page, in
       * the request's transaction (decision 0036), except the record the page itself logged.
       */
      async ofAll(targets: HistoryTarget[], language: Language, opts: HistoryOptions = {}) {
        const t = getFixedT(language)
        const { rows } = await withCustomer(access, async (tx) => {
          const found = await historyRows(tx, targets, language)
          if (found.rows.some((r) => r.read_kind && r.entity_id !== opts.loggedByPage)) {
            // Fail closed: a page that shows sensitive history must say where it is.
            if (!opts.via) throw new Error('a history with sensitive data needs the page it is read through')
            await logEntryReads(access, found.rows, opts.via, opts.loggedByPage)
          }
          return found
        })
        const entries = rows.map((r) => readEntry(t, r, opts.dsgOnly))
        return { entries, total: rows[0]?.total ?? 0, limit: HISTORY_LIMIT }
      },
    }
  },
}

export type HistoryTarget = { component: string; entityId: string }
/**
 * `via`: the page the panel is on (`viaOf(request)`), for the read log; `loggedByPage`: the id of a
 * record whose reading the page logs itself; `dsgOnly`: the data protection view's fields only.
 */
export type HistoryOptions = { via?: string; loggedByPage?: string; dsgOnly?: boolean }

/** The link to the fund's full trail filtered to a record: for admins only (null for everyone else). */
export function trailLink(access: CustomerAccess, component: string, entityId: string) {
  return permissionsOf(access).auditTrail.read ? `/app/admin/audit?${new URLSearchParams({ component, entity: entityId })}` : null
}

/** The panel is open (`?history=1`): only then does a page read the history. */
export function historyRequested(request: Request) {
  return new URL(request.url).searchParams.get('history') === '1'
}
