import { formatDate } from '#models/core/dates.ts'
import type { PdfContext } from './context.ts'
import { GREY, MARGIN } from './style.ts'

/** The footer with the page numbers on every page, written once every page exists. */
export function pageNumbers(ctx: PdfContext) {
  const { doc, t, snapshot, title, width } = ctx
  // One line: a long fund's name (the form allows 200 characters) is cut with an ellipsis, since a
  // wrapped footer would run past the page's bottom and add pages.
  doc.font('regular').fontSize(8)
  const tail = ` · ${title} · ${formatDate(snapshot.reportingDate)}`
  const footerWidth = width - 90
  const room = footerWidth - doc.widthOfString(tail)
  const footer = room >= 80 ? ellipsize(doc, snapshot.fund, room) + tail : ellipsize(doc, snapshot.fund + tail, footerWidth)
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const keep = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    const y = doc.page.height - MARGIN / 2 - 4
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(footer, MARGIN, y, { width: width - 90, align: 'left', lineBreak: false })
    doc.text(t('report:pdf.page', { page: i + 1, pages: range.count }), MARGIN, y, { width, align: 'right', lineBreak: false })
    doc.page.margins.bottom = keep
  }
}

/** The text cut with an ellipsis to fit the width in the current font and size. */
function ellipsize(doc: PDFKit.PDFDocument, text: string, maxWidth: number) {
  if (doc.widthOfString(text) <= maxWidth) return text
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}…`) <= maxWidth) lo = mid
    else hi = mid - 1
  }
  return `${text.slice(0, lo).trimEnd()}…`
}
