/*
 * The report's tables: columns as wide as their longest word (tableLayout), the header repeated on each
 * page a table runs onto, a vector arrow before a cell's text where a column asks for one.
 */
import { ARROW_WIDTH, type ArrowKind, arrow } from './arrow.ts'
import { MARGIN } from './style.ts'

export type Column = { label: string; width: number; align?: 'left' | 'right' | 'center' }

/** What a table needs of the drawing context: the document, the text width and the page's bottom. */
type TablePage = { doc: PDFKit.PDFDocument; width: number; ensure: (height: number) => void; bottom: () => number }

/** The widest word of a text in the current font and size, with the space that follows it in a line. */
export function widestWord(doc: PDFKit.PDFDocument, text: string) {
  let max = 0
  for (const word of text.split(/\s+/)) if (word) max = Math.max(max, doc.widthOfString(`${word} `))
  return max
}

/**
 * Splits a word that is wider than `room` even on a line of its own into pieces that fit, each but the
 * last ending in a hyphen and a line break (the last resort of tableLayout: a word of 60 letters).
 */
export function hyphenate(doc: PDFKit.PDFDocument, text: string, room: number) {
  return text
    .split(/( +)/)
    .map((word) => {
      if (!word.trim() || doc.widthOfString(`${word} `) <= room) return word
      const pieces: string[] = []
      let rest = word
      while (doc.widthOfString(`${rest} `) > room) {
        let n = 1
        while (n < rest.length - 1 && doc.widthOfString(`${rest.slice(0, n + 1)}- `) <= room) n++
        pieces.push(`${rest.slice(0, n)}-`)
        rest = rest.slice(n)
      }
      return [...pieces, rest].join('\n')
    })
    .join('')
}

/**
 * The widths and font sizes of a table so that no word is broken inside: each column gets at least its
 * widest word (header in bold 8 pt, cells in regular 8.5 pt, plus its padding), the width that is left
 * goes to the columns by weight. When the widest words together need more than the page's width, the
 * sizes shrink by half points down to 6.5/6 pt; only a word wider than a whole column at that size is
 * hyphenated by hand (never in the middle of a word without a hyphen).
 */
export function tableLayout(
  doc: PDFKit.PDFDocument,
  weights: number[],
  header: string[],
  rows: string[][],
  width: number,
  pad = 3,
  arrows?: { column: number; width: number },
) {
  let headSize = 8
  let bodySize = 8.5
  let minima: number[] = []
  for (;;) {
    minima = weights.map((_, i) => {
      doc.font('bold').fontSize(headSize)
      let min = widestWord(doc, header[i])
      doc.font('regular').fontSize(bodySize)
      for (const row of rows) min = Math.max(min, widestWord(doc, row[i] ?? '') + (arrows?.column === i ? arrows.width : 0))
      return min + 2 * pad + 0.5
    })
    if (minima.reduce((a, b) => a + b, 0) <= width || bodySize <= 6.5) break
    headSize -= 0.5
    bodySize -= 0.5
  }
  const widths = spread(weights, minima, width)
  // The last resort: a word wider than its column even now is hyphenated by hand.
  const keepWhole = (text: string, i: number, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(font === 'bold' ? headSize : bodySize)
    return hyphenate(doc, text, widths[i] - 2 * pad - 0.5 - (font === 'regular' && arrows?.column === i ? arrows.width : 0))
  }
  return {
    widths,
    headSize,
    bodySize,
    header: header.map((text, i) => keepWhole(text, i, 'bold')),
    rows: rows.map((row) => row.map((text, i) => keepWhole(text, i, 'regular'))),
  }
}

/** Shares `width` by weight, but never below a column's minimum; when the minima exceed it, in their proportion. */
function spread(weights: number[], minima: number[], width: number) {
  const need = minima.reduce((a, b) => a + b, 0)
  if (need >= width) return minima.map((m) => (m / need) * width)
  const fixed = new Set<number>()
  for (;;) {
    const free = width - [...fixed].reduce((s, i) => s + minima[i], 0)
    const weight = weights.reduce((s, w, i) => (fixed.has(i) ? s : s + w), 0)
    const widths = weights.map((w, i) => (fixed.has(i) ? minima[i] : (w / weight) * free))
    const short = widths.findIndex((w, i) => !fixed.has(i) && w < minima[i])
    if (short < 0) return widths
    // The column that falls shortest takes its minimum; the others share what is left.
    let worst = short
    widths.forEach((w, i) => {
      if (!fixed.has(i) && minima[i] - w > minima[worst] - widths[worst]) worst = i
    })
    fixed.add(worst)
  }
}

/**
 * A table with its header repeated on each page it runs onto; cells wrap within their column, on word
 * boundaries only: each column is at least as wide as its longest word (header and cells), the rest of
 * the width goes by the columns' weights (tableLayout). A column may draw a vector arrow before its text.
 */
export function drawTable(page: TablePage, columns: Column[], rows: string[][], arrows?: { column: number; kinds: (ArrowKind | null)[] }) {
  const { doc, width, ensure, bottom } = page
  const pad = 3
  const layout = tableLayout(
    doc,
    columns.map((col) => col.width),
    columns.map((col) => col.label),
    rows,
    width,
    pad,
    arrows ? { column: arrows.column, width: ARROW_WIDTH } : undefined,
  )
  const widths = layout.widths
  const size = (font: 'regular' | 'bold') => (font === 'bold' ? layout.headSize : layout.bodySize)
  const inset = (i: number, header: boolean) => (!header && arrows?.column === i ? ARROW_WIDTH : 0)
  const rowHeight = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(size(font))
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i] - 2 * pad - inset(i, font === 'bold') }))) + 2 * pad
  }
  const drawRow = (cells: string[], font: 'regular' | 'bold', fill: string | null, index: number | null) => {
    const h = rowHeight(cells, font)
    const y = doc.y
    if (fill) doc.rect(MARGIN, y, width, h).fill(fill)
    let x = MARGIN
    cells.forEach((cell, i) => {
      const shift = inset(i, index === null)
      const kind = index !== null && arrows?.column === i ? arrows.kinds[index] : null
      if (kind) arrow(doc, kind, x + pad, y + pad + 1, size(font) * 1.1)
      doc.font(font).fontSize(size(font)).fillColor('black')
      doc.text(cell, x + pad + shift, y + pad, { width: widths[i] - 2 * pad - shift, align: columns[i].align ?? 'left' })
      x += widths[i]
    })
    doc
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .lineWidth(0.4)
      .strokeColor('#cccccc')
      .stroke()
    doc.x = MARGIN
    doc.y = y + h
  }
  const header = layout.header
  const headerHeight = rowHeight(header, 'bold')
  ensure(headerHeight + 20)
  drawRow(header, 'bold', '#eeeeee', null)
  layout.rows.forEach((row, index) => {
    if (doc.y + rowHeight(row, 'regular') > bottom()) {
      doc.addPage()
      drawRow(header, 'bold', '#eeeeee', null)
    }
    drawRow(row, 'regular', null, index)
  })
  doc.moveDown(0.3)
}
