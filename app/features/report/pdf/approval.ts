import { formatDate } from '#models/core/dates.ts'
import type { PdfContext } from './context.ts'
import { GREY, MARGIN, RULE } from './style.ts'

/** The approval block: the latest approval, or lines for the date and signatures. */
export function approvalSection(ctx: PdfContext) {
  const { doc, t, approval, width, bottom, ensure, heading } = ctx
  heading(t('report:approval.title'))
  ensure(150)
  let boxTop = doc.y
  const boxHeight = 120
  const inner = width - 24
  const box = (bottomY: number) =>
    doc
      .rect(MARGIN, boxTop, width, bottomY - boxTop)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke()
  doc.x = MARGIN + 12
  doc.y = boxTop + 12
  if (approval) {
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('black')
      .text(t('report:pdf.approval.approved', { date: formatDate(approval.approvedOn) }), MARGIN + 12, doc.y, { width: inner })
    // The council's decision it rests on (issue 28): number, minutes and item, title.
    if (approval.decisionLine)
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(GREY)
        .text(approval.decisionLine, MARGIN + 12, doc.y, { width: inner })
    doc.moveDown(0.4)
    // The box grows with the names, measured as they wrap; on a page full, it closes and goes on on the next.
    for (const name of approval.names
      .split(/[,;\n]/)
      .map((n) => n.trim())
      .filter(Boolean)) {
      doc.font('regular').fontSize(10.5)
      if (doc.y + doc.heightOfString(name, { width: inner }) > bottom() - 12) {
        box(doc.y + 12)
        doc.addPage()
        boxTop = doc.y
        doc.y = boxTop + 12
        doc.font('regular').fontSize(10.5)
      }
      doc.fillColor('black').text(name, MARGIN + 12, doc.y, { width: inner })
    }
    const end = Math.max(doc.y + 12, Math.min(boxTop + boxHeight, bottom()))
    box(end)
    doc.x = MARGIN
    doc.y = end + 6
  } else {
    box(boxTop + boxHeight)
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('black')
      .text(t('report:approval.none'), MARGIN + 12, doc.y, { width: inner })
    // Lines for the date and the signatures, to be filled in by hand.
    const lineY = boxTop + boxHeight - 28
    const half = (width - 36) / 2
    for (const [i, label] of [t('report:field.approvedOn'), t('report:pdf.approval.signatures')].entries()) {
      const x = MARGIN + 12 + i * (half + 12)
      doc
        .moveTo(x, lineY)
        .lineTo(x + half, lineY)
        .lineWidth(0.5)
        .strokeColor(GREY)
        .stroke()
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor(GREY)
        .text(label, x, lineY + 4, { width: half })
    }
    doc.x = MARGIN
    doc.y = boxTop + boxHeight + 6
  }
}
