import type { RiskChange } from '../content.ts'
import { GREY } from './style.ts'

/** The kinds of change a top risk shows with a vector arrow (the embedded font has no arrow glyphs). */
export type ArrowKind = 'up' | 'down' | 'same'
/** The room an arrow takes before the text of its cell. */
export const ARROW_WIDTH = 11

/** A top risk's change as an arrow: up, down or the same; none for a new risk (it says "new") or without a previous snapshot. */
export function arrowOf(change: RiskChange | undefined): ArrowKind | null {
  return change === 'up' ? 'up' : change === 'down' ? 'down' : change === 'unchanged' ? 'same' : null
}

/** Draws an arrow up, down or to the right in a square of `size` at (x, y): a shaft and a filled head, no transparency. */
export function arrow(doc: PDFKit.PDFDocument, kind: ArrowKind, x: number, y: number, size: number) {
  const color = kind === 'up' ? '#7a0d12' : kind === 'down' ? '#134d27' : GREY
  const c = size / 2
  const head = size * 0.42
  doc.save()
  doc.lineWidth(1.1).strokeColor(color).fillColor(color)
  if (kind === 'same') {
    doc
      .moveTo(x, y + c)
      .lineTo(x + size - head * 0.8, y + c)
      .stroke()
    doc.polygon([x + size - head, y + c - head / 2 - 0.5], [x + size, y + c], [x + size - head, y + c + head / 2 + 0.5]).fill()
  } else {
    const [tip, tail] = kind === 'up' ? [y, y + size] : [y + size, y]
    const dir = kind === 'up' ? 1 : -1
    doc
      .moveTo(x + c, tail)
      .lineTo(x + c, tip + dir * head * 0.8)
      .stroke()
    doc.polygon([x + c - head / 2 - 0.5, tip + dir * head], [x + c, tip], [x + c + head / 2 + 0.5, tip + dir * head]).fill()
  }
  doc.restore()
}
