import type { PdfContext } from './context.ts'

/**
 * "Nachweis der Kontrolldurchführung" (issue 25): per main process the executions planned in the
 * period, done, effective, deficient and overdue, and how many of the done ones the second person
 * signed. A snapshot frozen before executions existed (format 1 and 2) has no such section.
 */
export function executionsSection(ctx: PdfContext) {
  const { t, c, heading, paragraph, table, nameOf } = ctx
  const e = c.executions
  if (!e) return
  heading(t('report:pdf.executions.title'))
  paragraph(t('report:pdf.executions.intro'))
  if (e.byMain.length === 0) {
    paragraph(t('report:pdf.executions.none'))
    return
  }
  const rate = (approved: number, done: number) => (done ? `${Math.round((approved / done) * 100)} %` : ctx.dash)
  const sum = (k: 'planned' | 'done' | 'effective' | 'deficient' | 'overdue' | 'approved') => e.byMain.reduce((n, m) => n + m[k], 0)
  table(
    [
      { label: t('report:pdf.executions.process'), width: 4 },
      { label: t('report:pdf.executions.planned'), width: 1, align: 'right' },
      { label: t('report:pdf.executions.done'), width: 1, align: 'right' },
      { label: t('report:pdf.executions.effective'), width: 1.1, align: 'right' },
      { label: t('report:pdf.executions.deficient'), width: 1.1, align: 'right' },
      { label: t('report:pdf.executions.overdue'), width: 1.1, align: 'right' },
      { label: t('report:pdf.executions.signedOff'), width: 1.3, align: 'right' },
    ],
    [
      ...e.byMain.map((m) => [
        `${m.leadingNumber} ${nameOf(m.names)}`,
        String(m.planned),
        String(m.done),
        String(m.effective),
        String(m.deficient),
        String(m.overdue),
        rate(m.approved, m.done),
      ]),
      [
        t('report:pdf.total'),
        String(sum('planned')),
        String(sum('done')),
        String(sum('effective')),
        String(sum('deficient')),
        String(sum('overdue')),
        rate(sum('approved'), sum('done')),
      ],
    ],
  )
  const deficient = e.rows.filter((r) => r.result === 'deficient')
  if (deficient.length)
    paragraph(
      t('report:pdf.executions.deficientList', {
        list: deficient.map((r) => `${r.number} (${r.process}${r.period ? `, ${r.period}` : ''}${r.measure ? ` → ${r.measure}` : ''})`).join('; '),
      }),
    )
}
