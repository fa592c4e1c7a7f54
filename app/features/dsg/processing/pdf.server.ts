import PDFDocument from 'pdfkit'
import type { TFunction } from '#app/i18n/translate.ts'
import { registerPdfFonts } from '#app/utils/pdf-fonts.server.ts'
import { formatDate } from '#models/core/dates.ts'
import { type RecordActivity, recordFields } from './export.server.ts'
import { activityNumber } from '#models/core/record-number.ts'

/*
 * The record of processing activities as a PDF for the FDPIC (docs/decisions/0030-pdf-library.md):
 * a title with the fund and the day, one section per activity with every field, page numbers.
 * Noto Sans (SIL Open Font License, app/utils/pdf-fonts.server.ts: Latin, Latin Extended, Greek,
 * Cyrillic) is embedded as a subset, so the texts of all three languages and names such as Petrović
 * show as written; the same input gives the same bytes (the
 * creation date is the day of the record, the font subset's tag and the file's id follow from it).
 */

const MARGIN = 56
const GREY = '#555555'

export function recordPdf(opts: {
  t: TFunction
  fund: string
  today: string
  activities: RecordActivity[]
  /** Content streams uncompressed (the tests read the text). */
  compress?: boolean
}): Promise<Buffer> {
  const { t, fund, today, activities } = opts
  const title = t('dsg:processing.pdf.title')
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: opts.compress ?? true,
    lang: t('dsg:processing.pdf.lang'),
    info: { Title: `${title} – ${fund}`, Author: fund, Creator: 'Vorsorge RM', CreationDate: new Date(`${today}T00:00:00Z`) },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  registerPdfFonts(doc)

  doc.font('bold').fontSize(20).text(title)
  doc.moveDown(0.3)
  doc.font('regular').fontSize(12).text(fund)
  doc
    .fillColor(GREY)
    .fontSize(10)
    .text(t('dsg:processing.pdf.asOf', { date: formatDate(today) }))
  doc.text(t('dsg:processing.pdf.count', { count: activities.length }))
  doc.fillColor('black')
  if (activities.length === 0) doc.moveDown().fontSize(11).text(t('dsg:processing.pdf.empty'))

  const fields = recordFields(t).slice(2)
  const width = doc.page.width - 2 * MARGIN
  for (const a of activities) {
    doc.moveDown(1.2)
    // A section starts on a new page when its heading would stand alone at the foot of one.
    if (doc.y > doc.page.height - MARGIN - 90) doc.addPage()
    doc
      .font('bold')
      .fontSize(14)
      .text(`${activityNumber(a.idkey)} ${a.name}`, { width })
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor('#999999')
      .stroke()
    doc.moveDown(0.4)
    for (const [label, value] of fields) {
      doc.font('bold').fontSize(9).fillColor(GREY).text(label, { width })
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor('black')
        .text(value(a) || '—', { width })
      doc.moveDown(0.25)
    }
  }

  // Page numbers, written once every page exists; the bottom margin is lifted so the footer stays on its page.
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(`${fund} · ${title} · ${formatDate(today)}`, MARGIN, doc.page.height - MARGIN / 2 - 4, { width, align: 'left', lineBreak: false })
    doc.text(t('dsg:processing.pdf.page', { page: i + 1, pages: range.count }), MARGIN, doc.page.height - MARGIN / 2 - 4, {
      width,
      align: 'right',
      lineBreak: false,
    })
    doc.page.margins.bottom = bottom
  }
  doc.end()
  return done
}
