import { requirePermission } from '#app/auth/guards.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { attachment } from '#app/utils/content-disposition.ts'
import type { Route } from './+types/report-pdf'
import { reportFileName, reportPdf } from './pdf.server.ts'
import { reportInput, reportLanguage } from './report-input.server.ts'

/** The annual report of a snapshot as a PDF, in the language asked for (readers of a tool, as the snapshot's page). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.reports.read)
  const input = await reportInput(access, params.id, request)
  const t = getFixedT(reportLanguage(request, access))
  const pdf = await reportPdf({ t, ...input })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachment(reportFileName(t, input.snapshot.reportingDate)),
      'Content-Length': String(pdf.length),
      'Cache-Control': 'no-store',
    },
  })
}
