import { requirePermission } from '#app/auth/guards.server.ts'
import { viaOf } from '#models/core/read-log.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import type { Route } from './+types/auditor-zip'
import { auditorPackResponse } from './pack.server.ts'
import { reportInput, reportLanguage } from './report-input.server.ts'
import { Reports } from './reports.server.ts'

/**
 * The auditor's pack of a snapshot as a streamed ZIP: the report, the snapshot's lists as CSV and
 * XLSX, for admins and auditors the audit trail of the period (theirs to read: `auditTrail.read`), and
 * for readers of the ICS the approved executions' files in an evidence folder.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.reports.read)
  const input = await reportInput(access, params.id, request)
  const lang = reportLanguage(request, access)
  const audit = Reports.for(access).auditOfPeriod(input.snapshot.content, lang)
  // The pack's trail shows sensitive values: their records are logged as read in this request.
  await audit?.logRead(viaOf(request))
  return auditorPackResponse({ t: getFixedT(lang), lang, ...input, audit, evidence: Reports.for(access).evidence() })
}
