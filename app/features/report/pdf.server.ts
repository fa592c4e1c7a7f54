import type { TFunction } from '#app/i18n/translate.ts'
import { approvalSection } from './pdf/approval.ts'
import { openReport, type ReportPdfOptions } from './pdf/context.ts'
import { controlsSection } from './pdf/controls.ts'
import { titlePage } from './pdf/cover.ts'
import { documentsSection } from './pdf/documents.ts'
import { dsgSection } from './pdf/dsg.ts'
import { pageNumbers } from './pdf/footer.ts'
import { heatMapSection } from './pdf/heat-map.ts'
import { measuresSection } from './pdf/measures.ts'
import { qualitySection } from './pdf/quality.ts'
import { executionsSection } from './pdf/executions.ts'
import { loyaltySection } from './pdf/loyalty.ts'
import { kriSection } from './pdf/kri.ts'
import { governanceSection } from './pdf/governance.ts'
import { managementSummary } from './pdf/summary.ts'
import { topRisksSection } from './pdf/top-risks.ts'

/*
 * The annual report to the foundation council from a frozen snapshot (issue 11,
 * docs/decisions/0032-report-pdf-and-pack.md): title page, summary, the heat map and the quality
 * index drawn as vectors, the top risks with their change since the previous snapshot, measures,
 * key controls, documents past their reference date, DSG figures and the approval block; page
 * numbers on every page. pdfkit with the embedded Noto Sans of the record's PDF (decision 0030).
 * The same snapshot gives the same bytes: the creation date is the snapshot's freezing, not now.
 *
 * One drawing context (pdf/context.ts: the document, the translator, the layout helpers and the values
 * two sections share), one file per section in pdf/; this file only runs them in their order.
 */

export type { ReportApproval, ReportSnapshot } from './pdf/context.ts'
export { heatCounts } from './pdf/heat-map.ts'
export { BAND_COLOR } from './pdf/style.ts'
export { topRisks } from './pdf/top-risks.ts'

/** The report's file name in its language, e.g. Jahresbericht-2025-12-31.pdf. */
export function reportFileName(t: TFunction, reportingDate: string) {
  return `${t('report:pdf.file')}-${reportingDate}.pdf`
}

/** The sections in their order, each drawing on from where the one before left off. */
const SECTIONS = [
  titlePage,
  managementSummary,
  heatMapSection,
  topRisksSection,
  measuresSection,
  qualitySection,
  executionsSection,
  controlsSection,
  documentsSection,
  dsgSection,
  loyaltySection,
  kriSection,
  governanceSection,
  approvalSection,
  pageNumbers,
]

export function reportPdf(opts: ReportPdfOptions): Promise<Buffer> {
  const { ctx, done } = openReport(opts)
  for (const section of SECTIONS) section(ctx)
  ctx.doc.end()
  return done
}
