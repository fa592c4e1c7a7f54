import { formatDateTime } from '#app/i18n/config.ts'
import type { TFunction } from '#app/i18n/translate.ts'
import { formatDate, todayInZurich } from '#models/core/dates.ts'
import type { SnapshotContent } from '../content.ts'
import type { PdfContext, ReportSnapshot } from './context.ts'
import { GREY, MARGIN } from './style.ts'

/** How many records whose state at the reporting date cannot be known the title page names (the summary lists them all). */
const COVER_UNCERTAIN = 8

/** The day (Zurich) a snapshot was frozen: its own record of it (format 2), else the day of its freezing's moment. */
export function frozenDay(snapshot: Pick<ReportSnapshot, 'frozenAt' | 'content'>) {
  return snapshot.content.frozenOn ?? todayInZurich(snapshot.frozenAt)
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The title page: logo, fund, both dates, period, freezing, approval, and what cannot be known at the reporting date. */
export function titlePage(ctx: PdfContext) {
  const { doc, t, snapshot, c, approval, logo, title, width, uncertain, paragraph } = ctx
  if (logo) {
    try {
      doc.image(logo, MARGIN, MARGIN, { fit: [200, 80] })
    } catch {
      // A logo pdfkit cannot read (a broken PNG): the page shows the name alone.
    }
  }
  doc.y = MARGIN + 160
  doc.font('bold').fontSize(24).fillColor('black').text(title, MARGIN, doc.y, { width })
  doc.moveDown(0.6)
  doc.font('bold').fontSize(16).text(snapshot.fund, { width })
  doc.moveDown(1.5)
  doc.font('regular').fontSize(12)
  doc.text(t('report:pdf.reportingDate', { date: formatDate(snapshot.reportingDate) }), { width })
  doc.text(t('report:pdf.period', { from: formatDate(c.periodFrom), to: formatDate(c.reportingDate) }), { width })
  doc.moveDown(0.6)
  doc
    .fontSize(10)
    .fillColor(GREY)
    .text(t('report:pdf.frozen', { at: formatDateTime(snapshot.frozenAt), by: c.frozenBy }), { width })
  doc.text(approval ? t('report:approval.recorded', { date: formatDate(approval.approvedOn), names: approval.names }) : t('report:approval.none'), { width })
  // Both dates, honestly: a snapshot frozen after its reporting date says so, and what its figures are.
  const frozenOn = frozenDay(snapshot)
  if (frozenOn > c.reportingDate) {
    doc.moveDown(0.8)
    const days = daysBetween(c.reportingDate, frozenOn)
    paragraph(
      t(c.format >= 2 ? 'report:pdf.cover.frozenLater' : 'report:pdf.cover.frozenLaterToday', {
        count: days,
        frozen: formatDate(frozenOn),
        date: formatDate(c.reportingDate),
      }),
      'black',
      10,
    )
  }
  if (uncertain.length) {
    doc.moveDown(0.6)
    paragraph(t('report:pdf.asOf.intro', { count: uncertain.length, date: formatDate(c.reportingDate) }), 'black', 10)
    doc.moveDown(0.2)
    for (const u of uncertain.slice(0, COVER_UNCERTAIN)) paragraph(`– ${uncertainText(t, u)}`, 'black', 9.5)
    if (uncertain.length > COVER_UNCERTAIN) paragraph(t('report:pdf.asOf.more', { count: uncertain.length - COVER_UNCERTAIN }), GREY, 9.5)
  }
}

function uncertainText(t: TFunction, u: NonNullable<SnapshotContent['asOf']>['uncertain'][number]) {
  return `${t(`report:pdf.asOf.registers.${u.register}`)} ${u.number} ${u.title} (${t(`report:pdf.asOf.reasons.${u.reason}`)})`
}
