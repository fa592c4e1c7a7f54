import { formatNumber } from '#app/i18n/config.ts'
import { formatDate } from '#models/core/dates.ts'
import type { PdfContext } from './context.ts'
import { MAX_ROWS } from './style.ts'

/**
 * "Loyalität und Integrität" (issue 26): the reporting year's declarations (due, received, reviewed by
 * the council, overdue), the council's findings not yet resolved, and the related-party transactions of
 * the period for the annex (Art. 51c BVG). A snapshot frozen before format 4, or of a fund with neither a
 * campaign nor a transaction, has no such section.
 */
export function loyaltySection(ctx: PdfContext) {
  const { t, c, heading, paragraph, subheading, table, dash, more } = ctx
  const l = c.loyalty
  if (!l || (!l.campaign && l.transactions.length === 0)) return
  heading(t('report:pdf.loyalty.title'))
  paragraph(t('report:pdf.loyalty.intro'))
  if (l.campaign) {
    table(
      [
        { label: t('report:pdf.loyalty.year'), width: 1 },
        { label: t('report:pdf.loyalty.due'), width: 1, align: 'right' },
        { label: t('report:pdf.loyalty.received'), width: 1, align: 'right' },
        { label: t('report:pdf.loyalty.reviewed'), width: 1, align: 'right' },
        { label: t('report:pdf.loyalty.overdue'), width: 1, align: 'right' },
        { label: t('report:pdf.loyalty.openFindings'), width: 1.2, align: 'right' },
      ],
      [[String(l.campaign.year), String(l.due), String(l.received), String(l.reviewed), String(l.overdue), String(l.openFindings)]],
    )
    paragraph(
      l.campaign.reviewedOn
        ? t('report:pdf.loyalty.reviewedOn', { date: formatDate(l.campaign.reviewedOn), reference: l.campaign.reviewReference })
        : t('report:pdf.loyalty.notReviewed', { due: formatDate(l.campaign.dueDate) }),
    )
  } else paragraph(t('report:pdf.loyalty.noCampaign', { count: l.openFindings }))
  subheading(t('report:pdf.loyalty.transactions'))
  if (l.transactions.length === 0) {
    paragraph(t('report:pdf.loyalty.noTransactions'))
    return
  }
  const language = ctx.language()
  table(
    [
      { label: t('report:pdf.loyalty.number'), width: 0.8 },
      { label: t('report:pdf.loyalty.counterparty'), width: 2 },
      { label: t('report:pdf.loyalty.relation'), width: 2.4 },
      { label: t('report:pdf.loyalty.subject'), width: 2.4 },
      { label: t('report:pdf.loyalty.amount'), width: 1.2, align: 'right' },
      { label: t('report:pdf.loyalty.date'), width: 1.1 },
      { label: t('report:pdf.loyalty.significant'), width: 1 },
      { label: t('report:pdf.loyalty.disclosed'), width: 1.2 },
    ],
    l.transactions
      .slice(0, MAX_ROWS)
      .map((r) => [
        r.number,
        r.counterparty,
        r.relation || dash,
        r.subject,
        r.amount === null ? dash : formatNumber(Number(r.amount), language),
        formatDate(r.date),
        t(r.significant ? 'report:pdf.loyalty.yes' : 'report:pdf.loyalty.no'),
        r.disclosedToAuditorOn ? formatDate(r.disclosedToAuditorOn) : dash,
      ]),
  )
  more(l.transactions.length)
}
