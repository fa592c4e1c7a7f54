import { formatDate } from '#models/core/dates.ts'
import { grossOf, type RiskChange, type SnapshotRisk } from '../content.ts'
import { arrowOf } from './arrow.ts'
import type { PdfContext } from './context.ts'
import { MAX_ROWS, TOP_RISKS } from './style.ts'

/** Highest score first, then by number; risks without a score are not ranked. */
export function topRisks(risks: SnapshotRisk[], n = TOP_RISKS) {
  return risks
    .filter((r) => r.score !== null)
    .sort((a, b) => b.score! - a.score! || a.idkey.localeCompare(b.idkey, 'de', { numeric: true }))
    .slice(0, n)
}

/** The top risks with their change since the previous snapshot, and the removed ones. */
export function topRisksSection(ctx: PdfContext) {
  const { doc, t, previous, dash, comparison, top, heading, subheading, paragraph, table, more } = ctx
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
        { label: t('risk:field.title'), width: 3 },
        { label: t('risk:field.state'), width: 1.3 },
        { label: t('report:pdf.top.gross'), width: 1.4, align: 'center' },
        { label: t('report:pdf.top.levels'), width: 1, align: 'center' },
        { label: t('risk:field.score'), width: 1.2, align: 'right' },
        { label: t('report:pdf.top.before'), width: 1, align: 'right' },
        { label: t('report:field.change'), width: 1.6 },
      ],
      top.map((r) => {
        const row = comparison?.get(r.id)
        const gross = grossOf(r)
        return [
          r.idkey,
          r.title,
          t(`risk:state.${r.state}`),
          gross ? `${gross.probability} × ${gross.severity} = ${gross.score}` : dash,
          `${r.probability} × ${r.severity}`,
          String(r.score),
          row?.before?.score != null ? String(row.before.score) : dash,
          comparison ? changeText(row?.change) : dash,
        ]
      }),
      { column: 7, kinds: top.map((r) => arrowOf(comparison?.get(r.id)?.change)) },
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
