import PDFDocument from 'pdfkit'
import type { TFunction } from '#app/i18n/translate.ts'
import { registerPdfFonts } from '#app/utils/pdf-fonts.server.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { QUALITY_LEVELS, QUALITY_TARGET } from '#models/core/constants.ts'
import { formatDate, todayInZurich } from '#models/core/dates.ts'
import { band } from '#models/core/risk-score.ts'
import { measureNumber } from '#models/core/record-number.ts'
import { levelName } from './level-names.ts'
import { compareRisks, keyFigures, type RiskChange, type SnapshotContent, type SnapshotRisk, type SnapshotRiskMeasure } from './content.ts'

/*
 * The annual report to the foundation council from a frozen snapshot (issue 11,
 * docs/decisions/0032-report-pdf-and-pack.md): title page, summary, the heat map and the quality
 * index drawn as vectors, the top risks with their change since the previous snapshot, measures,
 * key controls, documents past their reference date, DSG figures and the approval block; page
 * numbers on every page. pdfkit with the embedded Noto Sans of the record's PDF (decision 0030).
 * The same snapshot gives the same bytes: the creation date is the snapshot's freezing, not now.
 */

const MARGIN = 56
const GREY = '#555555'
const RULE = '#999999'
/** Long lists (overdue measures, documents) show this many rows; the auditor's pack holds them all. */
export const MAX_ROWS = 100
/** How many risks the top list shows. */
export const TOP_RISKS = 10
/** How many records whose state at the reporting date cannot be known the title page names (the summary lists them all). */
const COVER_UNCERTAIN = 8

/** The day (Zurich) a snapshot was frozen: its own record of it (format 2), else the day of its freezing's moment. */
export function frozenDay(snapshot: Pick<ReportSnapshot, 'frozenAt' | 'content'>) {
  return snapshot.content.frozenOn ?? todayInZurich(snapshot.frozenAt)
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** A top risk's change as an arrow: up, down or the same; none for a new risk (it says "new") or without a previous snapshot. */
function arrowOf(change: RiskChange | undefined): ArrowKind | null {
  return change === 'up' ? 'up' : change === 'down' ? 'down' : change === 'unchanged' ? 'same' : null
}

/**
 * The risk map's band colours (app/ui/register.css.ts `bandColor`, checked equal by the
 * report's test: a .css.ts file cannot be imported outside Vite) and the patterns of the heat map
 * (app/ui/heat-map.tsx), so that a band does not rest on colour alone.
 */
export const BAND_COLOR = {
  low: { background: '#d8f0dd', color: '#134d27' },
  medium: { background: '#fff1c2', color: '#5c4300' },
  high: { background: '#ffd9b3', color: '#6b2f00' },
  critical: { background: '#f8c9c9', color: '#7a0d12' },
} as const
const PATTERN = { low: 'none', medium: 'dots', high: 'hatch', critical: 'cross' } as const
/** Okabe–Ito, as app/ui/bar-chart.tsx: told apart with deuteranopia and protanopia; below the minimum also hatched. */
const BAR = { ok: '#0072B2', below: '#D55E00', line: '#1a1a1a' }

export type ReportSnapshot = { fund: string; reportingDate: string; frozenAt: Date; content: SnapshotContent }
export type ReportApproval = { approvedOn: string; names: string } | null

/** The report's file name in its language, e.g. Jahresbericht-2025-12-31.pdf. */
export function reportFileName(t: TFunction, reportingDate: string) {
  return `${t('report:pdf.file')}-${reportingDate}.pdf`
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

/** Highest score first, then by number; risks without a score are not ranked. */
export function topRisks(risks: SnapshotRisk[], n = TOP_RISKS) {
  return risks
    .filter((r) => r.score !== null)
    .sort((a, b) => b.score! - a.score! || a.idkey.localeCompare(b.idkey, 'de', { numeric: true }))
    .slice(0, n)
}

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

/**
 * A text for the document's info and its XMP metadata: pdfkit writes both from the same string, the
 * XMP without escaping, so & < > would break the XML (and PDF/A wants both to say the same).
 */
function metadata(text: string) {
  return text.replaceAll('&', '+').replace(/[<>]/g, '')
}

type Column = { label: string; width: number; align?: 'left' | 'right' | 'center' }

/** The kinds of change a top risk shows with a vector arrow (the embedded font has no arrow glyphs). */
export type ArrowKind = 'up' | 'down' | 'same'
/** The room an arrow takes before the text of its cell. */
const ARROW_WIDTH = 11

/** Draws an arrow up, down or to the right in a square of `size` at (x, y): a shaft and a filled head, no transparency. */
function arrow(doc: PDFKit.PDFDocument, kind: ArrowKind, x: number, y: number, size: number) {
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

/** The widest word of a text in the current font and size, with the space that follows it in a line. */
function widestWord(doc: PDFKit.PDFDocument, text: string) {
  let max = 0
  for (const word of text.split(/\s+/)) if (word) max = Math.max(max, doc.widthOfString(`${word} `))
  return max
}

/**
 * Splits a word that is wider than `room` even on a line of its own into pieces that fit, each but the
 * last ending in a hyphen and a line break (the last resort of tableLayout: a word of 60 letters).
 */
function hyphenate(doc: PDFKit.PDFDocument, text: string, room: number) {
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

export function reportPdf(opts: {
  t: TFunction
  snapshot: ReportSnapshot
  previous: SnapshotContent | null
  approval: ReportApproval
  logo?: Buffer | null
  /** Content streams uncompressed (the tests read the text). */
  compress?: boolean
  /** PDF/A-2b (default on): the output intent and the identification in the metadata. */
  pdfA?: boolean
}): Promise<Buffer> {
  const { t, snapshot, previous, approval } = opts
  const c = snapshot.content
  const title = t('report:pdf.title')
  const pdfA = opts.pdfA ?? true
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: true,
    compress: opts.compress ?? true,
    lang: t('report:pdf.lang'),
    displayTitle: true,
    ...(pdfA ? { pdfVersion: '1.7' as const, subset: 'PDF/A-2b' as const } : {}),
    info: {
      Title: metadata(`${title} – ${snapshot.fund} – ${formatDate(snapshot.reportingDate)}`),
      Author: metadata(snapshot.fund),
      Subject: t('report:pdf.subject', { date: formatDate(snapshot.reportingDate) }),
      Creator: 'Vorsorge RM',
      Producer: 'Vorsorge RM (pdfkit)',
      CreationDate: snapshot.frozenAt,
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  registerPdfFonts(doc)
  const width = doc.page.width - 2 * MARGIN
  const bottom = () => doc.page.height - MARGIN
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage()
  }
  const dash = '—'

  const heading = (text: string, newPage = false) => {
    if (newPage) doc.addPage()
    else {
      doc.moveDown(1)
      ensure(110)
    }
    doc.font('bold').fontSize(15).fillColor('black').text(text, MARGIN, doc.y, { width })
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
    doc.moveDown(0.6)
  }
  const subheading = (text: string) => {
    doc.moveDown(0.6)
    ensure(70)
    doc.font('bold').fontSize(11.5).fillColor('black').text(text, MARGIN, doc.y, { width })
    doc.moveDown(0.3)
  }
  const paragraph = (text: string, color = 'black', size = 10) => {
    doc.font('regular').fontSize(size).fillColor(color).text(text, MARGIN, doc.y, { width })
  }

  /**
   * A table with its header repeated on each page it runs onto; cells wrap within their column, on word
   * boundaries only: each column is at least as wide as its longest word (header and cells), the rest of
   * the width goes by the columns' weights (tableLayout). A column may draw a vector arrow before its text.
   */
  const table = (columns: Column[], rows: string[][], arrows?: { column: number; kinds: (ArrowKind | null)[] }) => {
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
  const more = (total: number) => {
    if (total > MAX_ROWS) paragraph(t('report:pdf.more', { count: total - MAX_ROWS }), GREY, 9)
  }

  // The sections in their order, one drawing context (doc) for all; values two sections share first.
  const uncertain = c.asOf?.uncertain ?? []
  const comparison = previous ? new Map(compareRisks(previous.risks, c.risks).map((r) => [r.id, r])) : null
  const top = topRisks(c.risks)
  titlePage()
  managementSummary()
  heatMapSection()
  topRisksSection()
  measuresSection()
  qualitySection()
  controlsSection()
  documentsSection()
  dsgSection()
  approvalSection()
  pageNumbers()
  doc.end()
  return done

  /** The title page: logo, fund, both dates, period, freezing, approval, and what cannot be known at the reporting date. */
  function titlePage() {
    if (opts.logo) {
      try {
        doc.image(opts.logo, MARGIN, MARGIN, { fit: [200, 80] })
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
      for (const u of uncertain.slice(0, COVER_UNCERTAIN)) paragraph(`– ${uncertainText(u)}`, 'black', 9.5)
      if (uncertain.length > COVER_UNCERTAIN) paragraph(t('report:pdf.asOf.more', { count: uncertain.length - COVER_UNCERTAIN }), GREY, 9.5)
    }
  }

  /** The management summary: commentary, key figures, the top risks with owners, changes and measures, the records of unknown state. */
  function managementSummary() {
    heading(t('report:pdf.management.title'), true)
    const commentary = c.commentary?.trim()
    if (commentary) {
      subheading(t('report:pdf.management.commentary'))
      paragraph(commentary.replace(/\r\n?/g, '\n'), 'black', 10)
      doc.moveDown(0.4)
    }
    subheading(t('report:pdf.management.figures'))
    const figures = keyFigures(c)
    table(
      [
        { label: t('report:pdf.figure'), width: 5 },
        { label: t('report:pdf.value'), width: 1, align: 'right' },
      ],
      figures.map(([key, value]) => [t(key), String(value)]),
    )

    // The top risks at a glance: owner, score, the change since the previous snapshot (a vector arrow)
    // and the state of their measures (from format 2; a format-1 snapshot holds neither owner nor measures).
    subheading(t('report:pdf.management.risks'))
    if (top.length === 0) paragraph(t('report:pdf.none'))
    else {
      const measureText = (m: SnapshotRiskMeasure) =>
        t('report:pdf.management.measure', {
          number: m.number,
          title: m.title,
          state: t(m.state === 'confirmed' ? 'measures.status.confirmed' : m.overdue ? 'measures.status.overdue' : 'measures.status.due'),
        }) + (m.dueDate && m.state !== 'confirmed' ? ` ${t('report:pdf.management.due', { date: formatDate(m.dueDate) })}` : '')
      const changeOf = (r: SnapshotRisk) => (comparison ? comparison.get(r.id)?.change : undefined)
      table(
        [
          { label: t('risk:field.idkey'), width: 0.9 },
          { label: t('risk:field.title'), width: 2.6 },
          { label: t('risk:field.owner'), width: 1.6 },
          { label: t('risk:field.score'), width: 0.9, align: 'right' },
          { label: t('report:field.change'), width: 1.6 },
          { label: t('report:pdf.management.measures'), width: 3.4 },
        ],
        top.map((r) => {
          const change = changeOf(r)
          return [
            r.idkey,
            r.title,
            r.owner ?? dash,
            String(r.score),
            change ? t(`report:change.${change}`) : dash,
            r.measures === undefined ? dash : r.measures.length ? r.measures.map(measureText).join('\n') : t('report:pdf.management.noMeasures'),
          ]
        }),
        { column: 4, kinds: top.map((r) => arrowOf(changeOf(r))) },
      )
      if (!previous) paragraph(t('report:pdf.management.noPrevious'), GREY, 9)
    }
    if (uncertain.length) {
      subheading(t('report:pdf.asOf.title'))
      table(
        [
          { label: t('report:pdf.asOf.register'), width: 1.8 },
          { label: t('report:pack.columns.number'), width: 0.9 },
          { label: t('report:pdf.asOf.item'), width: 3.2 },
          { label: t('report:pdf.asOf.reason'), width: 2.6 },
        ],
        uncertain.slice(0, MAX_ROWS).map((u) => [t(`report:pdf.asOf.registers.${u.register}`), u.number, u.title, t(`report:pdf.asOf.reasons.${u.reason}`)]),
      )
      more(uncertain.length)
    }
  }

  /** The heat map in the risk map’s orientation. */
  function heatMapSection() {
    heading(t('report:pdf.heatMap.title'))
    heatMap()
  }

  /** The top risks with their change since the previous snapshot, and the removed ones. */
  function topRisksSection() {
    heading(t('report:pdf.top.title'), true)
    if (top.length) {
      paragraph(
        previous
          ? t('report:pdf.top.intro', { count: top.length, date: formatDate(previous.reportingDate) })
          : t('report:pdf.top.introFirst', { count: top.length }),
      )
      doc.moveDown(0.4)
    }
    const changeText = (change: RiskChange | undefined) => (change ? t(`report:change.${change}`) : dash)
    if (top.length === 0) paragraph(t('report:pdf.none'))
    else
      table(
        [
          { label: t('risk:field.idkey'), width: 1.1 },
          { label: t('risk:field.title'), width: 3.4 },
          { label: t('risk:field.state'), width: 1.4 },
          { label: t('report:pdf.top.levels'), width: 1, align: 'center' },
          { label: t('risk:field.score'), width: 1.3, align: 'right' },
          { label: t('report:pdf.top.before'), width: 1, align: 'right' },
          { label: t('report:field.change'), width: 1.8 },
        ],
        top.map((r) => {
          const row = comparison?.get(r.id)
          return [
            r.idkey,
            r.title,
            t(`risk:state.${r.state}`),
            `${r.probability} × ${r.severity}`,
            String(r.score),
            row?.before?.score != null ? String(row.before.score) : dash,
            comparison ? changeText(row?.change) : dash,
          ]
        }),
        { column: 6, kinds: top.map((r) => arrowOf(comparison?.get(r.id)?.change)) },
      )
    if (previous && comparison) {
      const all = [...comparison.values()]
      const countOf = (change: RiskChange) => all.filter((r) => r.change === change).length
      subheading(t('report:pdf.top.changes', { date: formatDate(previous.reportingDate) }))
      paragraph(
        (['new', 'up', 'down', 'unchanged', 'removed'] as const)
          .map((change) => t('report:pdf.count', { label: t(`report:change.${change}`), count: countOf(change) }))
          .join(' · '),
      )
      const removed = all.filter((r) => r.change === 'removed')
      if (removed.length) {
        doc.moveDown(0.4)
        table(
          [
            { label: t('risk:field.idkey'), width: 1.1 },
            { label: t('risk:field.title'), width: 5 },
            { label: t('report:pdf.top.before'), width: 1, align: 'right' },
          ],
          removed.slice(0, MAX_ROWS).map((r) => [r.idkey, r.title, r.before?.score != null ? String(r.before.score) : dash]),
        )
        more(removed.length)
      }
    }
  }

  /** Measures by source and the overdue list. */
  function measuresSection() {
    heading(t('report:pdf.measures.title'), true)
    const sources = Object.keys(c.measures.bySource).sort()
    table(
      [
        { label: t('measures.field.source'), width: 3 },
        { label: t('report:pdf.measures.open'), width: 1.2, align: 'right' },
        { label: t('report:pdf.measures.overdue'), width: 1.2, align: 'right' },
        { label: t('report:pdf.measures.confirmed'), width: 1.2, align: 'right' },
      ],
      [
        ...sources.map((s) => {
          const f = c.measures.bySource[s]
          return [t(`measures.source.${s}`), String(f.open), String(f.overdue), String(f.confirmedInPeriod)]
        }),
        [t('report:pdf.total'), String(c.measures.open), String(c.measures.overdue), String(c.measures.confirmedInPeriod)],
      ],
    )
    subheading(t('report:pdf.measures.overdueList'))
    if (c.measures.overdueList.length === 0) paragraph(t('report:pdf.none'))
    else {
      table(
        [
          { label: t('measures.field.number'), width: 0.9 },
          { label: t('measures.field.title'), width: 5 },
          { label: t('measures.field.source'), width: 1.3 },
          { label: t('measures.field.dueDate'), width: 1.4 },
        ],
        c.measures.overdueList
          .slice(0, MAX_ROWS)
          .map((m) => [measureNumber(m.idkey, m.iteration), m.title, t(`measures.source.${m.source}`), formatDate(m.dueDate)]),
      )
      more(c.measures.overdueList.length)
    }
  }

  /** The ICS quality index per main process: chart and table. */
  function qualitySection() {
    heading(t('report:pdf.quality.title'), true)
    paragraph(t('report:pdf.quality.intro', { minimum: c.quality.councilMinimum, target: QUALITY_TARGET }))
    doc.moveDown(0.5)
    if (c.quality.mainProcesses.length) qualityChart()
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

  /** The control matrix and the assessment of the ICS processes. */
  function controlsSection() {
    heading(t('report:pdf.controls.title'))
    subheading(t('report:pdf.controls.matrix'))
    const cell = (v: string | null) => (v ? `${v} · ${t(`iks:matrix.cell.${v}`)}` : '')
    if (c.controlMatrix.length === 0) paragraph(t('report:pdf.none'))
    else
      table(
        [
          { label: t('iks:matrix.task'), width: 2.6 },
          { label: t('iks:matrix.responsible'), width: 1.7 },
          { label: t('iks:matrix.management'), width: 1.7 },
          { label: t('iks:matrix.revision'), width: 1.7 },
          { label: t('iks:matrix.controller'), width: 1.8 },
          { label: t('iks:matrix.cycle'), width: 1.3 },
        ],
        c.controlMatrix.map((r) => [r.task, cell(r.responsible), cell(r.management), cell(r.revision), r.controller, r.cycle]),
      )
    subheading(t('report:pdf.controls.assessment'))
    const rating = (v: string | null) => (v ? t(`iks:rating.${v}`) : dash)
    if (c.icsProcesses.length === 0) paragraph(t('report:pdf.none'))
    else
      table(
        [
          { label: t('risk:field.idkey'), width: 1.1 },
          { label: t('iks:field.title'), width: 3.4 },
          { label: t('iks:field.state'), width: 1.3 },
          { label: t('iks:field.effectiveness'), width: 1.4 },
          { label: t('iks:field.traceability'), width: 1.4 },
          { label: t('iks:field.efficiency'), width: 1.4 },
        ],
        c.icsProcesses.map((p) => [p.idkey, p.title, t(`iks:state.${p.state}`), rating(p.effectiveness), rating(p.traceability), rating(p.efficiency)]),
      )
  }

  /** Documents past their reference date. */
  function documentsSection() {
    heading(t('report:pdf.documents.title'), true)
    if (c.documentsPastReference.length === 0) paragraph(t('report:pdf.none'))
    else {
      table(
        [
          { label: t('documents.field.name'), width: 4 },
          { label: t('documents.field.category'), width: 1.6 },
          { label: t('documents.field.dueDate'), width: 1.4 },
          { label: t('documents.field.present'), width: 1.1 },
        ],
        c.documentsPastReference
          .slice(0, MAX_ROWS)
          .map((d) => [d.name, t(`documents.tab.${d.category}`), formatDate(d.dueDate), d.present ? t('common.yes') : t('common.no')]),
      )
      more(c.documentsPastReference.length)
    }
  }

  /** The data protection counts per state. */
  function dsgSection() {
    heading(t('report:pdf.dsg.title'))
    const states = <S extends string>(counts: Partial<Record<S, number>>, prefix: string, order: readonly S[]) =>
      order.map((s) => t('report:pdf.count', { label: t(`${prefix}.${s}`), count: counts[s] ?? 0 })).join(' · ')
    table(
      [
        { label: t('report:pdf.dsg.area'), width: 2.2 },
        { label: t('report:pdf.dsg.states'), width: 4 },
        { label: t('report:pdf.dsg.attention'), width: 2.4 },
      ],
      [
        [
          t('report:pdf.dsg.activities'),
          states(c.dsg.activities, 'dsg:processing.state', ['draft', 'active', 'retired'] as const),
          t('report:pdf.dsg.reviewDue', { count: c.dsg.activities.reviewDue }),
        ],
        [
          t('report:pdf.dsg.assessments'),
          states(c.dsg.assessments, 'dsg:dpia.state', ['screening', 'notRequired', 'open', 'approved'] as const),
          t('report:pdf.dsg.open', { count: c.dsg.assessments.open }),
        ],
        [
          t('report:pdf.dsg.breaches'),
          states(c.dsg.breaches, 'dsg:breaches.state', ['open', 'closed'] as const),
          t('report:pdf.dsg.needsNotice', { count: c.dsg.breaches.needsNotice }),
        ],
        [
          t('report:pdf.dsg.requests'),
          states(c.dsg.requests, 'dsg:requests.state', ['open', 'answered', 'refused', 'withdrawn'] as const),
          t('report:pdf.dsg.overdue', { count: c.dsg.requests.overdue }),
        ],
      ],
    )
  }

  /** The approval block: the latest approval, or lines for the date and signatures. */
  function approvalSection() {
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

  /** The footer with the page numbers on every page, written once every page exists. */
  function pageNumbers() {
    // One line: a long fund's name (the form allows 200 characters) is cut with an ellipsis, since a
    // wrapped footer would run past the page's bottom and add pages.
    doc.font('regular').fontSize(8)
    const tail = ` · ${title} · ${formatDate(snapshot.reportingDate)}`
    const footerWidth = width - 90
    const room = footerWidth - doc.widthOfString(tail)
    const footer = room >= 80 ? ellipsize(snapshot.fund, room) + tail : ellipsize(snapshot.fund + tail, footerWidth)
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
  function ellipsize(text: string, maxWidth: number) {
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

  function uncertainText(u: NonNullable<SnapshotContent['asOf']>['uncertain'][number]) {
    return `${t(`report:pdf.asOf.registers.${u.register}`)} ${u.number} ${u.title} (${t(`report:pdf.asOf.reasons.${u.reason}`)})`
  }

  function language() {
    return t('report:pdf.lang').slice(0, 2) as 'de' | 'fr' | 'en'
  }

  function nameOf(names: { de: string; fr: string; en: string }) {
    return names[language()] ?? names.de
  }

  /**
   * The risk map's orientation (app/features/inventory/risk/risk-map.tsx, one orientation everywhere): severity
   * on the vertical axis (rows, highest on top), probability on the horizontal one (columns, lowest on
   * the left), each level with its number 1–5 and its name in the report's language (levelName); count,
   * colour and pattern per cell.
   */
  function heatMap() {
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
        const x = left + j * (size + gap)
        const b = band(p.ref, s.ref)
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
        const count = counts.get(`${p.ref}x${s.ref}`) ?? 0
        // The count stands on a small white plate, readable over the pattern.
        const text = String(count)
        doc.font('bold').fontSize(13)
        const tw = doc.widthOfString(text)
        doc.rect(x + size / 2 - tw / 2 - 3, y + size / 2 - 9, tw + 6, 18).fill('#ffffff')
        doc.fillColor(count ? tone.color : GREY).text(text, x, y + size / 2 - 8, { width: size, align: 'center', lineBreak: false })
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
    // The legend: band, colour and pattern.
    let lx = MARGIN
    const ly = doc.y
    for (const b of ['low', 'medium', 'high', 'critical'] as const) {
      doc.rect(lx, ly, 10, 10).fill(BAND_COLOR[b].background)
      doc.rect(lx, ly, 10, 10).lineWidth(0.5).strokeColor(BAND_COLOR[b].color).stroke()
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor('black')
        .text(`${t(`risk:band.${b}`)} (${t(`report:pdf.heatMap.pattern.${PATTERN[b]}`)})`, lx + 14, ly + 0.5, { lineBreak: false })
      lx += 120
    }
    doc.x = MARGIN
    doc.y = ly + 18
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

  /**
   * Horizontal bars per main process on the levels 1–5, with the council's minimum (dashed) and the
   * target (solid). A main process's name wraps on word boundaries beside its bar (never cut: "06
   * Informatique et protection des données"), and its row grows with it.
   */
  function qualityChart() {
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
}
