import type { PdfContext } from './context.ts'

/** The data protection counts per state. */
export function dsgSection(ctx: PdfContext) {
  const { t, c, heading, table } = ctx
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
