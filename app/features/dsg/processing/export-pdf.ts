import { logSensitiveActivities } from '#app/features/read-log/read-log.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { recordFileName } from './export.server.ts'
import { requireActivities } from './guard.server.ts'
import { recordPdf } from './pdf.server.ts'
import type { Route } from './+types/export-pdf'
import { attachment } from '#app/utils/content-disposition.ts'

/** The whole record as a PDF in the reader's language, to hand to the FDPIC on request. */
export async function loader({ request }: Route.LoaderArgs) {
  const { access, activities } = await requireActivities(request, 'read')
  const t = getFixedT(await getLocale(request))
  const today = todayInZurich()
  const all = await activities.all()
  await logSensitiveActivities(access, all, request)
  const pdf = await recordPdf({ t, fund: access.customer.name, today, activities: all })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachment(`${recordFileName(t, today)}.pdf`),
      'Content-Length': String(pdf.length),
      'Cache-Control': 'no-store',
    },
  })
}
