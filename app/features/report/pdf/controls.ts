import type { PdfContext } from './context.ts'

/** The control matrix and the assessment of the ICS processes. */
export function controlsSection(ctx: PdfContext) {
  const { t, c, dash, heading, subheading, paragraph, table } = ctx
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
