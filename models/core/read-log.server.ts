import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Access } from './access.ts'
import { READ_LOG_KEEP_DAYS } from './constants.ts'
import { isIsoDate } from './dates.ts'
import { isUuid } from './sql-helpers.ts'
import { DomainError } from './errors.ts'
import { permissionsOf } from './permissions.ts'
import type { Tx } from './db.server.ts'
import { asSystem, requestMemo, withCustomer } from './scope.server.ts'
import { READ_KINDS, type ReadKind } from './read-kinds.ts'
import { activityNumber, breachNumber, requestNumber } from './record-number.ts'
import { dsgActivities, dsgBreaches, dsgRequests, icsProcesses, readLog, risks, users } from '#models/schema/index.ts'

/**
 * The read log of particularly sensitive personal data (DSV Art. 4; issue 12, decision 0036): who read
 * which record, when, through which page or export. Reads are appended in the request's own
 * transaction (a GET request's loaders share one, decision 0018): an entry that cannot be written
 * fails the request, so no sensitive record leaves the server unlogged.
 */

export { READ_KINDS, type ReadKind }

export type Read = { kind: ReadKind; id: string; via: string }

type Reader = Pick<Access, 'user' | 'actingFor'> & { customer: { id: string } | null }

/** "First Last <e-mail>", as the reader was called when they read. */
export function userLabel(user: Access['user']) {
  return `${`${user.firstName} ${user.lastName}`.trim()} <${user.email}>`
}

/** The path of a request or URL without its query (and without React Router's `.data` suffix). */
export function viaOf(request: Request | string) {
  const url = new URL(typeof request === 'string' ? request : request.url, 'http://x')
  return url.pathname.replace(/\.data$/, '')
}

/** Appends reads of one request: one insert, whatever their number. */
/** What this request has logged already: a page and its dialog (both loaders of one request) read a record once. */
const LOGGED = {}

export async function logReads(access: Reader, all: Read[]) {
  const logged = requestMemo(LOGGED, () => new Set<string>())
  const reads = all.filter((r) => {
    const key = `${r.kind}:${r.id}:${r.via}`
    if (logged.has(key)) return false
    logged.add(key)
    return true
  })
  if (!reads.length) return
  const customerId = access.customer?.id
  if (!customerId) throw new Error('a read of sensitive data outside a customer')
  await withCustomer(access, (tx) =>
    tx.insert(readLog).values(
      reads.map((r) => ({
        customerId,
        userId: access.user.id,
        userLabel: userLabel(access.user),
        actingForUserId: access.actingFor?.id ?? null,
        recordKind: r.kind,
        recordId: r.id,
        via: r.via,
      })),
    ),
  )
}

export function logRead(access: Reader, read: Read) {
  return logReads(access, [read])
}

/** The reads of the entries of a page (audit entries, a history panel): one per record, in one insert. */
export function logEntryReads(access: Reader, entries: { read_kind: ReadKind | null; entity_id: string | null }[], via: string, except?: string) {
  const seen = new Set<string>()
  const reads: Read[] = []
  for (const e of entries) {
    if (!e.read_kind || !e.entity_id || e.entity_id === except) continue
    const key = `${e.read_kind}:${e.entity_id}`
    if (seen.has(key)) continue
    seen.add(key)
    reads.push({ kind: e.read_kind, id: e.entity_id, via })
  }
  return logReads(access, reads)
}

/**
 * Which record's particularly sensitive data an audit entry shows, as a column of `audit_entries`:
 * a risk's or ICS process's data protection block (when the entry holds one of its values; dsgRelevant
 * is a flag the lists show unlogged, not personal data), a breach, a request of a data subject, a
 * processing activity that is or was sensitive or whose entry names a sensitive data category; otherwise null.
 */
export const auditReadKind = sql<ReadKind | null>`(case
  when audit_entries.component in ('risk', 'icsProcess')
       and audit_entries.changed_fields ?| array['hasPersonalData', 'hasProtectableData', 'dsgMeasureNeeded'] then audit_entries.component
  when audit_entries.component in ('dsgBreach', 'dsgRequest') then audit_entries.component
  when audit_entries.component = 'dsgActivity'
       and (audit_entries.changed_fields -> 'sensitive' ->> 'from' = 'true' or audit_entries.changed_fields -> 'sensitive' ->> 'to' = 'true'
            or jsonb_path_exists(audit_entries.changed_fields, '$.dataCategories.*[*] ? (@.sensitive == true)')
            or exists (select 1 from dsg_activities a where a.id::text = audit_entries.entity_id and a.sensitive)) then 'dsgActivity'
end)`

/**
 * An export of the audit trail (CSV, XLSX, the auditor's pack): one read per record whose sensitive
 * data its entries matching `where` show, in one INSERT … SELECT, whatever the trail's length.
 */
export async function logAuditReads(access: Reader, where: (tx: Tx) => SQL | undefined, via: string) {
  const customerId = access.customer?.id
  if (!customerId) throw new Error('a read of sensitive data outside a customer')
  await withCustomer(access, (tx) =>
    tx.execute(sql`
      insert into read_log (customer_id, user_id, user_label, acting_for_user_id, record_kind, record_id, via)
      select ${customerId}::uuid, ${access.user.id}::uuid, ${userLabel(access.user)}, ${access.actingFor?.id ?? null}::uuid, k.kind, k.entity_id, ${via}
        from (select distinct ${auditReadKind} as kind, audit_entries.entity_id from audit_entries where ${where(tx) ?? sql`true`}) k
       where k.kind is not null and k.entity_id is not null`),
  )
}

/**
 * An export of the processing record: one entry per activity with a particularly sensitive
 * category it holds, all in one insert (the per-record view of the log then names the export too).
 */
export function logSensitiveActivities(access: Reader, activities: { id: string; sensitive: boolean }[], request: Request) {
  const via = viaOf(request)
  return logReads(
    access,
    activities.filter((a) => a.sensitive).map((a) => ({ kind: 'dsgActivity' as const, id: a.id, via })),
  )
}

type Permissions = ReturnType<typeof permissionsOf>

/**
 * Where each kind of record is shown, who may open it there, and how it is named: its number (in
 * the one form of its kind, decision 0043) and, for who may open it, its title. A request of a data
 * subject is named by its number only: its requester is personal data the log has no need to show.
 */
const RECORDS = {
  risk: {
    path: (id: string) => `/app/risk/${id}`,
    may: (p: Permissions) => p.tools.risk.use,
    names: (tx: Tx, ids: string[]) => tx.select({ id: risks.id, idkey: risks.idkey, title: risks.title }).from(risks).where(inArray(risks.id, ids)),
    number: (idkey: string | number) => String(idkey),
  },
  icsProcess: {
    path: (id: string) => `/app/iks/${id}`,
    may: (p: Permissions) => p.tools.iks.use,
    names: (tx: Tx, ids: string[]) =>
      tx.select({ id: icsProcesses.id, idkey: icsProcesses.idkey, title: icsProcesses.title }).from(icsProcesses).where(inArray(icsProcesses.id, ids)),
    number: (idkey: string | number) => String(idkey),
  },
  dsgBreach: {
    path: (id: string) => `/app/dsg/breaches/${id}`,
    may: (p: Permissions) => p.dsg.sensitive,
    names: (tx: Tx, ids: string[]) =>
      tx.select({ id: dsgBreaches.id, idkey: dsgBreaches.idkey, title: dsgBreaches.title }).from(dsgBreaches).where(inArray(dsgBreaches.id, ids)),
    number: breachNumber,
  },
  dsgRequest: {
    path: (id: string) => `/app/dsg/requests/${id}`,
    may: (p: Permissions) => p.dsg.sensitive,
    names: (tx: Tx, ids: string[]) =>
      tx.select({ id: dsgRequests.id, idkey: dsgRequests.idkey, title: sql<string | null>`null` }).from(dsgRequests).where(inArray(dsgRequests.id, ids)),
    number: requestNumber,
  },
  dsgActivity: {
    path: (id: string) => `/app/dsg/processing/${id}`,
    may: (p: Permissions) => p.dsg.read,
    names: (tx: Tx, ids: string[]) =>
      tx.select({ id: dsgActivities.id, idkey: dsgActivities.idkey, title: dsgActivities.name }).from(dsgActivities).where(inArray(dsgActivities.id, ids)),
    number: activityNumber,
  },
} as const

export type ReadLogFilter = { from?: string; to?: string; kind?: ReadKind; userId?: string; limit: number; offset: number }

export type ReadLogRow = {
  id: string
  readAt: Date
  user: string
  actingFor: string | null
  kind: ReadKind | string
  recordId: string
  /** The record as it is named now ("DB-4 E-Mail an falschen Empfänger", "02.07 Datenschutz"); null when it no longer exists. */
  record: string | null
  /** Its page, for an admin who may open it there. */
  href: string | null
  via: string
}

export class ReadLog {
  private constructor(private readonly access: Access) {}

  /** The fund's admins only (the route's guard already refused everyone else). */
  static for(access: Access) {
    if (!access.customer || !permissionsOf(access).admin.access) throw new DomainError('forbidden')
    return new ReadLog(access)
  }

  /** Newest first, paged on the server; each row names its record as it is called now, linked when it still exists and the admin may open it. */
  list(filter: ReadLogFilter): Promise<{ rows: ReadLogRow[]; total: number }> {
    const conds = []
    // A period of days in Zurich: from its first moment to the end of its last day.
    if (isIsoDate(filter.from)) conds.push(gte(readLog.readAt, sql`(${filter.from}::date)::timestamp at time zone 'Europe/Zurich'`))
    if (isIsoDate(filter.to)) conds.push(lt(readLog.readAt, sql`(${filter.to}::date + 1)::timestamp at time zone 'Europe/Zurich'`))
    if (filter.kind) conds.push(eq(readLog.recordKind, filter.kind))
    if (filter.userId && isUuid(filter.userId)) conds.push(eq(readLog.userId, filter.userId))
    const where = conds.length ? and(...conds) : undefined
    return withCustomer(this.access, async (tx) => {
      // The principal's label as they are called now (the entry keeps only their id).
      const principal = sql<
        string | null
      >`(select trim(${users.firstName} || ' ' || ${users.lastName}) || ' <' || ${users.email} || '>' from ${users} where ${users.id} = ${readLog.actingForUserId})`
      const [rows, [{ total }]] = await Promise.all([
        tx
          .select({
            id: readLog.id,
            readAt: readLog.readAt,
            user: readLog.userLabel,
            actingFor: principal,
            actingForUserId: readLog.actingForUserId,
            kind: readLog.recordKind,
            recordId: readLog.recordId,
            via: readLog.via,
          })
          .from(readLog)
          .where(where)
          .orderBy(desc(readLog.readAt), desc(readLog.id))
          .limit(filter.limit)
          .offset(filter.offset),
        tx.select({ total: count() }).from(readLog).where(where),
      ])
      // The page's records as they are named now, and which still exist: one query per kind on the page (at most five).
      const permissions = permissionsOf(this.access)
      const named = new Map<string, { record: string; href: string | null }>()
      for (const kind of READ_KINDS) {
        const record = RECORDS[kind]
        const ids = [...new Set(rows.filter((r) => r.kind === kind && isUuid(r.recordId)).map((r) => r.recordId))]
        if (!ids.length) continue
        const may = record.may(permissions)
        for (const f of await record.names(tx, ids)) {
          const number = record.number(f.idkey)
          // The title is for who may open the record in its tool; the number names it for everyone else.
          named.set(`${kind}:${f.id}`, { record: may && f.title ? `${number} ${f.title}` : number, href: may ? record.path(f.id) : null })
        }
      }
      return {
        total,
        rows: rows.map(({ actingForUserId, ...r }) => ({
          ...r,
          actingFor: r.actingFor ?? actingForUserId,
          record: named.get(`${r.kind}:${r.recordId}`)?.record ?? null,
          href: named.get(`${r.kind}:${r.recordId}`)?.href ?? null,
        })),
      }
    })
  }

  /** The readers of the fund's log, for the filter. */
  readers(): Promise<{ id: string; label: string }[]> {
    return withCustomer(this.access, (tx) =>
      tx
        .selectDistinctOn([readLog.userId], { id: readLog.userId, label: readLog.userLabel })
        .from(readLog)
        .orderBy(readLog.userId, desc(readLog.readAt))
        .then((rows) => rows.sort((a, b) => a.label.localeCompare(b.label))),
    )
  }
}

/** The daily job: entries past their year go (the trigger of migration 0028 refuses any younger). */
export function purgeReadLog(): Promise<number> {
  return asSystem('read log retention', async (tx) => {
    const gone = await tx
      .delete(readLog)
      .where(lt(readLog.readAt, sql`now() - make_interval(days => ${READ_LOG_KEEP_DAYS})`))
      .returning({ id: readLog.id })
    return gone.length
  })
}
