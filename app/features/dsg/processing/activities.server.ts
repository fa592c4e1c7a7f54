import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { DsgActivityRole, DsgActivityState, DsgSafeguard, Language } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf, permissionsOfRights } from '#models/core/permissions.ts'
import { choosableMember, rightsOf } from '#app/auth/users.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import {
  type DsgDataCategory,
  dsgActivities,
  dsgActivityLinks,
  dsgDpias,
  dsgTemplates,
  icsProcesses,
  memberships,
  responsibleBodies,
  risks,
  users,
} from '#models/schema/index.ts'
import { inventoryVisible } from '#app/features/inventory/face.server.ts'
import { dsgSql } from '../rules.server.ts'
import { isReviewDue } from '../rules.ts'
import { membershipWithRights } from '#models/core/rights.server.ts'

/*
 * The fund's record of processing activities (Art. 12 DSG), bound to the acting access: every
 * operation runs inside `withCustomer(access, …)`. Any member with a tool reads the record; the
 * dsg role and admins change it (`permissionsOf(access).dsg`, docs/decisions/0006-rights.md).
 */

export const ACTIVITY_SORTS = ['idkey', 'name', 'state', 'lastReviewedOn'] as const
export type ActivitySort = (typeof ACTIVITY_SORTS)[number]

export type ActivityFilter = {
  state?: DsgActivityState
  /** `user:<id>` or `body:<id>`. */
  responsible?: string
  sensitive?: boolean
  due?: boolean
  q?: string
  sort: ActivitySort
  dir: 'asc' | 'desc'
}

/** The responsible person: a member of the fund or one of its responsible bodies. */
export type Responsible = { type: 'user' | 'body'; id: string }

export type ActivityInput = {
  name: string
  purpose: string
  role: DsgActivityRole
  responsible: Responsible | null
  dataSubjects: string
  dataCategories: DsgDataCategory[]
  recipients: string
  abroad: boolean
  abroadCountries: string
  abroadSafeguard: DsgSafeguard | null
  abroadNote: string
  retention: string
  security: string
  legalBasis: string
  state: DsgActivityState
}

type Activity = typeof dsgActivities.$inferSelect
export type LinkKind = 'risk' | 'process'

const responsibleName = sql<string | null>`coalesce(${users.firstName} || ' ' || ${users.lastName}, ${responsibleBodies.name})`

/** The categories as stored: trimmed, empty rows dropped. */
export function cleanCategories(categories: DsgDataCategory[]): DsgDataCategory[] {
  return categories.map((c) => ({ name: c.name.trim(), sensitive: Boolean(c.sensitive) })).filter((c) => c.name !== '')
}

/** The columns one writes from an input: the responsible split, `sensitive` kept from the categories. */
function columnsOf(input: ActivityInput) {
  const { responsible, ...rest } = input
  const dataCategories = cleanCategories(input.dataCategories)
  return {
    ...rest,
    dataCategories,
    sensitive: dataCategories.some((c) => c.sensitive),
    // Without a disclosure abroad, nothing about one is kept.
    abroadCountries: input.abroad ? input.abroadCountries.trim() : '',
    abroadSafeguard: input.abroad ? input.abroadSafeguard : null,
    abroadNote: input.abroad ? input.abroadNote : '',
    responsibleUserId: responsible?.type === 'user' ? responsible.id : null,
    responsibleBodyId: responsible?.type === 'body' ? responsible.id : null,
  }
}

/**
 * The active members one may name as responsible for an activity: those who read the data protection
 * area, so that the review reminder reaches them (an activity due for review goes to its responsible
 * person in the daily digest, which mails only members who may read the area).
 */
async function namedMembers(tx: Tx, where?: SQL, keep?: string | null | 'everyone') {
  // Neither disabled accounts, auditors nor ended memberships answer for anything new; `keep`, the one
  // named now, stays whatever became of them (rights too), so an unchanged save never drops them.
  const kept = keep && keep !== 'everyone' && isUuid(keep) ? keep : null
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, m: membershipWithRights })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(and(where, keep === 'everyone' ? eq(users.state, 'active') : choosableMember(todayInZurich(), kept)))
    .orderBy(users.lastName, users.firstName)
  return rows.filter(({ id, m }) => id === kept || permissionsOfRights(rightsOf(m)).dsg.read).map(({ m: _m, ...person }) => person)
}

export const DsgActivities = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const rights = p.dsg
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const mayRead = () => {
      if (!rights.read) throw new DomainError('forbidden')
    }
    const mayWrite = () => {
      if (!rights.write) throw new DomainError('forbidden')
    }
    const riskVisible = inventoryVisible(p.tools.risk.mode, risks.dsgRelevant)
    const processVisible = inventoryVisible(p.tools.iks.mode, icsProcesses.dsgRelevant)

    async function checkInput(tx: Tx, input: ActivityInput, current?: string | null) {
      if (input.abroad && !input.abroadCountries.trim()) throw new DomainError('invalid', 'abroadCountries', 'dsg:processing.abroadCountriesRequired')
      if (input.abroad && !input.abroadSafeguard) throw new DomainError('invalid', 'abroadSafeguard', 'dsg:processing.abroadSafeguardRequired')
      const r = input.responsible
      if (!r) return
      if (!isUuid(r.id)) throw new DomainError('invalid', 'responsible')
      const found =
        r.type === 'user'
          ? await namedMembers(tx, eq(memberships.userId, r.id), current)
          : await tx.select({ id: responsibleBodies.id }).from(responsibleBodies).where(eq(responsibleBodies.id, r.id))
      if (!found.length) throw new DomainError('invalid', 'responsible', 'dsg:processing.responsibleInvalid')
    }

    /** A risk or ICS process the user may read, or 404 (another fund's, or the other tool's without its right). */
    async function requireInSight(tx: Tx, kind: LinkKind, targetId: string) {
      const found =
        kind === 'risk'
          ? await tx
              .select({ id: risks.id })
              .from(risks)
              .where(and(eq(risks.id, targetId), riskVisible))
          : await tx
              .select({ id: icsProcesses.id })
              .from(icsProcesses)
              .where(and(eq(icsProcesses.id, targetId), processVisible))
      if (!found.length) throw new DomainError('not-found')
    }

    function whereOf(f: Omit<ActivityFilter, 'sort' | 'dir'>, today: string): SQL | undefined {
      const conds: (SQL | undefined)[] = []
      if (f.state) conds.push(eq(dsgActivities.state, f.state))
      if (f.responsible) {
        const [type, id] = f.responsible.split(':')
        conds.push(type === 'body' ? idEquals(dsgActivities.responsibleBodyId, id ?? '') : idEquals(dsgActivities.responsibleUserId, id ?? ''))
      }
      if (f.sensitive) conds.push(eq(dsgActivities.sensitive, true))
      if (f.due) conds.push(dsgSql.activityReviewDue(today))
      if (f.q) {
        const term = likeTerm(f.q)
        conds.push(
          or(
            ilike(dsgActivities.name, term),
            ilike(dsgActivities.purpose, term),
            ilike(dsgActivities.dataSubjects, term),
            ilike(dsgActivities.recipients, term),
            sql`${dsgActivities.dataCategories}::text ilike ${term}`,
          ),
        )
      }
      return and(...conds)
    }

    function orderOf(f: Pick<ActivityFilter, 'sort' | 'dir'>) {
      const dir = f.dir === 'desc' ? desc : asc
      const column =
        f.sort === 'name'
          ? dsgActivities.name
          : f.sort === 'state'
            ? dsgActivities.state
            : f.sort === 'lastReviewedOn'
              ? dsgActivities.lastReviewedOn
              : dsgActivities.idkey
      return [dir(column), asc(dsgActivities.idkey)]
    }

    async function linksOf(tx: Tx, activityIds: string[]) {
      if (!activityIds.length) return { risks: [], processes: [] }
      const [riskLinks, processLinks] = [
        await tx
          .select({ activityId: dsgActivityLinks.activityId, id: risks.id, idkey: risks.idkey, title: risks.title })
          .from(dsgActivityLinks)
          .innerJoin(risks, eq(risks.id, dsgActivityLinks.riskId))
          .where(and(inArray(dsgActivityLinks.activityId, activityIds), riskVisible))
          .orderBy(risks.idkey),
        await tx
          .select({ activityId: dsgActivityLinks.activityId, id: icsProcesses.id, idkey: icsProcesses.idkey, title: icsProcesses.title })
          .from(dsgActivityLinks)
          .innerJoin(icsProcesses, eq(icsProcesses.id, dsgActivityLinks.icsProcessId))
          .where(and(inArray(dsgActivityLinks.activityId, activityIds), processVisible))
          .orderBy(icsProcesses.idkey),
      ]
      return { risks: riskLinks, processes: processLinks }
    }

    const listColumns = {
      id: dsgActivities.id,
      idkey: dsgActivities.idkey,
      name: dsgActivities.name,
      purpose: dsgActivities.purpose,
      state: dsgActivities.state,
      sensitive: dsgActivities.sensitive,
      abroad: dsgActivities.abroad,
      lastReviewedOn: dsgActivities.lastReviewedOn,
      createdAt: dsgActivities.createdAt,
      responsibleName,
    }

    return {
      mayRead: rights.read,
      mayWrite: rights.write,

      /** One page of the record, filtered and sorted on the server; each row says whether it is due for review. */
      list(f: ActivityFilter, page: { limit: number; offset: number }, today: string = todayInZurich()) {
        mayRead()
        const where = whereOf(f, today)
        return scoped(async (tx) => {
          const rows = await tx
            .select(listColumns)
            .from(dsgActivities)
            .leftJoin(users, eq(users.id, dsgActivities.responsibleUserId))
            .leftJoin(responsibleBodies, eq(responsibleBodies.id, dsgActivities.responsibleBodyId))
            .where(where)
            .orderBy(...orderOf(f))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(dsgActivities).where(where)
          return { rows: rows.map((r) => ({ ...r, reviewDue: isReviewDue(r, today) })), total: count }
        })
      },

      /**
       * The whole record with every field and its links (the exports): every activity in number order, or
       * those of the list's filter in the list's order, so an export holds what the filtered list shows.
       */
      all(f?: ActivityFilter, today: string = todayInZurich()) {
        mayRead()
        return scoped(async (tx) => {
          const rows = await tx
            .select({ a: dsgActivities, responsibleName })
            .from(dsgActivities)
            .leftJoin(users, eq(users.id, dsgActivities.responsibleUserId))
            .leftJoin(responsibleBodies, eq(responsibleBodies.id, dsgActivities.responsibleBodyId))
            .where(f ? whereOf(f, today) : undefined)
            .orderBy(...(f ? orderOf(f) : [asc(dsgActivities.idkey)]))
          const links = await linksOf(
            tx,
            rows.map((r) => r.a.id),
          )
          return rows.map(({ a, responsibleName }) => ({
            ...a,
            responsibleName,
            risks: links.risks.filter((l) => l.activityId === a.id),
            processes: links.processes.filter((l) => l.activityId === a.id),
          }))
        })
      },

      /** One activity with its responsible's name, its links the reader may see, and whether it has an assessment. */
      async get(id: string) {
        if (!rights.read || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx
            .select({ a: dsgActivities, responsibleName })
            .from(dsgActivities)
            .leftJoin(users, eq(users.id, dsgActivities.responsibleUserId))
            .leftJoin(responsibleBodies, eq(responsibleBodies.id, dsgActivities.responsibleBodyId))
            .where(eq(dsgActivities.id, id))
          if (!row) return null
          const links = await linksOf(tx, [id])
          const [dpia] = await tx.select({ id: dsgDpias.id, state: dsgDpias.state }).from(dsgDpias).where(eq(dsgDpias.activityId, id))
          return { ...row.a, responsibleName: row.responsibleName, risks: links.risks, processes: links.processes, dpia: dpia ?? null }
        })
      },

      /**
       * Members and responsible bodies one may name as responsible (`keep`: the one named now stays);
       * `'everyone'` for the list's filter, which finds what an ended member answers for too.
       */
      async responsibles(keep?: string | null | 'everyone') {
        mayRead()
        return scoped(async (tx) => {
          const people = await namedMembers(tx, undefined, keep)
          const bodies = await tx.select({ id: responsibleBodies.id, name: responsibleBodies.name }).from(responsibleBodies).orderBy(responsibleBodies.name)
          return { people, bodies }
        })
      },

      /** Risks and ICS processes the reader may see, to link with an activity. */
      async linkable() {
        mayRead()
        return scoped(async (tx) => ({
          risks: await tx.select({ id: risks.id, idkey: risks.idkey, title: risks.title }).from(risks).where(riskVisible).orderBy(risks.idkey),
          processes: await tx
            .select({ id: icsProcesses.id, idkey: icsProcesses.idkey, title: icsProcesses.title })
            .from(icsProcesses)
            .where(processVisible)
            .orderBy(icsProcesses.idkey),
        }))
      },

      async create(input: ActivityInput) {
        mayWrite()
        return scoped(async (tx) => {
          await checkInput(tx, input)
          const values = columnsOf(input)
          const [row] = await tx
            .insert(dsgActivities)
            .values({
              ...values,
              customerId: access.customer.id,
              idkey: await nextNumber(tx, access.customer.id, 'dsg_activity'),
              retiredOn: input.state === 'retired' ? todayInZurich() : null,
              createdByUserId: access.user.id,
            })
            .returning()
          await writeAudit(tx, access, { component: 'dsgActivity', action: 'Created', entityId: row.id, changes: diff(null, values) })
          return row
        })
      },

      async update(id: string, input: ActivityInput, version: number | undefined) {
        mayWrite()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, dsgActivities, id, version)
          await checkInput(tx, input, before.responsibleUserId)
          const values = {
            ...columnsOf(input),
            // Retiring marks the day the processing ended; back to active or draft clears it.
            retiredOn: input.state === 'retired' ? (before.state === 'retired' ? before.retiredOn : todayInZurich()) : null,
          }
          return updateVersioned(tx, access, { table: dsgActivities, before, set: values, audit: { component: 'dsgActivity' } })
        })
      },

      /** The activity was reviewed today (Zurich): it is no longer due for a year. */
      async review(id: string, version: number | undefined) {
        mayWrite()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, dsgActivities, id, version)
          const values = { lastReviewedOn: todayInZurich() }
          return updateVersioned(tx, access, { table: dsgActivities, before, set: values, audit: { component: 'dsgActivity' } })
        })
      },

      /** Deletes an activity; one with an impact assessment is kept (retire it instead, DSV Art. 14). */
      async remove(id: string, version: number | undefined) {
        mayWrite()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, dsgActivities, id, version)
          const [dpia] = await tx.select({ id: dsgDpias.id }).from(dsgDpias).where(eq(dsgDpias.activityId, id))
          if (dpia) throw new DomainError('conflict', undefined, 'dsg:processing.deleteHasDpia')
          await deleteVersioned(tx, access, { table: dsgActivities, before, audit: { component: 'dsgActivity' } })
        })
      },

      /** Links a risk or an ICS process the user may read; an id out of reach is 404. */
      async link(id: string, kind: LinkKind, targetId: string) {
        mayWrite()
        if (!isUuid(id) || !isUuid(targetId)) throw new DomainError('not-found')
        return scoped(async (tx) => {
          const [activity] = await tx.select({ id: dsgActivities.id }).from(dsgActivities).where(eq(dsgActivities.id, id))
          if (!activity) throw new DomainError('not-found')
          await requireInSight(tx, kind, targetId)
          const values = kind === 'risk' ? { riskId: targetId } : { icsProcessId: targetId }
          const [row] = await tx
            .insert(dsgActivityLinks)
            .values({ customerId: access.customer.id, activityId: id, ...values })
            .onConflictDoNothing()
            .returning()
          if (row) await writeAudit(tx, access, { component: 'dsgActivityLink', action: 'Created', entityId: id, changes: diff(null, values) })
        })
      },

      async unlink(id: string, kind: LinkKind, targetId: string) {
        mayWrite()
        if (!isUuid(id) || !isUuid(targetId)) throw new DomainError('not-found')
        return scoped(async (tx) => {
          // A link to a record out of the user's sight (the other tool) is neither made nor removed by them.
          await requireInSight(tx, kind, targetId)
          const column = kind === 'risk' ? dsgActivityLinks.riskId : dsgActivityLinks.icsProcessId
          const [row] = await tx
            .delete(dsgActivityLinks)
            .where(and(eq(dsgActivityLinks.activityId, id), eq(column, targetId)))
            .returning()
          if (!row) throw new DomainError('not-found')
          const key = kind === 'risk' ? 'riskId' : 'icsProcessId'
          await writeAudit(tx, access, { component: 'dsgActivityLink', action: 'Deleted', entityId: id, changes: { [key]: { from: targetId, to: null } } })
        })
      },

      /** The active templates in the reader's language, each with the activity already copied from it. */
      async templates(language: Language) {
        mayRead()
        return scoped(async (tx) => {
          const rows = await tx.select().from(dsgTemplates).where(eq(dsgTemplates.active, true)).orderBy(asc(dsgTemplates.position), asc(dsgTemplates.key))
          const copied = await tx
            .select({ id: dsgActivities.id, templateId: dsgActivities.templateId })
            .from(dsgActivities)
            .where(sql`${dsgActivities.templateId} is not null`)
          return rows.map((t) => {
            const texts = templateTexts(t, language)
            return {
              id: t.id,
              key: t.key,
              name: texts.name,
              purpose: texts.purpose,
              sensitive: t.dataCategories.some((c) => c.sensitive),
              activityId: copied.find((c) => c.templateId === t.id)?.id ?? null,
            }
          })
        })
      },

      /** One draft activity per chosen template, its texts in `language`, the template kept as its origin. */
      async copyFromTemplates(ids: string[], language: Language) {
        mayWrite()
        const unique = [...new Set(ids)]
        if (!unique.length) throw new DomainError('invalid', 'templateId', 'dsg:processing.catalogNoneChosen')
        if (!unique.every(isUuid)) throw new DomainError('not-found')
        return scoped(async (tx) => {
          const rows = await tx
            .select()
            .from(dsgTemplates)
            .where(and(inArray(dsgTemplates.id, unique), eq(dsgTemplates.active, true)))
            .orderBy(asc(dsgTemplates.position))
          if (rows.length !== unique.length) throw new DomainError('not-found')
          const created: Activity[] = []
          for (const t of rows) {
            const texts = templateTexts(t, language)
            const dataCategories = t.dataCategories.map((c) => ({ name: c[language], sensitive: c.sensitive }))
            const values = {
              templateId: t.id,
              name: texts.name,
              purpose: texts.purpose,
              role: t.role,
              dataSubjects: texts.dataSubjects,
              dataCategories,
              sensitive: dataCategories.some((c) => c.sensitive),
              recipients: texts.recipients,
              retention: texts.retention,
              security: texts.security,
              legalBasis: texts.legalBasis,
              state: 'draft' as const,
            }
            const [row] = await tx
              .insert(dsgActivities)
              .values({
                ...values,
                customerId: access.customer.id,
                idkey: await nextNumber(tx, access.customer.id, 'dsg_activity'),
                createdByUserId: access.user.id,
              })
              .returning()
            await writeAudit(tx, access, { component: 'dsgActivity', action: 'Created', entityId: row.id, changes: diff(null, values) })
            created.push(row)
          }
          return created
        })
      },
    }
  },
}

type Template = typeof dsgTemplates.$inferSelect
const SUFFIX = { de: 'De', fr: 'Fr', en: 'En' } as const

/** A template's texts in one language. */
export function templateTexts(t: Template, language: Language) {
  const s = SUFFIX[language]
  const pick = (field: 'name' | 'purpose' | 'dataSubjects' | 'recipients' | 'retention' | 'security' | 'legalBasis') =>
    t[`${field}${s}` as keyof Template] as string
  return {
    name: pick('name'),
    purpose: pick('purpose'),
    dataSubjects: pick('dataSubjects'),
    recipients: pick('recipients'),
    retention: pick('retention'),
    security: pick('security'),
    legalBasis: pick('legalBasis'),
  }
}
