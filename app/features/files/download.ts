import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { attachment } from '#app/utils/content-disposition.ts'
import { writeAudit } from '#models/core/audit.server.ts'
import { postgresFileStore } from '#models/core/files.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { storedFiles } from '#models/schema/index.ts'
import type { Route } from './+types/download'

/**
 * One stored file, streamed from the store (issue 25, decision 0063): always as an attachment (the
 * server adds `X-Content-Type-Options: nosniff` to every answer, server/http-hardening.ts), never rendered inline, its type the one detected at upload. Another fund's file, or one
 * whose owner the reader may not read, is not found. Every download writes an audit entry.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  if (!isUuid(params.id)) notFound(request)
  const p = permissionsOf(access)
  const file = await withCustomer(access, async (tx) => {
    const [row] = await tx.select().from(storedFiles).where(eq(storedFiles.id, params.id))
    if (!row) return null
    // Who reads the owner reads its files.
    const readable = row.owner === 'execution' ? p.executions.read : row.owner === 'document' ? Object.values(p.documents).some((d) => d.read) : p.customer
    if (!readable) return null
    await writeAudit(tx, access, { component: 'storedFile', action: 'Downloaded', entityId: row.id, changes: {} })
    return row
  })
  if (!file) notFound(request)
  const body = postgresFileStore.open((work) => withCustomer(access, work), file.id)
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': attachment(file.name),
      'Cache-Control': 'no-store',
    },
  })
}
