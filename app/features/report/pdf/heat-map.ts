import type { TFunction } from '#app/i18n/translate.ts'
import { band } from '#models/core/risk-score.ts'
import type { SnapshotContent } from '../content.ts'
import { levelName } from '../level-names.ts'
import type { PdfContext } from './context.ts'
import { BAND_COLOR, GREY, MARGIN, PATTERN } from './style.ts'
import { hyphenate, widestWord } from './table.ts'

/** Counts per probability × severity cell of the fund's levels. */
export function heatCounts(content: SnapshotContent) {
  const counts = new Map<string, number>()
  for (const r of content.risks) {
    if (r.probability === null || r.severity === null) continue
    const key = `${r.probability}x${r.severity}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

/** Mixes two #rrggbb colours (share of b), for patterns without transparency. */
function mix(a: string, b: string, share: number) {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(a, i) * (1 - share) + channel(b, i) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** The heat map in the risk map’s orientation. */
export function heatMapSection(ctx: PdfContext) {
  const { t, heading } = ctx
  heading(t('report:pdf.heatMap.title'))
  heatMap(ctx)
}

/**
 * The risk map's orientation (app/features/inventory/risk/risk-map.tsx, one orientation everywhere): severity
 * on the vertical axis (rows, highest on top), probability on the horizontal one (columns, lowest on
 * the left), each level with its number 1–5 and its name in the report's language (levelName); count,
 * colour and pattern per cell.
 */
function heatMap(ctx: PdfContext) {
  const { doc, t, c, width, ensure, paragraph, language } = ctx
  const lang = language()
  const rows = [...c.levels.severity].sort((a, b) => b.ref - a.ref).map((s) => ({ ref: s.ref, name: levelName('severity', s.ref, s.size, lang) }))
  const cols = [...c.levels.probability].sort((a, b) => a.ref - b.ref).map((p) => ({ ref: p.ref, name: levelName('probability', p.ref, p.name, lang) }))
  const counts = heatCounts(c)
  const labelWidth = 120
  const size = Math.min(48, (width - labelWidth - 20) / Math.max(cols.length, 1))
  const gap = 3
  // The probability labels under the columns: measured, at most four lines (then an ellipsis), so the
  // axis title and the legend go below however long a fund named its levels.
  // A name's words stay whole: the labels get smaller (down to 5.5 pt) until the longest word fits its column.
  let labelSize = 7.5
  doc.font('regular')
  while (labelSize > 5.5 && Math.max(0, ...cols.map((p) => widestWord(doc.fontSize(labelSize), p.name))) > size + 4) labelSize -= 0.5
  doc.fontSize(labelSize)
  const colLabel = (p: { ref: number; name: string }) => `${p.ref}\n${hyphenate(doc, p.name, size + 4)}`
  const labelMax = 4 * doc.currentLineHeight(true)
  const labelHeight = Math.min(labelMax, Math.max(0, ...cols.map((p) => doc.heightOfString(colLabel(p), { width: size + 4 }))))
  const height = rows.length * (size + gap) + 14 + labelHeight + 40
  ensure(height + 40)
  const top = doc.y + 4
  const left = MARGIN + labelWidth
  // The axis titles: severity above the rows' labels, probability under the columns.
  doc.font('bold').fontSize(9).fillColor('black').text(t('report:pdf.heatMap.severity'), MARGIN, top, { width, lineBreak: false })
  rows.forEach((s, i) => {
    const y = top + 14 + i * (size + gap)
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('black')
      .text(`${s.ref} ${s.name}`, MARGIN, y + size / 2 - 5, { width: labelWidth - 8, align: 'right', height: size, ellipsis: true })
    cols.forEach((p, j) => {
      heatCell(doc, left + j * (size + gap), y, size, band(p.ref, s.ref), counts.get(`${p.ref}x${s.ref}`) ?? 0)
    })
  })
  const axisY = top + 14 + rows.length * (size + gap)
  cols.forEach((p, j) => {
    const x = left + j * (size + gap)
    doc
      .font('regular')
      .fontSize(labelSize)
      .fillColor('black')
      .text(colLabel(p), x - 2, axisY + 2, { width: size + 4, align: 'center', height: labelMax, ellipsis: true })
  })
  const titleY = axisY + 2 + labelHeight + 4
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(t('report:pdf.heatMap.probability'), left, titleY, { width: cols.length * (size + gap), align: 'center', lineBreak: false })
  doc.x = MARGIN
  doc.y = titleY + 18
  legend(doc, t)
  // The numbers as text as well: the cells with risks, then those without a score.
  const cells = rows.flatMap((s) =>
    cols
      .filter((p) => counts.get(`${p.ref}x${s.ref}`))
      .map((p) => t('report:pdf.count', { label: `${p.ref} × ${s.ref}`, count: counts.get(`${p.ref}x${s.ref}`) })),
  )
  paragraph(`${t('report:pdf.heatMap.cells')} ${cells.length ? cells.join(' · ') : t('report:pdf.none')}`, 'black', 9)
  const unscored = c.risks.filter((r) => r.score === null).length
  paragraph(t('report:pdf.heatMap.unscored', { count: unscored }), GREY, 9)
}

/** One cell of the heat map at (x, y): its band's colour and pattern, and its count on a small white plate. */
function heatCell(doc: PDFKit.PDFDocument, x: number, y: number, size: number, b: ReturnType<typeof band>, count: number) {
  const tone = BAND_COLOR[b]
  const ink = mix(tone.background, tone.color, 0.35)
  doc.save()
  doc.roundedRect(x, y, size, size, 3).fill(tone.background)
  doc.roundedRect(x, y, size, size, 3).clip()
  const pattern = PATTERN[b]
  if (pattern === 'dots') {
    for (let dx = 3; dx < size; dx += 6) for (let dy = 3; dy < size; dy += 6) doc.circle(x + dx, y + dy, 0.8).fill(ink)
  }
  if (pattern === 'hatch' || pattern === 'cross') {
    doc.lineWidth(0.7).strokeColor(ink)
    for (let k = -size; k < size; k += 6)
      doc
        .moveTo(x + k, y + size)
        .lineTo(x + k + size, y)
        .stroke()
    if (pattern === 'cross')
      for (let k = -size; k < size; k += 6)
        doc
          .moveTo(x + k, y)
          .lineTo(x + k + size, y + size)
          .stroke()
  }
  doc.restore()
  doc
    .roundedRect(x, y, size, size, 3)
    .lineWidth(0.5)
    .strokeColor(mix(tone.background, tone.color, 0.25))
    .stroke()
  // The count stands on a small white plate, readable over the pattern.
  const text = String(count)
  doc.font('bold').fontSize(13)
  const tw = doc.widthOfString(text)
  doc.rect(x + size / 2 - tw / 2 - 3, y + size / 2 - 9, tw + 6, 18).fill('#ffffff')
  doc.fillColor(count ? tone.color : GREY).text(text, x, y + size / 2 - 8, { width: size, align: 'center', lineBreak: false })
}

/** The legend under the heat map: band, colour and pattern. */
function legend(doc: PDFKit.PDFDocument, t: TFunction) {
  let lx = MARGIN
  const ly = doc.y
  for (const b of ['low', 'medium', 'high', 'critical'] as const) {
    doc.rect(lx, ly, 10, 10).fill(BAND_COLOR[b].background)
    doc.rect(lx, ly, 10, 10).lineWidth(0.5).strokeColor(BAND_COLOR[b].color).stroke()
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor('black')
      .text(`${t(`band.${b}`)} (${t(`report:pdf.heatMap.pattern.${PATTERN[b]}`)})`, lx + 14, ly + 0.5, { lineBreak: false })
    lx += 120
  }
  doc.x = MARGIN
  doc.y = ly + 18
}
