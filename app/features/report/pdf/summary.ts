import { formatDate } from '#models/core/dates.ts'
import { keyFigures, type SnapshotRisk, type SnapshotRiskMeasure } from '../content.ts'
import { arrowOf } from './arrow.ts'
import type { PdfContext } from './context.ts'
import { GREY, MAX_ROWS } from './style.ts'

/** The management summary: commentary, key figures, the top risks with owners, changes and measures, the records of unknown state. */
export function managementSummary(ctx: PdfContext) {
  const { doc, t, c, previous, dash, uncertain, comparison, top, heading, subheading, paragraph, table, more } = ctx
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
