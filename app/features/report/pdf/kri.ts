import { KRI_TREND_YEARS } from '#models/core/constants.ts'
import { formatKriValue } from '#models/core/kri-format.ts'
import { formatDate } from '#models/core/dates.ts'
import { kriYearEnds } from '../content.ts'
import type { PdfContext } from './context.ts'
import { MAX_ROWS } from './style.ts'

/**
 * "Risikoappetit und Kennzahlen (KRI)" (issue 27): each KRI at the reporting date with the thresholds in
 * force on its value's date and its status, then its trend as a small table of the last value of each of
 * KRI_TREND_YEARS years; the council's approval of the appetite; the risks accepted at the date; and,
 * only when the fund was underfunded in the period, each case with its duties. A snapshot frozen before
 * format 5 has no such section.
 */
export function kriSection(ctx: PdfContext) {
  const { t, c, heading, paragraph, subheading, table, dash, more } = ctx
  const k = c.kri
  if (!k) return
  heading(t('report:kri.title'))
  paragraph(t('report:kri.intro', { years: KRI_TREND_YEARS }))
  const status = (s: string | null) => t(`kri:status.${s ?? 'none'}`)
  if (k.indicators.length === 0) paragraph(t('report:kri.none'))
  else {
    const col = (key: string) => t(`report:kri.column.${key}`)
    table(
      [
        { label: col('kri'), width: 2.6 },
        { label: col('date'), width: 1.1 },
        { label: col('value'), width: 1.1, align: 'right' },
        { label: col('amber'), width: 1.1, align: 'right' },
        { label: col('red'), width: 1.1, align: 'right' },
        { label: col('status'), width: 1.4 },
      ],
      k.indicators.map((i) => [
        ctx.nameOf(i.names),
        i.latest ? formatDate(i.latest.periodEnd) : t('report:kri.noValue'),
        i.latest ? formatKriValue(i.latest.value, i.unit) : dash,
        i.thresholds ? formatKriValue(i.thresholds.amber, i.unit) : dash,
        i.thresholds ? formatKriValue(i.thresholds.red, i.unit) : dash,
        i.latest ? status(i.latest.status) : dash,
      ]),
    )
    subheading(col('trend'))
    const years = kriYearEnds(c.reportingDate, [], KRI_TREND_YEARS).map((y) => y.yearEnd)
    table(
      [{ label: col('kri'), width: 2.6 }, ...years.map((y) => ({ label: formatDate(y), width: 1, align: 'right' as const }))],
      k.indicators.map((i) => [
        ctx.nameOf(i.names),
        ...kriYearEnds(c.reportingDate, i.trend, KRI_TREND_YEARS).map((y) => (y.point ? formatKriValue(y.point.value, i.unit) : dash)),
      ]),
    )
  }

  subheading(t('report:kri.appetite.title'))
  paragraph(
    k.appetite
      ? t('report:kri.appetite.approved', {
          date: formatDate(k.appetite.approvedOn),
          reference: k.appetite.decisionReference,
          by: k.appetite.approvedBy,
          limit: k.appetite.scoreLimit,
        })
      : t('report:kri.appetite.none', { limit: k.scoreLimit }),
  )

  subheading(t('report:kri.acceptances.title'))
  if (k.acceptances.length === 0) paragraph(t('report:kri.acceptances.none'))
  else {
    const a = (key: string) => t(`report:kri.acceptances.${key}`)
    table(
      [
        { label: a('risk'), width: 2.2 },
        { label: a('acceptedBy'), width: 1.4 },
        { label: a('acceptedOn'), width: 1 },
        { label: a('validUntil'), width: 1 },
        { label: a('netScore'), width: 0.8, align: 'right' },
        { label: a('justification'), width: 2.6 },
      ],
      k.acceptances
        .slice(0, MAX_ROWS)
        .map((r) => [
          `${r.risk} ${r.title}`,
          r.acceptedBy,
          formatDate(r.acceptedOn),
          formatDate(r.validUntil),
          String(r.netScore),
          [r.decisionReference ? `${r.justification} (${r.decisionReference})` : r.justification, r.reassess ? a('reassess') : ''].filter(Boolean).join(' '),
        ]),
    )
    more(k.acceptances.length)
  }

  if (k.underfunding.length === 0) return
  subheading(t('report:kri.underfunding.title'))
  const u = (key: string) => t(`report:kri.underfunding.${key}`)
  for (const uc of k.underfunding) {
    paragraph(
      `${t('report:kri.underfunding.case', { date: formatDate(uc.periodEnd), ratio: formatKriValue(uc.coverageRatio, 'count') })} ${
        uc.closedOn ? t('report:kri.underfunding.closed', { date: formatDate(uc.closedOn) }) : u('open')
      }`,
    )
    table(
      [
        { label: u('duty'), width: 2.6 },
        { label: u('dueOn'), width: 1 },
        { label: u('doneOn'), width: 1 },
        { label: u('evidence'), width: 3 },
      ],
      uc.duties.map((d) => [
        t(`kri:duty.${d.duty}`),
        formatDate(d.dueOn),
        d.doneOn ? formatDate(d.doneOn) : u('notDone'),
        [d.evidence, d.document].filter(Boolean).join(' · ') || dash,
      ]),
    )
  }
}
