import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import { asc, eq, sql } from 'drizzle-orm'
import { type CustomerAccess, effectiveUserId } from './access.ts'
import { writeAudit } from './audit.server.ts'
import type { FileOwner } from './constants.ts'
import { FILE_TYPES, type FileType } from './file-types.ts'
import type { Tx } from './db.server.ts'
import { cursorWithCustomer, type ScopedAccess } from './scope.server.ts'
import { storedFileChunks, storedFiles } from '../schema/index.ts'

/*
 * The one file store (issue 25, decision 0063): a file's facts in `stored_files`, its content in
 * pieces of at most CHUNK_BYTES in `stored_file_chunks`, both tenant tables under forced row-level
 * security, written inside the caller's tenant transaction so that a refused or failed upload leaves
 * no row and no piece behind. The store is one small interface: an S3-compatible store for operators
 * with terabytes would implement the same three operations.
 */

export const CHUNK_BYTES = 256 * 1024

/** The upload limit per file: UPLOAD_LIMIT in bytes, or with a unit ("25MB", "512KB"); 25 MB by default. */
export function uploadLimit(value = process.env.UPLOAD_LIMIT): number {
  const m = value?.trim().match(/^(\d+)\s*(B|KB|MB|GB)?$/i)
  if (!m) return 25 * 1024 * 1024
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[(m[2] ?? 'B').toUpperCase() as 'B' | 'KB' | 'MB' | 'GB']
  return Number(m[1]) * unit
}

export type StoredFile = typeof storedFiles.$inferSelect
export type NewFile = { customerId: string; owner: FileOwner; ownerId: string; name: string; uploadedByUserId: string | null }

/** Why a file is refused: its type is not allowed (415), its content does not match its name (415), it is empty (400). */
export class FileRefused extends Error {
  constructor(public readonly reason: 'type' | 'mismatch' | 'empty' | 'tooLarge') {
    super(`file refused: ${reason}`)
  }
}

/** The original name without path, control characters or characters file systems refuse; at most 200 characters, its extension kept. */
export function sanitizeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  let clean = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"|?*]+/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
  if (clean.length > 200) {
    const ext = clean.match(/\.[A-Za-z0-9]{1,8}$/)?.[0] ?? ''
    clean = clean.slice(0, 200 - ext.length) + ext
  }
  return clean || 'file'
}

const extensionOf = (name: string) => name.match(/\.([A-Za-z0-9]{1,8})$/)?.[1]?.toLowerCase() ?? ''

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b)
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP = [0x50, 0x4b, 0x03, 0x04]

/** Text: valid UTF-8 (with or without its byte order mark), no NUL. */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false
  try {
    // The head may cut a character at its end: leave the last three bytes out.
    new TextDecoder('utf-8', { fatal: true }).decode(head.length > 3 ? head.subarray(0, head.length - 3) : head)
    return true
  } catch {
    return false
  }
}

const EML_HEADER = /^(?:\uFEFF)?(?:Return-Path|Received|From|Date|Message-ID|MIME-Version|Subject|To|Delivered-To|X-[\w-]+):/i

/**
 * The type of a file from its first bytes and, for a ZIP container, the entry names it holds
 * (`zipNames`: what an Office file's entries show, gathered while the content streams); then the
 * name's extension must fit it. Throws FileRefused otherwise.
 */
export function detectType(head: Uint8Array, name: string, zipNames: { word: boolean; xl: boolean }): FileType {
  const ext = extensionOf(name)
  let type: FileType | null = null
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) type = 'application/pdf'
  else if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) type = 'image/png'
  else if (startsWith(head, [0xff, 0xd8, 0xff])) type = 'image/jpeg'
  else if (startsWith(head, ZIP)) type = zipNames.xl ? FILE_TYPES_BY_EXT.xlsx : zipNames.word ? FILE_TYPES_BY_EXT.docx : null
  else if (startsWith(head, CFB)) type = ext === 'msg' ? 'application/vnd.ms-outlook' : null
  else if (isText(head)) {
    const text = new TextDecoder().decode(head)
    type = ext === 'eml' && EML_HEADER.test(text) ? 'message/rfc822' : ext === 'csv' ? 'text/csv' : ext === 'txt' ? 'text/plain' : null
  }
  if (!type) throw new FileRefused('type')
  if (!(FILE_TYPES[type] as readonly string[]).includes(ext)) throw new FileRefused('mismatch')
  return type
}

const FILE_TYPES_BY_EXT = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const satisfies Record<string, FileType>

/** The store's three operations; `tx` is the caller's tenant transaction (withCustomer). */
export type FileStore = {
  /** Writes a file from its content's pieces; refuses (FileRefused) an empty, unknown, mismatched or too large one. */
  put(tx: Tx, file: NewFile, content: AsyncIterable<Uint8Array>, limit: number): Promise<StoredFile>
  /**
   * The content as a stream for a body read after the request: a transaction of its own for the
   * acting customer (row-level security), a cursor fetching READ_PIECES pieces at a time.
   */
  open(access: ScopedAccess, fileId: string): Readable
  remove(tx: Tx, fileId: string): Promise<void>
}

const ZERO_HASH = '0'.repeat(64)
/** The bytes at the start of a file its type is detected from. */
const HEAD_BYTES = 8192
/** Pieces a download fetches per statement (1 MiB): the server holds one batch at a time. */
const READ_PIECES = 4

/** The PostgreSQL store: the content in pieces of CHUNK_BYTES in `stored_file_chunks`. */
export const postgresFileStore: FileStore = {
  async put(tx, file, content, limit) {
    const name = sanitizeName(file.name)
    const ownerColumn = {
      execution: 'executionId',
      document: 'documentId',
      measure: 'measureId',
      declaration: 'declarationId',
      transaction: 'transactionId',
    } as const
    const [row] = await tx
      .insert(storedFiles)
      .values({
        customerId: file.customerId,
        owner: file.owner,
        [ownerColumn[file.owner]]: file.ownerId,
        name,
        contentType: 'application/octet-stream',
        size: 0,
        sha256: ZERO_HASH,
        uploadedByUserId: file.uploadedByUserId,
      })
      .returning()
    const hash = crypto.createHash('sha256')
    const zipNames = { word: false, xl: false }
    let head: Uint8Array | null = null
    let size = 0
    let seq = 0
    let pending: Uint8Array[] = []
    let pendingBytes = 0
    const flush = async (all: boolean) => {
      while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending)
        const piece = joined.subarray(0, CHUNK_BYTES)
        const rest = joined.subarray(piece.length)
        pending = rest.length ? [rest] : []
        pendingBytes = rest.length
        await tx.insert(storedFileChunks).values({ fileId: row.id, customerId: file.customerId, seq: seq++, data: piece })
      }
    }
    for await (const chunk of content) {
      if (!chunk.length) continue
      size += chunk.length
      if (size > limit) throw new FileRefused('tooLarge')
      hash.update(chunk)
      // The first 8 KiB decide the type, however the content was cut into pieces.
      if (!head || head.length < HEAD_BYTES) {
        head = head ? Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES) : chunk.subarray(0, HEAD_BYTES)
      }
      // The entry names of an Office file stand in its local headers as plain text.
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      if (!zipNames.word && bytes.includes('word/document.xml')) zipNames.word = true
      if (!zipNames.xl && bytes.includes('xl/workbook.xml')) zipNames.xl = true
      pending.push(chunk)
      pendingBytes += chunk.length
      await flush(false)
    }
    if (!size || !head) throw new FileRefused('empty')
    const contentType = detectType(head, name, zipNames)
    await flush(true)
    const [done] = await tx
      .update(storedFiles)
      .set({ size, sha256: hash.digest('hex'), contentType })
      .where(eq(storedFiles.id, row.id))
      .returning()
    return done
  },
  open(access, fileId) {
    return Readable.from(
      (async function* () {
        for await (const rows of cursorWithCustomer(access, READ_PIECES, (tx) =>
          tx.select({ data: storedFileChunks.data }).from(storedFileChunks).where(eq(storedFileChunks.fileId, fileId)).orderBy(asc(storedFileChunks.seq)),
        )) {
          for (const row of rows) yield row.data
        }
      })(),
    )
  },
  async remove(tx, fileId) {
    await tx.delete(storedFiles).where(eq(storedFiles.id, fileId))
  },
}

/** The files of an owner, oldest first. */
export function filesOf(tx: Tx, owner: FileOwner, ownerId: string) {
  const column = {
    execution: storedFiles.executionId,
    document: storedFiles.documentId,
    measure: storedFiles.measureId,
    declaration: storedFiles.declarationId,
    transaction: storedFiles.transactionId,
  }[owner]
  return tx
    .select({
      id: storedFiles.id,
      name: storedFiles.name,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      sha256: storedFiles.sha256,
      createdAt: storedFiles.createdAt,
      uploadedBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${storedFiles.uploadedByUserId})`,
    })
    .from(storedFiles)
    .where(eq(column, ownerId))
    .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id))
}

/** A file as a form hands it on: its field, the name the browser sent, its content read once. */
export type FilePart = { field: string; name: string; content: AsyncIterable<Uint8Array> }

/**
 * Keeps one uploaded file of an owner with its audit entry, in the caller's tenant transaction: a
 * refused file (FileRefused) rolls back with everything the transaction wrote.
 */
export async function keepFile(tx: Tx, access: CustomerAccess, owner: { kind: FileOwner; id: string }, part: FilePart, limit = uploadLimit()) {
  const file = await postgresFileStore.put(
    tx,
    { customerId: access.customer.id, owner: owner.kind, ownerId: owner.id, name: part.name, uploadedByUserId: effectiveUserId(access) },
    part.content,
    limit,
  )
  await writeAudit(tx, access, {
    component: 'storedFile',
    action: 'Created',
    entityId: file.id,
    changes: {
      [owner.kind]: { from: null, to: owner.id },
      name: { from: null, to: file.name },
      size: { from: null, to: file.size },
      sha256: { from: null, to: file.sha256 },
    },
  })
  return file
}

/** Removes one file with its audit entry (the database refuses it for an approved execution's evidence). */
export async function dropFile(tx: Tx, access: CustomerAccess, file: Pick<StoredFile, 'id' | 'owner' | 'name' | 'size' | 'sha256'> & { ownerId: string }) {
  await postgresFileStore.remove(tx, file.id)
  await writeAudit(tx, access, {
    component: 'storedFile',
    action: 'Deleted',
    entityId: file.id,
    changes: {
      [file.owner]: { from: file.ownerId, to: null },
      name: { from: file.name, to: null },
      size: { from: file.size, to: null },
      sha256: { from: file.sha256, to: null },
    },
  })
}
