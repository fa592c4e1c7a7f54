import { Readable } from 'node:stream'
import { notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { attachment } from '#app/utils/content-disposition.ts'
import type { Route } from './+types/download'
import { Files } from '#app/files/files.server.ts'
import { viaOf } from '#models/core/read-log.server.ts'

/**
 * One stored file, streamed from the store (issue 25, decision 0063): always as an attachment (the
 * server adds `X-Content-Type-Options: nosniff` to every answer, server/http-hardening.ts), never
 * rendered inline, its type the one detected at upload. Another fund's file, or one whose owner the
 * reader may not read, is not found. Every download writes an audit entry.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const found = await Files.for(access).download(params.id, viaOf(request))
  if (!found) notFound(request)
  return new Response(Readable.toWeb(found.content) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': found.file.contentType,
      'Content-Length': String(found.file.size),
      'Content-Disposition': attachment(found.file.name),
      'Cache-Control': 'no-store',
    },
  })
}
