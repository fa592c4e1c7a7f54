import { QUALITY_LEVELS, QUALITY_TARGET } from '#models/core/constants.ts'
import type { PdfContext } from './context.ts'
import { BAR, GREY, MARGIN } from './style.ts'

/** The ICS quality index per main process: chart and table. */
export function qualitySection(ctx: PdfContext) {
  const { doc, t, c, dash, heading, paragraph, table, nameOf } = ctx
  heading(t('report:pdf.quality.title'), true)
  paragraph(t('report:pdf.quality.intro', { minimum: c.quality.councilMinimum, target: QUALITY_TARGET }))
  doc.moveDown(0.5)
  if (c.quality.mainProcesses.length) qualityChart(ctx)
  const qualityStatus = (level: number | null) =>
    level === null
      ? t('report:pdf.quality.notAssessed')
      : level < c.quality.councilMinimum
        ? t('report:pdf.quality.below')
        : level >= QUALITY_TARGET
          ? t('report:pdf.quality.target')
          : t('report:pdf.quality.meets')
  if (c.quality.mainProcesses.length === 0) paragraph(t('report:pdf.none'))
  else
    table(
      [
        { label: t('report:pdf.quality.process'), width: 5 },
        { label: t('report:pdf.quality.level'), width: 1, align: 'right' },
        { label: t('report:pdf.quality.status'), width: 2.2 },
      ],
      c.quality.mainProcesses.map((m) => [`${m.leadingNumber} ${nameOf(m.names)}`, m.level === null ? dash : String(m.level), qualityStatus(m.level)]),
    )
}

/**
 * Horizontal bars per main process on the levels 1–5, with the council's minimum (dashed) and the
 * target (solid). A main process's name wraps on word boundaries beside its bar (never cut: "06
 * Informatique et protection des données"), and its row grows with it.
 */
function qualityChart(ctx: PdfContext) {
  const { doc, t, c, width, ensure, nameOf } = ctx
  const bars = c.quality.mainProcesses
  const max = QUALITY_LEVELS[QUALITY_LEVELS.length - 1]
  const labelWidth = 170
  const plot = width - labelWidth - 70
  const barH = 14
  const gap = 6
  const label = (m: (typeof bars)[number]) => `${m.leadingNumber} ${nameOf(m.names)}`
  doc.font('regular').fontSize(8)
  const rowHeights = bars.map((m) => Math.max(barH, doc.heightOfString(label(m), { width: labelWidth - 8 }) + 2))
  const offsets = rowHeights.map((_, i) => rowHeights.slice(0, i).reduce((a, h) => a + h + gap, 0))
  const plotHeight = rowHeights.reduce((a, h) => a + h + gap, 0)
  ensure(36 + plotHeight + 24)
  const top = doc.y + 30
  const xOf = (v: number) => MARGIN + labelWidth + (v / max) * plot
  // The scale.
  for (const level of [0, ...QUALITY_LEVELS]) {
    doc
      .moveTo(xOf(level), top - 4)
      .lineTo(xOf(level), top + plotHeight)
      .lineWidth(0.3)
      .strokeColor('#dddddd')
      .stroke()
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(String(level), xOf(level) - 10, top + plotHeight + 2, { width: 20, align: 'center', lineBreak: false })
  }
  bars.forEach((m, i) => {
    const y = top + offsets[i]
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('black')
      .text(label(m), MARGIN, y + 2, { width: labelWidth - 8 })
    if (m.level !== null) {
      const belowMinimum = m.level < c.quality.councilMinimum
      const w = xOf(m.level) - xOf(0)
      doc.rect(xOf(0), y, w, barH).fill(belowMinimum ? BAR.below : BAR.ok)
      if (belowMinimum) {
        doc.save()
        doc.rect(xOf(0), y, w, barH).clip()
        doc.lineWidth(1).strokeColor('#ffffff')
        for (let k = -barH; k < w; k += 6)
          doc
            .moveTo(xOf(0) + k, y + barH)
            .lineTo(xOf(0) + k + barH, y)
            .stroke()
        doc.restore()
      }
    }
    doc
      .font('bold')
      .fontSize(8)
      .fillColor('black')
      .text(m.level === null ? t('report:pdf.quality.notAssessed') : String(m.level), xOf(m.level ?? 0) + 4, y + 2, { lineBreak: false })
  })
  // The reference lines with their labels above the plot.
  const lines = [
    { value: c.quality.councilMinimum, label: t('report:pdf.quality.minimumLine', { level: c.quality.councilMinimum }), dash: true },
    { value: QUALITY_TARGET, label: t('report:pdf.quality.targetLine', { level: QUALITY_TARGET }), dash: false },
  ]
  for (const [i, line] of lines.entries()) {
    const x = xOf(line.value)
    doc.save()
    doc
      .moveTo(x, top - 6)
      .lineTo(x, top + plotHeight)
      .lineWidth(1.2)
      .strokeColor(BAR.line)
    if (line.dash) doc.dash(3, { space: 2 })
    doc.stroke()
    doc.undash()
    doc.restore()
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor('black')
      // One row each, so the labels of neighbouring lines do not overlap.
      .text(line.label, x - 60, top - 28 + i * 10, {
        width: 120,
        align: 'center',
        lineBreak: false,
      })
  }
  doc.x = MARGIN
  doc.y = top + plotHeight + 18
}
