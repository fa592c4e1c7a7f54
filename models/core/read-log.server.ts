import { lt, sql } from 'drizzle-orm'
import type { Access } from './access.ts'
import { READ_LOG_KEEP_DAYS } from './constants.ts'
import { asSystem, requestMemo, withCustomer } from './scope.server.ts'
import { readLog } from '#models/schema/index.ts'

/**
 * The read log of particularly sensitive personal data (DSV Art. 4; issue 12, decision 0036): who read
 * which record, when, through which page or export. Reads are appended in the request's own
 * transaction (a GET request's loaders share one, decision 0018): an entry that cannot be written
 * fails the request, so no sensitive record leaves the server unlogged.
 */

/** A read of one record; `kind` names a kind a feature states (app/accountability/read-log.server.ts joins them). */
export type Read = { kind: string; id: string; via: string }

export type Reader = Pick<Access, 'user' | 'actingFor'> & { customer: { id: string } | null }

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
export function logEntryReads(access: Reader, entries: { read_kind: string | null; entity_id: string | null }[], via: string, except?: string) {
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
