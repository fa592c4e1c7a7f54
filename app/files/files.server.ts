import { and, eq } from 'drizzle-orm'
import { type CustomerAccess, effectiveUserId } from '#models/core/access.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import type { FileOwner } from '#models/core/constants.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { dropFile, type FilePart, filesOf, keepFile, postgresFileStore, type StoredFile } from '#models/core/files.server.ts'
import { type Permissions, permissionsOf } from '#models/core/permissions.ts'
import { logRead } from '#models/core/read-log.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { documentVisibility, measureVisibility } from '#models/core/visibility.server.ts'
import { controlExecutions, documents, loyaltyDeclarations, loyaltyPersons, measures, relatedTransactions, storedFiles } from '#models/schema/index.ts'

/*
 * The files of one fund (the shared floor of documents, measures, executions and the download route), bound to the acting access (issue 25, decision 0063): who reads a file's owner
 * reads and downloads the file; who may change a document or confirm a measure adds files to it. The
 * evidence of an execution is added and removed by the executions register itself (its own rule of
 * who records), through the same store. Every upload, download and removal writes an audit entry.
 */

export type FileOwnerRef = { kind: FileOwner; id: string }
type Verdict = 'ok' | 'missing' | 'forbidden'

/** Whether the access reads (`write: false`) or adds to (`write: true`) the files of one owner. */
const ownerChecks: Record<FileOwner, (tx: Tx, p: Permissions, id: string, write: boolean, userId: string) => Promise<Verdict>> = {
  async document(tx, p, id, write) {
    const [row] = await tx
      .select({ category: documents.category })
      .from(documents)
      .where(and(eq(documents.id, id), documentVisibility(p)))
    if (!row) return 'missing'
    return !write || p.documents[row.category].write ? 'ok' : 'forbidden'
  },
  async measure(tx, p, id, write) {
    const [row] = await tx
      .select({ source: measures.source, dsgMeasure: measures.dsgMeasure })
      .from(measures)
      .where(and(eq(measures.id, id), measureVisibility(p)))
    if (!row) return 'missing'
    // The rule of editing and confirming a measure (decision 0007).
    return !write || (row.dsgMeasure ? p.measures[row.source].editDsg : p.measures[row.source].write) ? 'ok' : 'forbidden'
  },
  async execution(tx, p, id, write) {
    // An execution's evidence is added and removed by the executions register (its own rule).
    if (write) return 'forbidden'
    if (!p.executions.read) return 'missing'
    const [row] = await tx.select({ id: controlExecutions.id }).from(controlExecutions).where(eq(controlExecutions.id, id))
    return row ? 'ok' : 'missing'
  },
  async declaration(tx, p, id, write, userId) {
    // A paper declaration's scan: admins add it; the area's readers and the declaring person read it.
    const [row] = await tx
      .select({ userId: loyaltyPersons.userId })
      .from(loyaltyDeclarations)
      .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
      .where(eq(loyaltyDeclarations.id, id))
    if (!row || !(p.loyalty.read || row.userId === userId)) return 'missing'
    return !write || p.loyalty.manage ? 'ok' : 'forbidden'
  },
  async transaction(tx, p, id, write) {
    // The offers of a related-party transaction.
    if (!p.loyalty.read) return 'missing'
    const [row] = await tx.select({ id: relatedTransactions.id }).from(relatedTransactions).where(eq(relatedTransactions.id, id))
    if (!row) return 'missing'
    return !write || p.loyalty.manage ? 'ok' : 'forbidden'
  },
}

type OwnerColumns = Pick<StoredFile, 'owner' | 'executionId' | 'documentId' | 'measureId' | 'declarationId' | 'transactionId'>
const ownerIdOf = (row: OwnerColumns) =>
  ({ execution: row.executionId, document: row.documentId, measure: row.measureId, declaration: row.declarationId, transaction: row.transactionId })[
    row.owner
  ] as string

export const Files = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)

    async function requireOwner(tx: Tx, owner: FileOwnerRef) {
      const verdict = isUuid(owner.id) ? await ownerChecks[owner.kind](tx, p, owner.id, true, effectiveUserId(access)) : 'missing'
      if (verdict === 'missing') throw new DomainError('not-found')
      if (verdict === 'forbidden') throw new DomainError('forbidden')
    }

    async function find(tx: Tx, id: string) {
      if (!isUuid(id)) return null
      const [row] = await tx.select().from(storedFiles).where(eq(storedFiles.id, id))
      if (!row || (await ownerChecks[row.owner](tx, p, ownerIdOf(row), false, effectiveUserId(access))) !== 'ok') return null
      return row
    }

    return {
      /**
       * Keeps one uploaded file of a document or a measure, in the caller's transaction when one is
       * open (the form's own change and its files are kept together, or neither).
       */
      attach(owner: FileOwnerRef, part: FilePart): Promise<StoredFile> {
        return scoped(async (tx) => {
          await requireOwner(tx, owner)
          return keepFile(tx, access, owner, part)
        })
      },

      /** The files of one owner the access reads, oldest first; none when the owner is not visible. */
      list(owner: FileOwnerRef) {
        return scoped(async (tx) => {
          if (!isUuid(owner.id) || (await ownerChecks[owner.kind](tx, p, owner.id, false, effectiveUserId(access))) !== 'ok') return []
          return filesOf(tx, owner.kind, owner.id)
        })
      },

      /** Removes a file of a document or a measure the access may change (of `of` when given: another owner's file is not found). */
      remove(id: string, of?: FileOwnerRef): Promise<void> {
        return scoped(async (tx) => {
          const file = await find(tx, id)
          if (!file || file.owner === 'execution') throw new DomainError('not-found')
          if (of && (file.owner !== of.kind || ownerIdOf(file) !== of.id)) throw new DomainError('not-found')
          await requireOwner(tx, { kind: file.owner, id: ownerIdOf(file) })
          await dropFile(tx, access, { ...file, ownerId: ownerIdOf(file) })
        })
      },

      /**
       * A file to download, with its audit entry, and its content streamed in a transaction of its own
       * (the body is read after the request). Null for another fund's file or an owner one does not read.
       */
      async download(id: string, via: string) {
        const file = await scoped(async (tx) => {
          const row = await find(tx, id)
          if (row) await writeAudit(tx, access, { component: 'storedFile', action: 'Downloaded', entityId: row.id, changes: {} })
          // A paper declaration's scan is the declaration itself: its reading is logged like the page's (issue 26).
          if (row?.owner === 'declaration' && row.declarationId) {
            const [person] = await tx
              .select({ userId: loyaltyPersons.userId })
              .from(loyaltyDeclarations)
              .innerJoin(loyaltyPersons, eq(loyaltyPersons.id, loyaltyDeclarations.personId))
              .where(eq(loyaltyDeclarations.id, row.declarationId))
            if (person?.userId !== access.user.id) await logRead(access, { kind: 'loyaltyDeclaration', id: row.declarationId, via })
          }
          return row
        })
        return file ? { file, content: postgresFileStore.open(access, file.id) } : null
      },
    }
  },
}
