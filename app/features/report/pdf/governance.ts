import { formatDate } from '#models/core/dates.ts'
import type { PdfContext } from './context.ts'
import { MAX_ROWS } from './style.ts'

/**
 * "Dienstleister, Feststellungen und Beschlüsse" (issue 28): the providers engaged at the reporting date
 * by criticality, with their service, DSG role, where the data is kept (abroad with its safeguard), the
 * contract's end and the assurance of the year; the findings open at the date, the overdue ones marked;
 * the council's decisions of the period. A snapshot frozen before format 6 has no such section.
 */
export function governanceSection(ctx: PdfContext) {
  const { t, c, heading, paragraph, subheading, table, dash, more } = ctx
  const g = c.governance
  if (!g) return
  const col = (key: string) => t(`report:governance.column.${key}`)
  heading(t('report:governance.title'))

  subheading(t('report:governance.providers.title'))
  paragraph(t('report:governance.providers.intro', { year: c.reportingDate.slice(0, 4) }))
  if (g.providers.length === 0) paragraph(t('report:governance.providers.none'))
  else {
    table(
      [
        { label: col('provider'), width: 2.2 },
        { label: col('criticality'), width: 0.9 },
        { label: col('service'), width: 1.5 },
        { label: col('dsgRole'), width: 1.5 },
        { label: col('countries'), width: 1.5 },
        { label: col('contractEnd'), width: 1.1 },
        { label: col('assurance'), width: 1.4 },
      ],
      g.providers
        .slice(0, MAX_ROWS)
        .map((p) => [
          `${p.number} ${p.name}`,
          t(`providers:criticality.${p.criticality}`),
          t(`providers:service.${p.service}`),
          t(`providers:dsgRole.${p.dsgRole}`),
          `${p.countries.join(', ')}${p.abroad && p.safeguard ? ` (${t(`providers:safeguard.${p.safeguard}`)})` : ''}`,
          p.contractEnd ? formatDate(p.contractEnd) : t('report:governance.untilNotice'),
          `${t(`providers:assurance.${p.assurance}`)}${
            p.assuranceApprovedOn
              ? ` (${formatDate(p.assuranceApprovedOn)})`
              : p.assuranceDueOn && p.assurance !== 'notRequired'
                ? ` (${t('report:governance.dueOn', { date: formatDate(p.assuranceDueOn) })})`
                : ''
          }`,
        ]),
    )
    more(g.providers.length)
  }

  subheading(t('report:governance.findings.title'))
  const overdue = g.findings.filter((f) => f.overdue).length
  paragraph(t('report:governance.findings.intro', { count: g.findings.length, overdue, date: formatDate(c.reportingDate) }))
  if (g.findings.length) {
    table(
      [
        { label: col('finding'), width: 2.6 },
        { label: col('source'), width: 1.3 },
        { label: col('severity'), width: 0.9 },
        { label: col('deadline'), width: 1 },
        { label: col('owner'), width: 1.4 },
        { label: col('state'), width: 1.1 },
      ],
      g.findings
        .slice(0, MAX_ROWS)
        .map((f) => [
          `${f.number} ${f.title}`,
          t(`findings:source.${f.source}`),
          t(`findings:severity.${f.severity}`),
          f.deadline ? formatDate(f.deadline) : dash,
          f.owner ?? dash,
          f.overdue ? t('findings:state.escalated') : t(`findings:state.${f.state}`),
        ]),
    )
    more(g.findings.length)
  }

  subheading(t('report:governance.decisions.title'))
  if (g.decisions.length === 0) paragraph(t('report:governance.decisions.none'))
  else {
    table(
      [
        { label: col('decision'), width: 0.8 },
        { label: col('decidedOn'), width: 1 },
        { label: col('subject'), width: 1.6 },
        { label: col('reference'), width: 2 },
        { label: col('title'), width: 2.8 },
      ],
      g.decisions.slice(0, MAX_ROWS).map((d) => [d.number, formatDate(d.decidedOn), t(`decisions:subject.${d.subject}`), d.reference, d.title]),
    )
    more(g.decisions.length)
  }
}
