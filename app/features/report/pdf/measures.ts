import { formatDate } from '#models/core/dates.ts'
import { measureNumber } from '#models/core/record-number.ts'
import type { PdfContext } from './context.ts'
import { MAX_ROWS } from './style.ts'

/** Measures by source and the overdue list. */
export function measuresSection(ctx: PdfContext) {
  const { t, c, heading, subheading, paragraph, table, more } = ctx
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
