import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { choosableMember } from '#app/auth/users.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { type AssuranceState, PROVIDER_NOTICE_LEAD_DAYS, type ProviderCriticality, type ProviderDsgRole, type ProviderService } from '#models/core/constants.ts'
import { assuranceStateSql } from '#models/core/assurance-state.server.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { numberFromSearch, RECORD_PREFIX } from '#models/core/record-number.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { dsgActivities, icsProcesses, memberships, providerIncidents, providerLinks, providers, risks, users } from '#models/schema/index.ts'
import { safeguardRequired } from './rules.ts'
import type { ProviderFormInput } from './schema.ts'

export const PROVIDER_SORTS = ['number', 'name', 'service', 'criticality', 'contractEnd'] as const
export type ProviderSort = (typeof PROVIDER_SORTS)[number]

export type ProviderFilter = {
  service?: ProviderService
  criticality?: ProviderCriticality
  dsgRole?: ProviderDsgRole
  /** Data kept abroad (true) or only in Switzerland (false). */
  abroad?: boolean
  /** 'active' (the default: not ended), 'ended', or 'all'. */
  state?: 'active' | 'ended' | 'all'
  /** The yearly assurance's state (the dashboard's tiles link here). */
  assurance?: AssuranceState
  /** 'due': the last notice day (or the end without notice) falls within PROVIDER_NOTICE_LEAD_DAYS from today. */
  notice?: 'due'
  q?: string
  sort: ProviderSort
  dir: 'asc' | 'desc'
}

export type ProviderInput = ProviderFormInput
export type LinkKind = 'risk' | 'process' | 'activity'

export const PROVIDER_COMPONENT = 'provider'

/** Data kept outside Switzerland. */
const abroadSql = sql`not (${providers.dataCountries} <@ '{CH}'::text[])`

/** The foreign-key violation of PostgreSQL (a row still refers to the one deleted), found inside the query builder's wrapping error. */
function isForeignKeyViolation(error: unknown) {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23503') return true
  return false
}

/** The rules the database also holds, checked first so the user reads them in their language (never the check's 500). */
export function checkProvider(input: ProviderInput) {
  if (input.contractStart && input.contractEnd && input.contractEnd < input.contractStart)
    throw new DomainError('invalid', 'contractEnd', 'providers:register.errors.contractOrder')
  if (input.noticeMonths !== null && (!Number.isInteger(input.noticeMonths) || input.noticeMonths < 0 || input.noticeMonths > 120))
    throw new DomainError('invalid', 'noticeMonths', 'providers:register.errors.noticeMonths')
  if (!Number.isInteger(input.assuranceDueMonth) || input.assuranceDueMonth < 1 || input.assuranceDueMonth > 12)
    throw new DomainError('invalid', 'assuranceDueMonth', 'providers:register.errors.dueMonth')
  if (input.dataCountries.length === 0 || input.dataCountries.some((c) => !/^[A-Z]{2}$/.test(c)))
    throw new DomainError('invalid', 'dataCountries', 'providers:register.errors.countries')
  if (safeguardRequired(input.dataCountries, input.dsgRole) && !input.abroadSafeguard)
    throw new DomainError('invalid', 'abroadSafeguard', 'providers:register.errors.safeguardRequired')
}

/** The owner must be a member of this fund who may own records (memberships are scoped to it); `keep`: the one it has. */
async function checkOwner(tx: Tx, userId: string | null, keep: string | null) {
  if (userId === null || userId === keep) return
  if (!isUuid(userId)) throw new DomainError('invalid', 'ownerUserId', 'providers:register.errors.owner')
  const [m] = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.id, userId), choosableMember(todayInZurich())))
  if (!m) throw new DomainError('invalid', 'ownerUserId', 'providers:register.errors.owner')
}

/** The assurance review's process must be an ICS process of the fund (RLS scopes the select). */
async function checkProcess(tx: Tx, id: string | null, field = 'assuranceProcessId') {
  if (id === null) return
  if (!isUuid(id)) throw new DomainError('invalid', field, 'providers:register.errors.process')
  const [p] = await tx.select({ id: icsProcesses.id }).from(icsProcesses).where(eq(icsProcesses.id, id))
  if (!p) throw new DomainError('invalid', field, 'providers:register.errors.process')
}

/** The column of provider_links a kind fills. */
const LINK_COLUMN = { risk: providerLinks.riskId, process: providerLinks.processId, activity: providerLinks.activityId } as const

/** The record of the fund of that kind as the trail names it, null when it is none (RLS scopes the select). */
async function linkTarget(tx: Tx, kind: LinkKind, id: string): Promise<string | null> {
  if (!isUuid(id)) return null
  const [row] =
    kind === 'risk'
      ? await tx
          .select({ label: sql<string>`${risks.idkey} || ' ' || ${risks.title}` })
          .from(risks)
          .where(eq(risks.id, id))
      : kind === 'process'
        ? await tx
            .select({ label: sql<string>`${icsProcesses.idkey} || ' ' || ${icsProcesses.title}` })
            .from(icsProcesses)
            .where(eq(icsProcesses.id, id))
        : await tx
            .select({ label: sql<string>`${RECORD_PREFIX.activity} || '-' || ${dsgActivities.idkey} || ' ' || ${dsgActivities.name}` })
            .from(dsgActivities)
            .where(eq(dsgActivities.id, id))
  return row?.label ?? null
}

/**
 * The fund's providers (outsourcing; Art. 9 and 16 DSG), bound to the acting access: readers of either
 * tool list and read them (`providers.read`), writers of either tool record and change them, their
 * links and incidents (`providers.write`). Auditors read.
 */
export const Providers = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access).providers
    const mayRead = p.read
    const mayWrite = p.write
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const refuse = () => new DomainError(mayRead ? 'forbidden' : 'not-found')

    const owner = sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${providers.ownerUserId})`
    const columns = {
      id: providers.id,
      number: providers.number,
      name: providers.name,
      service: providers.service,
      criticality: providers.criticality,
      description: providers.description,
      ownerUserId: providers.ownerUserId,
      ownerName: owner,
      contactName: providers.contactName,
      contactEmail: providers.contactEmail,
      contactPhone: providers.contactPhone,
      contractStart: providers.contractStart,
      contractEnd: providers.contractEnd,
      noticeMonths: providers.noticeMonths,
      dpaSignedOn: providers.dpaSignedOn,
      dpaEnd: providers.dpaEnd,
      dsgRole: providers.dsgRole,
      dataCountries: providers.dataCountries,
      abroadSafeguard: providers.abroadSafeguard,
      abroadSafeguardNote: providers.abroadSafeguardNote,
      exitPlan: providers.exitPlan,
      assuranceRequired: providers.assuranceRequired,
      assuranceDueMonth: providers.assuranceDueMonth,
      assuranceProcessId: providers.assuranceProcessId,
      assuranceProcess: sql<string | null>`(select p.idkey || ' ' || p.title from ics_processes p where p.id = ${providers.assuranceProcessId})`,
      endedOn: providers.endedOn,
      version: providers.version,
    }

    function whereOf(f: Omit<ProviderFilter, 'sort' | 'dir'>, today: string) {
      const conds: (SQL | undefined)[] = []
      if (f.service) conds.push(eq(providers.service, f.service))
      if (f.criticality) conds.push(eq(providers.criticality, f.criticality))
      if (f.dsgRole) conds.push(eq(providers.dsgRole, f.dsgRole))
      if (f.abroad === true) conds.push(abroadSql)
      if (f.abroad === false) conds.push(sql`not ${abroadSql}`)
      const state = f.state ?? 'active'
      if (state === 'active') conds.push(or(isNull(providers.endedOn), gt(providers.endedOn, today)))
      if (state === 'ended') conds.push(and(isNotNull(providers.endedOn), lte(providers.endedOn, today)))
      if (f.assurance) conds.push(sql`${assuranceStateSql(today)} = ${f.assurance}`)
      if (f.notice === 'due')
        conds.push(
          sql`(${providers.contractEnd} - make_interval(months => coalesce(${providers.noticeMonths}, 0)))::date between ${today}::date and ${today}::date + ${PROVIDER_NOTICE_LEAD_DAYS}::int`,
        )
      const q = f.q?.trim()
      if (q) {
        const n = numberFromSearch(q, RECORD_PREFIX.provider)
        const term = likeTerm(q)
        conds.push(or(ilike(providers.name, term), ilike(providers.contactName, term), n === undefined ? undefined : eq(providers.number, n)))
      }
      return and(...conds)
    }

    function orderOf(f: Pick<ProviderFilter, 'sort' | 'dir'>) {
      const dir = f.dir === 'desc' ? desc : asc
      const by =
        f.sort === 'name'
          ? [dir(providers.name)]
          : f.sort === 'service'
            ? [dir(providers.service)]
            : f.sort === 'criticality'
              ? [dir(providers.criticality)]
              : f.sort === 'contractEnd'
                ? [f.dir === 'desc' ? sql`${providers.contractEnd} desc nulls last` : sql`${providers.contractEnd} asc nulls last`]
                : []
      return [...by, dir(providers.number)]
    }

    return {
      mayRead,
      mayWrite,

      /** A page of the register (not ended by default), with the owner's name. */
      list(f: ProviderFilter, page: { limit: number; offset: number }, today: string = todayInZurich()) {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped(async (tx) => {
          const where = whereOf(f, today)
          const rows = await tx
            .select(columns)
            .from(providers)
            .where(where)
            .orderBy(...orderOf(f))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(providers).where(where)
          return { rows, total: count }
        })
      },

      /** Every provider the filter finds, for the exports. */
      all(f: ProviderFilter, today: string = todayInZurich()) {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped((tx) =>
          tx
            .select(columns)
            .from(providers)
            .where(whereOf(f, today))
            .orderBy(...orderOf(f)),
        )
      },

      /** Runs `fn` in the caller's scope (the list's assurance states read in the same customer scope). */
      read<T>(fn: (tx: Tx) => Promise<T>) {
        if (!mayRead) throw new DomainError('forbidden')
        return scoped(fn)
      },

      /** One provider with its links and incidents; null when unknown here or not readable. */
      async get(id: string) {
        if (!mayRead || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx.select(columns).from(providers).where(eq(providers.id, id))
          if (!row) return null
          const links = await tx
            .select({
              riskId: providerLinks.riskId,
              processId: providerLinks.processId,
              activityId: providerLinks.activityId,
              riskLabel: sql<string | null>`(select r.idkey || ' ' || r.title from risks r where r.id = ${providerLinks.riskId})`,
              processLabel: sql<string | null>`(select p.idkey || ' ' || p.title from ics_processes p where p.id = ${providerLinks.processId})`,
              activityLabel: sql<
                string | null
              >`(select ${RECORD_PREFIX.activity} || '-' || a.idkey || ' ' || a.name from dsg_activities a where a.id = ${providerLinks.activityId})`,
            })
            .from(providerLinks)
            .where(eq(providerLinks.providerId, id))
            .orderBy(providerLinks.createdAt)
          const incidents = await tx
            .select({
              id: providerIncidents.id,
              number: providerIncidents.number,
              occurredOn: providerIncidents.occurredOn,
              title: providerIncidents.title,
              personalData: providerIncidents.personalData,
              breachId: providerIncidents.breachId,
              closedOn: providerIncidents.closedOn,
            })
            .from(providerIncidents)
            .where(eq(providerIncidents.providerId, id))
            .orderBy(desc(providerIncidents.occurredOn), desc(providerIncidents.number))
          return {
            ...row,
            risks: links.filter((l) => l.riskId).map((l) => ({ id: l.riskId as string, label: l.riskLabel ?? '' })),
            processes: links.filter((l) => l.processId).map((l) => ({ id: l.processId as string, label: l.processLabel ?? '' })),
            activities: links.filter((l) => l.activityId).map((l) => ({ id: l.activityId as string, label: l.activityLabel ?? '' })),
            // Which breach an incident is recorded as is for who reads breaches (the dsg role and admins).
            incidents: permissionsOf(access).dsg.sensitive ? incidents : incidents.map((i) => ({ ...i, breachId: null })),
          }
        })
      },

      /** The choices of the form: the fund's members as owners (and `keep`), its ICS processes. */
      formOptions(keepOwner?: string | null) {
        if (!mayWrite) throw new DomainError('forbidden')
        return scoped(async (tx) => {
          const owners = await tx
            .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(choosableMember(todayInZurich(), keepOwner))
            .orderBy(users.lastName, users.firstName, users.id)
          const processes = await tx
            .select({ id: icsProcesses.id, idkey: icsProcesses.idkey, title: icsProcesses.title })
            .from(icsProcesses)
            .orderBy(icsProcesses.idkey)
          return { owners, processes }
        })
      },

      /** What may be linked: the fund's risks, ICS processes and processing activities. */
      linkable() {
        if (!mayWrite) throw new DomainError('forbidden')
        return scoped(async (tx) => ({
          risks: (await tx.select({ id: risks.id, idkey: risks.idkey, title: risks.title }).from(risks).orderBy(risks.idkey)).map((r) => ({
            id: r.id,
            label: `${r.idkey} ${r.title}`,
          })),
          processes: (
            await tx.select({ id: icsProcesses.id, idkey: icsProcesses.idkey, title: icsProcesses.title }).from(icsProcesses).orderBy(icsProcesses.idkey)
          ).map((r) => ({ id: r.id, label: `${r.idkey} ${r.title}` })),
          activities: (
            await tx.select({ id: dsgActivities.id, idkey: dsgActivities.idkey, name: dsgActivities.name }).from(dsgActivities).orderBy(dsgActivities.idkey)
          ).map((r) => ({ id: r.id, label: `${RECORD_PREFIX.activity}-${r.idkey} ${r.name}` })),
        }))
      },

      async create(input: ProviderInput) {
        if (!mayWrite) throw new DomainError('forbidden')
        checkProvider(input)
        return scoped(async (tx) => {
          await checkOwner(tx, input.ownerUserId, null)
          await checkProcess(tx, input.assuranceProcessId)
          const number = await nextNumber(tx, access.customer.id, 'provider')
          const [row] = await tx
            .insert(providers)
            .values({ ...input, number, customerId: access.customer.id })
            .returning()
          await writeAudit(tx, access, { component: PROVIDER_COMPONENT, action: 'Created', entityId: row.id, changes: diff(null, { number, ...input }) })
          return row
        })
      },

      async update(id: string, input: ProviderInput, version: number | undefined) {
        if (!mayWrite) throw refuse()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, providers, id, version)
          checkProvider(input)
          await checkOwner(tx, input.ownerUserId, before.ownerUserId)
          if (input.assuranceProcessId !== before.assuranceProcessId) await checkProcess(tx, input.assuranceProcessId)
          const after = await updateVersioned(tx, access, { table: providers, before, set: input, audit: { component: PROVIDER_COMPONENT } })
          // A contract end, notice period or due month moved: its dates are reminded of anew (the kept day may lie after the new one).
          const notice = input.contractEnd !== before.contractEnd || input.noticeMonths !== before.noticeMonths
          const assurance = input.assuranceDueMonth !== before.assuranceDueMonth
          if (notice || assurance)
            await tx
              .update(providers)
              .set({ ...(notice ? { noticeRemindedFor: null } : {}), ...(assurance ? { assuranceRemindedFor: null } : {}) })
              .where(eq(providers.id, id))
          return after
        })
      },

      /** Ends the relationship on `endedOn` (kept for the record; no more reminders or assurance); null reopens it. */
      async end(id: string, endedOn: string | null, version: number) {
        if (!mayWrite) throw refuse()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, providers, id, version)
          if (endedOn && before.contractStart && endedOn < before.contractStart)
            throw new DomainError('invalid', 'endedOn', 'providers:register.errors.endedBeforeStart')
          return updateVersioned(tx, access, { table: providers, before, set: { endedOn }, audit: { component: PROVIDER_COMPONENT } })
        })
      },

      /** Deletes a provider entered by mistake: refused (409) once an incident or an assurance review refers to it. */
      async remove(id: string, version: number) {
        if (!mayWrite) throw refuse()
        try {
          await scoped(async (tx) => {
            const before = await lockVersioned(tx, providers, id, version)
            await deleteVersioned(tx, access, { table: providers, before, audit: { component: PROVIDER_COMPONENT } })
          })
        } catch (error) {
          if (isForeignKeyViolation(error)) throw new DomainError('conflict', undefined, 'providers:register.errors.deleteInUse')
          throw error
        }
      },

      /** Links a risk, ICS process or processing activity of the fund (404 for anything else); twice is once. */
      async link(id: string, kind: LinkKind, targetId: string) {
        if (!mayWrite) throw refuse()
        return scoped(async (tx) => {
          if (!isUuid(id)) throw new DomainError('not-found')
          const [provider] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, id)).for('update')
          if (!provider) throw new DomainError('not-found')
          const label = await linkTarget(tx, kind, targetId)
          if (label === null) throw new DomainError('invalid', 'targetId', 'providers:register.errors.linkTarget')
          const inserted = await tx
            .insert(providerLinks)
            .values({
              customerId: access.customer.id,
              providerId: id,
              [kind === 'risk' ? 'riskId' : kind === 'process' ? 'processId' : 'activityId']: targetId,
            })
            .onConflictDoNothing()
            .returning({ id: providerLinks.id })
          if (inserted.length)
            await writeAudit(tx, access, {
              component: PROVIDER_COMPONENT,
              action: 'Updated',
              entityId: id,
              changes: { [`${kind}Link`]: { from: null, to: label } },
            })
        })
      },

      async unlink(id: string, kind: LinkKind, targetId: string) {
        if (!mayWrite) throw refuse()
        if (!isUuid(id) || !isUuid(targetId)) throw new DomainError('not-found')
        return scoped(async (tx) => {
          const [provider] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, id)).for('update')
          if (!provider) throw new DomainError('not-found')
          const label = await linkTarget(tx, kind, targetId)
          const removed = await tx
            .delete(providerLinks)
            .where(and(eq(providerLinks.providerId, id), eq(LINK_COLUMN[kind], targetId)))
            .returning({ id: providerLinks.id })
          if (removed.length)
            await writeAudit(tx, access, {
              component: PROVIDER_COMPONENT,
              action: 'Updated',
              entityId: id,
              changes: { [`${kind}Link`]: { from: label ?? targetId, to: null } },
            })
        })
      },
    }
  },
}
