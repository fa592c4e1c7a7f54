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
  /** The list's filter the export honours, in words ("Status: Aktiv · …"); absent for the whole record. */
  filter?: string[]
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
  if (opts.filter?.length) doc.text(t('dsg:processing.pdf.filtered', { filter: opts.filter.join(' · ') }))
  doc.fillColor('black')
  if (activities.length === 0)
    doc
      .moveDown()
      .fontSize(11)
      .text(t(opts.filter?.length ? 'dsg:processing.pdf.emptyFiltered' : 'dsg:processing.pdf.empty'))

  const fields = recordFields(t).slice(2)
  const width = doc.page.width - 2 * MARGIN
  const bottom = () => doc.page.height - MARGIN
  const labelHeight = () => doc.font('bold').fontSize(9).heightOfString('X', { width })
  const valueHeight = (value: string, lines?: number) => {
    doc.font('regular').fontSize(10.5)
    const all = doc.heightOfString(value, { width })
    return lines === undefined ? all : Math.min(all, lines * doc.currentLineHeight(true))
  }
  /** Room a field needs so that its label does not stand alone: the label and its value, or two lines of a long value. */
  const keepTogether = (value: string) => labelHeight() + valueHeight(value, valueHeight(value) > 6 * doc.currentLineHeight(true) ? 2 : undefined)
  for (const a of activities) {
    // Only the fields that hold something: an empty field is left out, not printed as a row of dashes.
    const filled = fields.map(([label, value]) => [label, value(a).trim()] as const).filter(([, value]) => value !== '')
    const head = `${activityNumber(a.idkey)} ${a.name}`
    doc.moveDown(1.2)
    // A record starts on a new page when its heading and first field would not fit at the foot of this one.
    doc.font('bold').fontSize(14)
    const headHeight = doc.heightOfString(head, { width }) + 8 + (filled.length ? keepTogether(filled[0][1]) : 0)
    if (doc.y + headHeight > bottom() && doc.y > MARGIN + 1) doc.addPage()
    doc.font('bold').fontSize(14).fillColor('black').text(head, MARGIN, doc.y, { width })
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor('#999999')
      .stroke()
    doc.moveDown(0.4)
    if (filled.length === 0) doc.font('regular').fontSize(10.5).fillColor(GREY).text(t('dsg:processing.pdf.noEntries'), MARGIN, doc.y, { width })
    for (const [label, value] of filled) {
      // A label goes with its value: when they do not fit together, both go to the next page, under the record's name.
      if (doc.y + keepTogether(value) > bottom()) {
        doc.addPage()
        doc
          .font('bold')
          .fontSize(9)
          .fillColor(GREY)
          .text(t('dsg:processing.pdf.continued', { name: head }), MARGIN, doc.y, { width })
        doc.moveDown(0.4)
      }
      doc.font('bold').fontSize(9).fillColor(GREY).text(label, MARGIN, doc.y, { width })
      doc.font('regular').fontSize(10.5).fillColor('black').text(value, MARGIN, doc.y, { width })
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
