import { requirePermission } from '#app/auth/guards.server.ts'
import { isLocale, type Locale } from '#app/i18n/config.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { throwDomainError } from '#app/utils/domain-errors.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import type { Route } from './+types/report-pdf'
import { localLogo, reportFileName, reportPdf } from './pdf.server.ts'
import { Reports } from './reports.server.ts'

/** ?lang=de|fr|en, else the fund's own language. */
export function reportLanguage(request: Request, access: CustomerAccess): Locale {
  const lang = new URL(request.url).searchParams.get('lang')
  return isLocale(lang) ? lang : access.customer.language
}

/** What the report and the pack are made of: the snapshot with its fund, the previous snapshot, the latest approval, the logo. */
export async function reportInput(access: CustomerAccess, id: string, request: Request) {
  try {
    const { snapshot, previous } = await Reports.for(access).report(id)
    return {
      snapshot: { fund: access.customer.name, reportingDate: snapshot.reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content },
      previous,
      approval: snapshot.approval ? { approvedOn: snapshot.approval.approvedOn, names: snapshot.approval.names } : null,
      logo: localLogo(access.customer.logoUrl),
    }
  } catch (error) {
    return throwDomainError(error, request)
  }
}

/** The annual report of a snapshot as a PDF, in the language asked for (readers of a tool, as the snapshot's page). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { access } = await requirePermission(request, (p) => p.reports.read)
  const input = await reportInput(access, params.id, request)
  const t = getFixedT(reportLanguage(request, access))
  const pdf = await reportPdf({ t, ...input })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${reportFileName(t, input.snapshot.reportingDate)}"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'no-store',
    },
  })
}
