import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { checkToolOwner, listToolOwners } from '#app/auth/customers.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import {
  APPETITE_SCORE_LIMIT,
  KRI_FREQUENCIES,
  type KriComputed,
  type KriDirection,
  type KriFrequency,
  type KriStatus,
  type KriUnit,
  type KriValueSource,
  type Language,
  type MEASURE_STATES,
} from '#models/core/constants.ts'
import { addDays, isIsoDate, todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { type DecisionInput, decisionById, decisionForApproval, decisionOptions } from '#models/core/decisions.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { measureNumber } from '#models/core/record-number.ts'
import { cursorWithCustomer, withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { measureVisibility } from '#models/core/visibility.server.ts'
import { kriCatalog, kriRisks, kris, kriThresholds, kriValues, measures, risks, riskAppetiteApprovals, users } from '#models/schema/index.ts'
import { KRI_MESSAGES } from './messages.ts'
import { boundsInOrder, judge, THRESHOLD_IN_FORCE } from './status.ts'
import { deleteKriValue, upsertKriValues, type KriValueRow } from './values.server.ts'

/*
 * A fund's KRIs and its risk appetite (issue 27, decision 0067), bound to the acting access:
 *   - readers of RM (auditors too) read the KRIs, their values judged by the thresholds in force on
 *     each value's date, the thresholds' history and the council's approvals;
 *   - writers of RM (kri.enter) enter values and link KRIs to the fund's risks;
 *   - RM admins (kri.appetite) choose KRIs from the catalogue, set owners, frequencies and thresholds
 *     and record the council's approval of the appetite.
 * Thresholds are never changed: new bounds are a new row from a later day, so a figure keeps the
 * judgement of its date.
 */

/** The audit components of a KRI (its settings, thresholds and links) and of the council's approval. */
export const KRI_COMPONENT = 'kri'
export const APPROVAL_COMPONENT = 'riskAppetiteApproval'

/** The day the catalogue's default thresholds of a newly chosen KRI are valid from: any reporting date. */
export const DEFAULTS_VALID_FROM = '1900-01-01'

/** New bounds may be set at most this many days ahead of today. */
export const MAX_DAYS_AHEAD = 366

export type SparkPoint = { periodEnd: string; value: string; status: KriStatus | null }

export type KriListRow = {
  id: string
  key: string
  name: string
  unit: KriUnit
  direction: KriDirection
  computed: KriComputed | null
  frequency: KriFrequency
  active: boolean
  ownerUserId: string | null
  ownerName: string | null
  periodEnd: string | null
  value: string | null
  source: KriValueSource | null
  status: KriStatus | null
  /** The thresholds in force today (what the appetite sets now). */
  amber: string | null
  red: string | null
  thresholdsFrom: string | null
  spark: SparkPoint[]
}

export type KriSettings = { ownerUserId: string | null; frequency: string; active: boolean; note: string }
export type ThresholdInput = { validFrom: string; amber: string; red: string }
/** The approval names the council's decision it rests on (an existing one of the register, or one recorded with it). */
export type ApprovalInput = { decision: DecisionInput; scoreLimit: number; remark: string }

const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const DECIMAL = /^-?\d{1,10}(\.\d{1,4})?$/

function text(value: string | null | undefined, field: string, max: number, required = false) {
  const v = (value ?? '').trim()
  if (required && !v) throw new DomainError('invalid', field, 'validation.required')
  if (v.length > max) throw new DomainError('invalid', field, 'validation.tooLong')
  if (CONTROL_CHARS.test(v)) throw new DomainError('invalid', field, 'validation.controlChars')
  return v
}

function nameColumn(lang: Language) {
  return lang === 'fr' ? sql.raw('c.name_fr') : lang === 'en' ? sql.raw('c.name_en') : sql.raw('c.name_de')
}

function descriptionColumn(lang: Language) {
  return lang === 'fr' ? sql.raw('c.description_fr') : lang === 'en' ? sql.raw('c.description_en') : sql.raw('c.description_de')
}

type KriSettingsRow = {
  version: number
  note: string
  catalogId: string
  legalBasis: string
  description: string
  defaultAmber: string | null
  defaultRed: string | null
}
type ThresholdRow = { id: string; validFrom: string; amber: string; red: string; createdAt: Date; setBy: string | null }
type ValueRow = {
  id: string
  periodEnd: string
  value: string
  source: KriValueSource
  comment: string
  enteredBy: string | null
  version: number
  amber: string | null
  red: string | null
}
type ProposedRow = {
  id: string
  idkey: number
  iteration: number
  title: string
  state: (typeof MEASURE_STATES)[number]
  dueDate: string
  inEdit: boolean
  riskId: string | null
}

const IN_FORCE = sql.raw(THRESHOLD_IN_FORCE)
/** The thresholds in force today: the same pick as for a value, with today as the value's date. */
const IN_FORCE_TODAY = (today: string) =>
  sql`(select t.amber, t.red, t.valid_from from kri_thresholds t where t.kri_id = k.id and t.valid_from <= ${today}::date order by t.valid_from desc limit 1)`

type ListSql = Omit<KriListRow, 'status' | 'spark'> & {
  valueAmber: string | null
  valueRed: string | null
  spark: { periodEnd: string; value: string; amber: string | null; red: string | null }[]
}

/** The fund's KRIs (or one), each with its latest value judged on its date and its last eight values: one statement. */
async function listOf(tx: Tx, lang: Language, today: string, only?: string): Promise<KriListRow[]> {
  const { rows } = await tx.execute<ListSql>(sql`
    select k.id, c.key, ${nameColumn(lang)} as name, c.unit, c.direction, c.computed, k.frequency, k.active,
      k.owner_user_id as "ownerUserId", nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "ownerName",
      v.period_end::text as "periodEnd", v.value::text as value, v.source,
      th.amber::text as "valueAmber", th.red::text as "valueRed",
      cur.amber::text as amber, cur.red::text as red, cur.valid_from::text as "thresholdsFrom",
      coalesce((
        select json_agg(json_build_object('periodEnd', s.period_end::text, 'value', s.value::text, 'amber', s.amber::text, 'red', s.red::text) order by s.period_end)
        from (
          select v.period_end, v.value, b.amber, b.red from kri_values v
          left join lateral ${IN_FORCE} b on true
          where v.kri_id = k.id order by v.period_end desc limit 8
        ) s
      ), '[]'::json) as spark
    from kris k
    join kri_catalog c on c.id = k.catalog_id
    left join users u on u.id = k.owner_user_id
    left join lateral (select v.period_end, v.value, v.source from kri_values v where v.kri_id = k.id order by v.period_end desc limit 1) v on true
    left join lateral ${IN_FORCE} th on true
    left join lateral ${IN_FORCE_TODAY(today)} cur on true
    ${only ? sql`where k.id = ${only}` : sql``}
    order by k.active desc, c.sort, name`)
  return rows.map(({ valueAmber, valueRed, spark, ...r }) => ({
    ...r,
    status: r.value === null ? null : judge(r.value, r.direction, valueAmber === null ? null : { amber: valueAmber, red: valueRed ?? valueAmber }),
    spark: spark.map((p) => ({
      periodEnd: p.periodEnd,
      value: p.value,
      status: judge(p.value, r.direction, p.amber === null ? null : { amber: p.amber, red: p.red ?? p.amber }),
    })),
  }))
}

export const Kris = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const readable = () => {
      if (!p.kri.read) throw new DomainError('forbidden')
    }
    const enterable = () => {
      if (!p.kri.enter) throw new DomainError('forbidden')
    }
    const appetite = () => {
      if (!p.kri.appetite) throw new DomainError('forbidden')
    }
    const lang = access.user.language

    /** The KRI for a change of its thresholds or links (no field of its own changes): 404 when not the fund's. */
    const lockKri = async (tx: Tx, id: string) => {
      if (!isUuid(id)) throw new DomainError('not-found')
      const [row] = await tx.select().from(kris).where(eq(kris.id, id)).for('update')
      if (!row) throw new DomainError('not-found')
      return row
    }

    return {
      rights: p.kri,

      /** The fund's KRIs with their latest value, its status by the thresholds in force on its date, and the last eight values. */
      async list(language: Language = lang, today = todayInZurich()) {
        readable()
        return scoped((tx) => listOf(tx, language, today))
      },

      /** One KRI: settings, catalogue entry, thresholds history, every value judged on its date, linked risks and the measures it proposed. */
      async get(id: string, language: Language = lang, today = todayInZurich(), options: { riskChoices?: boolean } = {}) {
        if (!p.kri.read || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [kri] = await listOf(tx, language, today, id)
          if (!kri) return null
          // Everything else of the page in one statement (settings, thresholds, values, links, measures):
          // each part is a JSON array beside the others, not a round trip of its own.
          const { rows } = await tx.execute<{
            settings: KriSettingsRow
            thresholds: (Omit<ThresholdRow, 'createdAt'> & { createdAt: string })[]
            values: ValueRow[]
            linked: { id: string; idkey: string; title: string }[]
            proposed: ProposedRow[]
            choices: { id: string; idkey: string; title: string }[] | null
          }>(sql`
            select
              (select json_build_object('version', k.version, 'note', k.note, 'catalogId', k.catalog_id, 'legalBasis', c.legal_basis,
                  'description', ${descriptionColumn(language)}, 'defaultAmber', c.default_amber::text, 'defaultRed', c.default_red::text)
                 from kris k join kri_catalog c on c.id = k.catalog_id where k.id = ${id}) as settings,
              coalesce((
                select json_agg(json_build_object('id', t.id, 'validFrom', t.valid_from::text, 'amber', t.amber::text, 'red', t.red::text,
                  'createdAt', t.created_at, 'setBy', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')) order by t.valid_from)
                  from kri_thresholds t left join users u on u.id = t.set_by_user_id where t.kri_id = ${id}), '[]'::json) as thresholds,
              coalesce((
                select json_agg(json_build_object('id', v.id, 'periodEnd', v.period_end::text, 'value', v.value::text, 'source', v.source,
                  'comment', v.comment, 'version', v.version, 'enteredBy', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
                  'amber', b.amber::text, 'red', b.red::text) order by v.period_end)
                  from kri_values v
                  join kris k on k.id = v.kri_id
                  left join users u on u.id = v.entered_by_user_id
                  left join lateral ${IN_FORCE} b on true
                 where v.kri_id = ${id}), '[]'::json) as values,
              coalesce((
                select json_agg(json_build_object('id', r.id, 'idkey', r.idkey, 'title', r.title) order by r.idkey)
                  from kri_risks kr join risks r on r.id = kr.risk_id where kr.kri_id = ${id}), '[]'::json) as linked,
              coalesce((
                select json_agg(json_build_object('id', m.id, 'idkey', m.idkey, 'iteration', m.iteration, 'title', m.title, 'state', m.state,
                  'dueDate', m.due_date::text, 'inEdit', m.in_edit, 'riskId', m.risk_id) order by m.due_date desc)
                  from (select * from measures where ${measures.kriId} = ${id} and ${measureVisibility(p)}) m), '[]'::json) as proposed,
              ${
                options.riskChoices && p.kri.enter
                  ? sql`coalesce((
                select json_agg(json_build_object('id', r.id, 'idkey', r.idkey, 'title', r.title) order by r.idkey)
                  from risks r where not exists (select 1 from kri_risks kr where kr.kri_id = ${id} and kr.risk_id = r.id)), '[]'::json)`
                  : sql`null::json`
              } as choices`)
          const [{ settings, values, linked, proposed, choices }] = rows
          const thresholds = rows[0].thresholds.map((t) => ({ ...t, createdAt: new Date(t.createdAt) }))
          return {
            kri: { ...kri, ...settings },
            thresholds,
            values: values.map((v) => ({
              ...v,
              status: judge(v.value, kri.direction, v.amber === null ? null : { amber: v.amber, red: v.red ?? v.amber }),
            })),
            risks: linked,
            measures: proposed.map((m) => ({ ...m, number: measureNumber(m.idkey, m.iteration) })),
            /** The fund's risks not linked yet (asked for by a writer's page): null otherwise. */
            riskChoices: choices,
          }
        })
      },

      /** Every value of the fund's KRIs with the thresholds in force on its date, in batches, for the exports. */
      iterateValues(language: Language = lang, batch = 500) {
        readable()
        const v = alias(kriValues, 'v')
        const k = alias(kris, 'k')
        const name = language === 'fr' ? kriCatalog.nameFr : language === 'en' ? kriCatalog.nameEn : kriCatalog.nameDe
        return cursorWithCustomer(access, batch, (tx) =>
          tx
            .select({
              key: kriCatalog.key,
              name,
              unit: kriCatalog.unit,
              direction: kriCatalog.direction,
              periodEnd: v.periodEnd,
              value: v.value,
              source: v.source,
              comment: v.comment,
              enteredBy: sql<string | null>`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
              amber: sql<string | null>`(select x.amber::text from ${IN_FORCE} x)`,
              red: sql<string | null>`(select x.red::text from ${IN_FORCE} x)`,
            })
            .from(v)
            .innerJoin(k, eq(k.id, v.kriId))
            .innerJoin(kriCatalog, eq(kriCatalog.id, k.catalogId))
            .leftJoin(users, eq(users.id, v.enteredByUserId))
            .orderBy(asc(kriCatalog.sort), asc(kriCatalog.key), asc(v.periodEnd)),
        )
      },

      /** Active catalogue entries the fund has not chosen yet, in the reader's language. */
      async catalogue(language: Language = lang) {
        readable()
        return scoped((tx) =>
          tx
            .select({
              id: kriCatalog.id,
              key: kriCatalog.key,
              name: language === 'fr' ? kriCatalog.nameFr : language === 'en' ? kriCatalog.nameEn : kriCatalog.nameDe,
              description: language === 'fr' ? kriCatalog.descriptionFr : language === 'en' ? kriCatalog.descriptionEn : kriCatalog.descriptionDe,
              legalBasis: kriCatalog.legalBasis,
              unit: kriCatalog.unit,
              direction: kriCatalog.direction,
              computed: kriCatalog.computed,
              defaultAmber: kriCatalog.defaultAmber,
              defaultRed: kriCatalog.defaultRed,
            })
            .from(kriCatalog)
            .where(and(eq(kriCatalog.active, true), sql`not exists (select 1 from kris k where k.catalog_id = ${kriCatalog.id})`))
            .orderBy(asc(kriCatalog.sort), asc(kriCatalog.key)),
        )
      },

      /** Who may own a KRI: members with read on RM (the KRI's owner stays choosable). */
      owners(keep?: string | null) {
        readable()
        return listToolOwners(access, 'risk', keep)
      },

      /** The fund's risks to link a KRI to. */
      async risks() {
        readable()
        return scoped((tx) => tx.select({ id: risks.id, idkey: risks.idkey, title: risks.title }).from(risks).orderBy(asc(risks.idkey)))
      },

      /**
       * Chooses KRIs from the catalogue: each starts quarterly, owned by whoever chose it, with the
       * catalogue's default thresholds where it has both. Answers the new KRIs' ids.
       */
      async choose(catalogIds: string[]) {
        appetite()
        const ids = [...new Set(catalogIds.filter(Boolean))]
        if (!ids.length) throw new DomainError('invalid', 'catalogIds', KRI_MESSAGES.nothingChosen)
        if (!ids.every(isUuid)) throw new DomainError('invalid', 'catalogIds', KRI_MESSAGES.catalog)
        return scoped(async (tx) => {
          const entries = await tx
            .select()
            .from(kriCatalog)
            .where(and(inArray(kriCatalog.id, ids), eq(kriCatalog.active, true)))
          if (entries.length !== ids.length) throw new DomainError('invalid', 'catalogIds', KRI_MESSAGES.catalog)
          const chosen = await tx.select({ id: kris.id }).from(kris).where(inArray(kris.catalogId, ids))
          if (chosen.length) throw new DomainError('conflict', 'catalogIds', KRI_MESSAGES.alreadyChosen)
          const made: string[] = []
          for (const entry of entries) {
            const [row] = await tx
              .insert(kris)
              .values({ customerId: access.customer.id, catalogId: entry.id, ownerUserId: access.user.id, frequency: 'quarterly' })
              // Another admin choosing the same entry at the same moment: the unique index answers, not a 500.
              .onConflictDoNothing()
              .returning()
            if (!row) throw new DomainError('conflict', 'catalogIds', KRI_MESSAGES.chosenMeanwhile)
            const hasDefaults = entry.defaultAmber !== null && entry.defaultRed !== null
            if (hasDefaults) {
              await tx.insert(kriThresholds).values({
                customerId: access.customer.id,
                kriId: row.id,
                // The catalogue's defaults are the bounds whatever the date: valid from the earliest day,
                // so values of past reporting dates (entered or imported later) are judged by them too.
                validFrom: DEFAULTS_VALID_FROM,
                amber: entry.defaultAmber as string,
                red: entry.defaultRed as string,
                setByUserId: access.user.id,
              })
            }
            const changes = diff(null, {
              catalogKey: entry.key,
              ownerUserId: row.ownerUserId,
              frequency: row.frequency,
              ...(hasDefaults ? { validFrom: DEFAULTS_VALID_FROM, amber: entry.defaultAmber, red: entry.defaultRed } : {}),
            })
            await writeAudit(tx, access, { component: KRI_COMPONENT, action: 'Created', entityId: row.id, changes })
            made.push(row.id)
          }
          return made
        })
      },

      /** Changes a KRI's owner, frequency, note and whether it is followed (409 when another change came first). */
      async update(id: string, input: KriSettings, version: number) {
        appetite()
        if (!(KRI_FREQUENCIES as readonly string[]).includes(input.frequency)) throw new DomainError('invalid', 'frequency', 'validation.invalid')
        const set = {
          ownerUserId: input.ownerUserId?.trim() || null,
          frequency: input.frequency as KriFrequency,
          active: Boolean(input.active),
          note: text(input.note, 'note', 2000),
        }
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, kris, id, version)
          if (set.ownerUserId) await checkToolOwner(tx, 'risk', set.ownerUserId, before.ownerUserId)
          return updateVersioned(tx, access, { table: kris, before, set, audit: { component: KRI_COMPONENT } })
        })
      },

      /**
       * New bounds from a day on: a new row (the rows before stay, values keep the judgement of their
       * date). Red lies beyond amber for the KRI's direction; the day is after the latest row's and at
       * most MAX_DAYS_AHEAD days after today.
       */
      async setThresholds(id: string, input: ThresholdInput, today = todayInZurich()) {
        appetite()
        if (!isIsoDate(input.validFrom)) throw new DomainError('invalid', 'validFrom', 'validation.date')
        // A day far ahead (a typo such as 2062) would block every later bound until then.
        if (input.validFrom > addDays(today, MAX_DAYS_AHEAD)) throw new DomainError('invalid', 'validFrom', KRI_MESSAGES.tooFarAhead)
        const amber = String(input.amber ?? '').trim()
        const red = String(input.red ?? '').trim()
        if (!DECIMAL.test(amber)) throw new DomainError('invalid', 'amber', KRI_MESSAGES.bound)
        if (!DECIMAL.test(red)) throw new DomainError('invalid', 'red', KRI_MESSAGES.bound)
        return scoped(async (tx) => {
          const before = await lockKri(tx, id)
          const [{ direction }] = await tx.select({ direction: kriCatalog.direction }).from(kriCatalog).where(eq(kriCatalog.id, before.catalogId))
          if (!boundsInOrder(direction, { amber: Number(amber), red: Number(red) })) throw new DomainError('invalid', 'red', KRI_MESSAGES.boundsOrder)
          const [latest] = await tx.select().from(kriThresholds).where(eq(kriThresholds.kriId, id)).orderBy(desc(kriThresholds.validFrom)).limit(1)
          if (latest && input.validFrom <= latest.validFrom) throw new DomainError('conflict', 'validFrom', KRI_MESSAGES.laterDay)
          const [row] = await tx
            .insert(kriThresholds)
            .values({ customerId: access.customer.id, kriId: id, validFrom: input.validFrom, amber, red, setByUserId: access.user.id })
            .returning()
          await writeAudit(tx, access, {
            component: KRI_COMPONENT,
            action: 'Updated',
            entityId: id,
            // The bounds before (the row in force until now) and the new row's, as fields of the KRI.
            changes: diff(latest ? { validFrom: latest.validFrom, amber: latest.amber, red: latest.red } : null, {
              validFrom: row.validFrom,
              amber: row.amber,
              red: row.red,
            }),
          })
          return row
        })
      },

      /** Links a KRI to one of the fund's risks (a value outside the appetite proposes a measure on it). */
      async linkRisk(id: string, riskId: string) {
        enterable()
        return scoped(async (tx) => {
          await lockKri(tx, id)
          if (!isUuid(riskId)) throw new DomainError('invalid', 'riskId', KRI_MESSAGES.risk)
          const [risk] = await tx.select({ id: risks.id, idkey: risks.idkey }).from(risks).where(eq(risks.id, riskId))
          if (!risk) throw new DomainError('invalid', 'riskId', KRI_MESSAGES.risk)
          const [added] = await tx.insert(kriRisks).values({ customerId: access.customer.id, kriId: id, riskId }).onConflictDoNothing().returning()
          if (added)
            await writeAudit(tx, access, { component: KRI_COMPONENT, action: 'Updated', entityId: id, changes: { linkedRisk: { from: null, to: risk.idkey } } })
        })
      },

      /** Unlinks a risk from a KRI (the measures it proposed stay). */
      async unlinkRisk(id: string, riskId: string) {
        enterable()
        return scoped(async (tx) => {
          await lockKri(tx, id)
          if (!isUuid(riskId)) throw new DomainError('not-found')
          const [gone] = await tx
            .delete(kriRisks)
            .where(and(eq(kriRisks.kriId, id), eq(kriRisks.riskId, riskId)))
            .returning()
          if (!gone) throw new DomainError('not-found')
          const [risk] = await tx.select({ idkey: risks.idkey }).from(risks).where(eq(risks.id, riskId))
          await writeAudit(tx, access, {
            component: KRI_COMPONENT,
            action: 'Updated',
            entityId: id,
            changes: { linkedRisk: { from: risk?.idkey ?? riskId, to: null } },
          })
        })
      },

      /** Enters values by hand (see upsertKriValues). */
      async enter(rows: KriValueRow[], today = todayInZurich()) {
        enterable()
        return scoped((tx) => upsertKriValues(tx, access, rows, 'manual', today))
      },

      /** Deletes a value entered or imported by mistake (see deleteKriValue; 409 when it changed meanwhile). */
      async deleteValue(id: string, valueId: string, version: number) {
        enterable()
        return scoped(async (tx) => {
          await lockKri(tx, id)
          await deleteKriValue(tx, access, id, valueId, version)
        })
      },

      /** The active KRIs values are entered for (not computed), each with its value at `periodEnd` and the value before. */
      async valuesForm(periodEnd: string, language: Language = lang) {
        readable()
        return scoped(async (tx) => {
          const { rows } = await tx.execute<{
            id: string
            name: string
            unit: KriUnit
            direction: KriDirection
            frequency: KriFrequency
            value: string | null
            comment: string | null
            previousEnd: string | null
            previous: string | null
          }>(sql`
            select k.id, ${nameColumn(language)} as name, c.unit, c.direction, k.frequency,
              cur.value::text as value, cur.comment, prev.period_end::text as "previousEnd", prev.value::text as previous
            from kris k
            join kri_catalog c on c.id = k.catalog_id
            left join kri_values cur on cur.kri_id = k.id and cur.period_end = ${periodEnd}::date
            left join lateral (
              select v.period_end, v.value from kri_values v where v.kri_id = k.id and v.period_end < ${periodEnd}::date
              order by v.period_end desc limit 1
            ) prev on true
            where k.active and c.computed is null
            order by c.sort, name`)
          return rows
        })
      },

      /**
       * Records the council's approval of the appetite on a decision of the register (chosen, or recorded
       * with it in the same transaction): its day, reference and who decided are kept on the approval too,
       * for the readers of the approval (report, PDF, dashboard). The score limit 1..25.
       */
      async approve(input: ApprovalInput) {
        appetite()
        const scoreLimit = Number(input.scoreLimit)
        if (!Number.isInteger(scoreLimit) || scoreLimit < 1 || scoreLimit > 25) throw new DomainError('invalid', 'scoreLimit', KRI_MESSAGES.scoreLimit)
        const remark = text(input.remark, 'remark', 2000)
        return scoped(async (tx) => {
          const decision = await decisionForApproval(tx, access, input.decision, 'riskAppetite')
          const values = {
            approvedOn: decision.decidedOn,
            decisionReference: decision.reference,
            approvedBy: decision.decidedBy || decision.title,
            scoreLimit,
            remark,
            decisionId: decision.id,
          }
          const [row] = await tx
            .insert(riskAppetiteApprovals)
            .values({ ...values, customerId: access.customer.id, recordedByUserId: access.user.id })
            .returning()
          await writeAudit(tx, access, { component: APPROVAL_COMPONENT, action: 'Created', entityId: row.id, changes: diff(null, values) })
          return row
        })
      },

      /** The decisions the approval form offers (the risk appetite's and 'other'). */
      decisionOptions() {
        appetite()
        return scoped((tx) => decisionOptions(tx, ['riskAppetite']))
      },

      /**
       * The appetite in force: the latest approval (null before any), its score limit (APPETITE_SCORE_LIMIT
       * before any), and whether KRIs or thresholds were set since it was recorded.
       */
      async appetite() {
        readable()
        return scoped(async (tx) => {
          const [approval] = await tx
            .select()
            .from(riskAppetiteApprovals)
            .orderBy(desc(riskAppetiteApprovals.approvedOn), desc(riskAppetiteApprovals.createdAt))
            .limit(1)
          const [thresholds] = await tx.select({ at: max(kriThresholds.createdAt) }).from(kriThresholds)
          const [chosen] = await tx.select({ at: max(kris.createdAt) }).from(kris)
          const last = [thresholds?.at, chosen?.at].filter((d): d is Date => d instanceof Date || typeof d === 'string').map((d) => new Date(d).getTime())
          const lastChange = last.length ? Math.max(...last) : null
          // The decision it rests on, cited "SB-7" with a link to the register.
          const decision = approval?.decisionId ? ((await decisionById(tx, approval.decisionId)) ?? null) : null
          return {
            approval: approval ? { ...approval, decision } : null,
            scoreLimit: approval?.scoreLimit ?? APPETITE_SCORE_LIMIT,
            changedSince: approval ? lastChange !== null && lastChange > approval.createdAt.getTime() : lastChange !== null,
          }
        })
      },
    }
  },
}
