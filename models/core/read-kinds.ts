import type { SQL } from 'drizzle-orm'
import type { Tx } from './db.server.ts'
import type { Permissions } from './permissions.ts'

/*
 * What the read log records reads of (issue 12, decision 0036): a kind of record with particularly
 * sensitive personal data. The feature that owns the record states its kind beside its code (its
 * `read-kinds.server.ts`); app/accountability joins them for the log's page, the history and the trail.
 */
export type ReadKindSpec = {
  /** Where the record is shown. */
  path: (id: string) => string
  /** Who may open it there: the log names it by its title and links it for them, by its number for everyone else. */
  may: (p: Permissions) => boolean
  /** The records of these ids, with their number and title as they are now. */
  names: (tx: Tx, ids: string[]) => Promise<{ id: string; idkey: number | string; title: string | null }[]>
  /** The record's number in the one form of its kind (decision 0043). */
  number: (idkey: string | number) => string
  /**
   * When an audit entry of the component of the same name shows the record's sensitive data, as a
   * condition on `audit_entries`; true: every entry of the component does.
   */
  inAudit: SQL | true
}
