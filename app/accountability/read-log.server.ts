import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { Access } from '#models/core/access.ts'
import { isIsoDate } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { ReadKindSpec } from '#models/core/read-kinds.ts'
import { type Reader, userLabel } from '#models/core/read-log.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { readLog, users } from '#models/schema/index.ts'
import { readKinds as dsgReadKinds } from '#app/features/dsg/read-kinds.server.ts'
import { readKinds as icsReadKinds } from '#app/features/inventory/ics/read-kinds.server.ts'
import { readKinds as riskReadKinds } from '#app/features/inventory/risk/read-kinds.server.ts'
import { readKinds as loyaltyReadKinds } from '#app/features/loyalty/read-kinds.server.ts'

/*
 * The read log as the fund's admins, the history and the audit trail read it (issue 12, decision
 * 0036): the kinds of records the features state (their `read-kinds.server.ts`), joined here. Reads
 * are written through models/core/read-log.server.ts.
 */

/** Every kind of record the read log knows, by its name (the `component` of its audit entries). */
export const READ_KIND_SPECS = { ...riskReadKinds, ...icsReadKinds, ...dsgReadKinds, ...loyaltyReadKinds } satisfies Record<string, ReadKindSpec>
export type ReadKind = keyof typeof READ_KIND_SPECS
export const READ_KINDS = Object.keys(READ_KIND_SPECS) as ReadKind[]
for (const kind of READ_KINDS) if (!/^[a-zA-Z]+$/.test(kind)) throw new Error(`a read kind is a plain name: ${kind}`)

/**
 * Which record's particularly sensitive data an audit entry shows, as a column of `audit_entries`:
 * the kind of the entry's component when its condition holds (each feature states it); otherwise null.
 */
export const auditReadKind = sql<ReadKind | null>`(case ${sql.join(
  READ_KINDS.map((kind) => {
    const when = READ_KIND_SPECS[kind].inAudit
    return when === true
      ? sql`when audit_entries.component = ${sql.raw(`'${kind}'`)} then ${sql.raw(`'${kind}'`)}`
      : sql`when audit_entries.component = ${sql.raw(`'${kind}'`)} and ${when} then ${sql.raw(`'${kind}'`)}`
  }),
  sql` `,
)} end)`

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
      // The page's records as they are named now, and which still exist: one query per kind on the page.
      const permissions = permissionsOf(this.access)
      const named = new Map<string, { record: string; href: string | null }>()
      for (const kind of READ_KINDS) {
        const record = READ_KIND_SPECS[kind]
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
