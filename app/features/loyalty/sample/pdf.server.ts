import PDFDocument from 'pdfkit'
import { formatDateTime, formatNumber, type Locale } from '#app/i18n/config.ts'
import type { TFunction } from '#app/i18n/translate.ts'
import { registerPdfFonts } from '#app/utils/pdf-fonts.server.ts'
import { formatDate } from '#models/core/dates.ts'
import type { SampleCampaign, SampleDeclaration } from './sample.server.ts'

/*
 * The auditor's sample as one PDF (issue 26): a first part with the fund, the year, the drawn
 * declarations and the council's review of the year (date, decision reference, names); then each drawn
 * declaration in full, on a page of its own: the person and function, the interests, the advantages and
 * what was handed over where, the two confirmations, the remarks, the signature (name, time, channel),
 * the paper scans kept, and the council's remark or finding on it. Noto Sans embedded (decision 0030), as
 * the app's other PDFs; page numbers at the foot.
 */

const MARGIN = 56
const GREY = '#555555'
const RULE = '#999999'

export function samplePdf(opts: {
  t: TFunction
  locale: Locale
  fund: string
  year: number
  campaign: SampleCampaign
  declarations: SampleDeclaration[]
  now?: Date
  /** Content streams uncompressed (the tests read the text). */
  compress?: boolean
}): Promise<Buffer> {
  const { t, locale, fund, year, campaign, declarations } = opts
  const now = opts.now ?? new Date()
  const title = t('loyalty:sample.pdf.title', { year })
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: opts.compress ?? true,
    lang: t('loyalty:sample.pdf.lang'),
    info: { Title: `${title} – ${fund}`.replace(/[<>&]/g, ' '), Author: fund.replace(/[<>&]/g, ' '), Creator: 'Vorsorge RM', CreationDate: now },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  registerPdfFonts(doc)
  const width = doc.page.width - 2 * MARGIN
  const bottom = () => doc.page.height - MARGIN
  const dash = '—'
  const yesNo = (v: boolean) => t(v ? 'loyalty:sample.pdf.yes' : 'loyalty:sample.pdf.no')

  const heading = (text: string) => {
    doc.font('bold').fontSize(15).fillColor('black').text(text, MARGIN, doc.y, { width })
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
    doc.moveDown(0.6)
  }
  const subheading = (text: string) => {
    doc.moveDown(0.5)
    if (doc.y + 60 > bottom()) doc.addPage()
    doc.font('bold').fontSize(11.5).fillColor('black').text(text, MARGIN, doc.y, { width })
    doc.moveDown(0.2)
  }
  /** A label and its value, kept together at a page's foot. */
  const field = (label: string, value: string) => {
    doc.font('regular').fontSize(10.5)
    const h = doc.heightOfString(value || dash, { width })
    if (doc.y + 14 + Math.min(h, 30) > bottom()) doc.addPage()
    doc.font('bold').fontSize(9).fillColor(GREY).text(label, MARGIN, doc.y, { width })
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor('black')
      .text(value || dash, MARGIN, doc.y, { width })
    doc.moveDown(0.35)
  }
  const bullets = (items: string[]) => {
    doc.font('regular').fontSize(10.5).fillColor('black')
    for (const item of items) {
      if (doc.y + 14 > bottom()) doc.addPage()
      doc.text(`•  ${item}`, MARGIN + 8, doc.y, { width: width - 8 })
    }
    doc.moveDown(0.35)
  }

  // The first page: what was drawn, and the council's review of the year.
  doc.font('bold').fontSize(20).fillColor('black').text(title, MARGIN, doc.y, { width })
  doc.moveDown(0.3)
  doc.font('regular').fontSize(12).text(fund)
  doc
    .fillColor(GREY)
    .fontSize(10)
    .text(t('loyalty:sample.pdf.drawnOn', { date: formatDateTime(now, locale) }))
  doc.text(t('loyalty:sample.pdf.count', { count: declarations.length }))
  doc.text(t('loyalty:sample.pdf.legal'))
  doc.fillColor('black').moveDown()
  subheading(t('loyalty:sample.pdf.review'))
  if (campaign.reviewedOn) {
    field(t('loyalty:sample.field.reviewedOn'), formatDate(campaign.reviewedOn))
    field(t('loyalty:sample.field.reviewReference'), campaign.reviewReference)
    field(t('loyalty:sample.field.reviewNames'), campaign.reviewNames)
  } else {
    doc.font('regular').fontSize(10.5).text(t('loyalty:sample.pdf.notReviewed'), MARGIN, doc.y, { width })
    doc.moveDown(0.35)
  }
  field(t('loyalty:sample.field.dueDate'), formatDate(campaign.dueDate))
  subheading(t('loyalty:sample.pdf.drawn'))
  bullets(declarations.map((d) => `${d.number}  ${d.personName} (${t(`loyalty:sample.function.${d.personFunction}`)})`))

  for (const d of declarations) {
    doc.addPage()
    heading(`${d.number}  ${d.personName}`)
    field(t('loyalty:sample.field.function'), t(`loyalty:sample.function.${d.personFunction}`))
    if (d.organisation) field(t('loyalty:sample.field.organisation'), d.organisation)
    field(t('loyalty:sample.field.state'), t(`loyalty:sample.state.${d.state}`))

    subheading(t('loyalty:sample.field.interests'))
    if (d.interests.length)
      bullets(d.interests.map((i) => `${t(`loyalty:sample.interest.${i.kind}`)}: ${[i.organisation, i.description].filter((s) => s?.trim()).join(' – ')}`))
    else bullets([t(d.noInterests ? 'loyalty:sample.pdf.noInterests' : 'loyalty:sample.pdf.noneListed')])

    subheading(t('loyalty:sample.field.advantages'))
    field(t('loyalty:sample.field.advantagesConfirmed'), yesNo(d.advantagesConfirmed))
    if (d.advantages.length)
      bullets(
        d.advantages.map((a) =>
          t('loyalty:sample.pdf.advantage', {
            description: a.description,
            amount: a.amount === '' || Number.isNaN(Number(a.amount)) ? a.amount || dash : `CHF ${formatNumber(Number(a.amount), locale)}`,
            to: a.handedOverTo || dash,
          }),
        ),
      )
    else bullets([t('loyalty:sample.pdf.noAdvantages')])
    field(t('loyalty:sample.field.ownAccountConfirmed'), yesNo(d.ownAccountConfirmed))
    if (d.remarks) field(t('loyalty:sample.field.remarks'), d.remarks)

    subheading(t('loyalty:sample.pdf.signature'))
    field(t('loyalty:sample.field.signedName'), d.signedName)
    field(t('loyalty:sample.field.signedAt'), d.signedAt ? formatDateTime(d.signedAt, locale) : dash)
    field(t('loyalty:sample.field.channel'), d.channel ? t(`loyalty:sample.channel.${d.channel}`) : dash)
    if (d.scans) field(t('loyalty:sample.field.scans'), t('loyalty:sample.pdf.scans', { count: d.scans }))

    subheading(t('loyalty:sample.pdf.councilOnThis'))
    if (d.state === 'reviewed') {
      field(t('loyalty:sample.field.reviewedOn'), campaign.reviewedOn ? formatDate(campaign.reviewedOn) : d.reviewedAt ? formatDate(d.reviewedAt) : dash)
      field(t('loyalty:sample.field.reviewReference'), campaign.reviewReference)
      field(t('loyalty:sample.field.reviewRemark'), d.reviewRemark || t('loyalty:sample.pdf.noRemark'))
      field(t('loyalty:sample.field.reviewFinding'), yesNo(d.reviewFinding))
      if (d.reviewFinding)
        field(t('loyalty:sample.field.findingResolvedOn'), d.findingResolvedOn ? formatDate(d.findingResolvedOn) : t('loyalty:sample.pdf.findingOpen'))
    } else {
      doc.font('regular').fontSize(10.5).fillColor('black').text(t('loyalty:sample.pdf.notReviewed'), MARGIN, doc.y, { width })
    }
  }

  // Page numbers on every page.
  const range = doc.bufferedPageRange()
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i)
    const y = doc.page.height - MARGIN + 18
    doc.page.margins.bottom = 0
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(`${title} – ${fund}`, MARGIN, y, { width: width / 2, lineBreak: false })
    doc.text(t('loyalty:sample.pdf.page', { page: i + 1, pages: range.count }), MARGIN + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    })
    doc.page.margins.bottom = MARGIN
  }
  doc.end()
  return done
}
