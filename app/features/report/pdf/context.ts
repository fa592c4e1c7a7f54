/*
 * The one drawing context of the annual report: the pdfkit document with the embedded fonts, the
 * translator, the snapshot and the values several sections share, and the layout helpers (headings,
 * paragraphs, tables, page breaks). Every section of ../pdf.server.ts draws through it, in order.
 */
import PDFDocument from 'pdfkit'
import type { TFunction } from '#app/i18n/translate.ts'
import { registerPdfFonts } from '#app/utils/pdf-fonts.server.ts'
import { formatDate } from '#models/core/dates.ts'
import { compareRisks, type RiskComparison, type SnapshotContent, type SnapshotRisk } from '../content.ts'
import type { ArrowKind } from './arrow.ts'
import { GREY, MARGIN, MAX_ROWS, RULE } from './style.ts'
import { type Column, drawTable } from './table.ts'
import { topRisks } from './top-risks.ts'

export type ReportSnapshot = { fund: string; reportingDate: string; frozenAt: Date; content: SnapshotContent }
export type ReportApproval = {
  approvedOn: string
  names: string
  /** The council's decision it rests on (issue 28), e.g. "SB-3 · SR-Protokoll 2026/1, Traktandum 3"; absent before. */
  decisionLine?: string | null
} | null

export type ReportPdfOptions = {
  t: TFunction
  snapshot: ReportSnapshot
  previous: SnapshotContent | null
  approval: ReportApproval
  logo?: Buffer | null
  /** Content streams uncompressed (the tests read the text). */
  compress?: boolean
  /** PDF/A-2b (default on): the output intent and the identification in the metadata. */
  pdfA?: boolean
}

export type PdfContext = {
  doc: PDFKit.PDFDocument
  t: TFunction
  snapshot: ReportSnapshot
  /** The snapshot's content. */
  c: SnapshotContent
  previous: SnapshotContent | null
  approval: ReportApproval
  logo: Buffer | null | undefined
  /** The report's title in its language. */
  title: string
  /** The width between the margins. */
  width: number
  /** What an empty cell shows. */
  dash: string
  /** The records whose state at the reporting date cannot be known (cover and summary). */
  uncertain: NonNullable<SnapshotContent['asOf']>['uncertain']
  /** The top risks' change since the previous snapshot, by risk; null without one. */
  comparison: Map<string, RiskComparison> | null
  /** The top risks (summary and their own section). */
  top: SnapshotRisk[]
  bottom: () => number
  /** A new page unless `height` still fits on this one. */
  ensure: (height: number) => void
  heading: (text: string, newPage?: boolean) => void
  subheading: (text: string) => void
  paragraph: (text: string, color?: string, size?: number) => void
  table: (columns: Column[], rows: string[][], arrows?: { column: number; kinds: (ArrowKind | null)[] }) => void
  /** "n more" under a list cut at MAX_ROWS. */
  more: (total: number) => void
  language: () => 'de' | 'fr' | 'en'
  nameOf: (names: { de: string; fr: string; en: string }) => string
}

/**
 * A text for the document's info and its XMP metadata: pdfkit writes both from the same string, the
 * XMP without escaping, so & < > would break the XML (and PDF/A wants both to say the same).
 */
function metadata(text: string) {
  return text.replaceAll('&', '+').replace(/[<>]/g, '')
}

/** The document with its info and fonts, and its bytes once it ends. The same snapshot gives the same bytes. */
function openDocument(opts: ReportPdfOptions, title: string) {
  const { t, snapshot } = opts
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
  return { doc, done }
}

/** Opens the report's document and its drawing context; `done` gives the bytes after `doc.end()`. */
export function openReport(opts: ReportPdfOptions): { ctx: PdfContext; done: Promise<Buffer> } {
  const { t, snapshot, previous } = opts
  const c = snapshot.content
  const title = t('report:pdf.title')
  const { doc, done } = openDocument(opts, title)
  const width = doc.page.width - 2 * MARGIN
  const bottom = () => doc.page.height - MARGIN
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage()
  }
  const paragraph = (text: string, color = 'black', size = 10) => {
    doc.font('regular').fontSize(size).fillColor(color).text(text, MARGIN, doc.y, { width })
  }
  const language = () => t('report:pdf.lang').slice(0, 2) as 'de' | 'fr' | 'en'
  const ctx: PdfContext = {
    doc,
    t,
    snapshot,
    c,
    previous,
    approval: opts.approval,
    logo: opts.logo,
    title,
    width,
    dash: '—',
    uncertain: c.asOf?.uncertain ?? [],
    comparison: previous ? new Map(compareRisks(previous.risks, c.risks).map((r) => [r.id, r])) : null,
    top: topRisks(c.risks),
    bottom,
    ensure,
    heading: (text, newPage = false) => {
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
    },
    subheading: (text) => {
      doc.moveDown(0.6)
      ensure(70)
      doc.font('bold').fontSize(11.5).fillColor('black').text(text, MARGIN, doc.y, { width })
      doc.moveDown(0.3)
    },
    paragraph,
    table: (columns, rows, arrows) => drawTable({ doc, width, ensure, bottom }, columns, rows, arrows),
    more: (total) => {
      if (total > MAX_ROWS) paragraph(t('report:pdf.more', { count: total - MAX_ROWS }), GREY, 9)
    },
    language,
    nameOf: (names) => names[language()] ?? names.de,
  }
  return { ctx, done }
}
