import { formatDate } from '#models/core/dates.ts'
import type { PdfContext } from './context.ts'
import { MAX_ROWS } from './style.ts'

/** Documents past their reference date. */
export function documentsSection(ctx: PdfContext) {
  const { t, c, heading, paragraph, table, more } = ctx
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
