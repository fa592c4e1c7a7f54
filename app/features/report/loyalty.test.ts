import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { demoLoyaltyYear, seedLoyalty } from '#models/seed/loyalty.ts'
import { customerFactory, type Member, memberFactory } from '../../../tests/factories.ts'
import { pdfText } from '../../../tests/pdf-text.ts'
import { csvRecords } from '../../../tests/csv-records.ts'
import { unzip } from '../../../tests/zip.ts'
import { auditorPackResponse } from './pack.server.ts'
import { type ReportSnapshot, reportPdf } from './pdf.server.ts'
import { Reports } from './reports.server.ts'

// The loyalty section of the year-end snapshot and the annual report (issue 26): the reporting year's
// declarations due, received, reviewed and overdue, the council's open findings, and the related-party
// transactions of the period for the annex, frozen with the snapshot, drawn in the report and listed in
// the auditor's pack. Made with the demo's records (models/seed/loyalty.ts) in a fund of its own.

let admin: Member
let fundName = ''
const today = todayInZurich()
/** The demo's running campaign: of the year whose 31 March has passed. */
const year = demoLoyaltyYear(today)
/** This year's report: its 31 December, or yesterday while the year runs. */
const reportingDate = [`${year}-12-31`, addDays(today, -1)].sort()[0]

describe('loyalty in the year-end report', () => {
  beforeAll(async () => {
    const fund = await customerFactory()
    fundName = fund.name
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    await asSystem('test: loyalty demo', (tx) => seedLoyalty(tx, fund.id, new Map(), admin.user.id, { today }))
  })

  it('freezes this year’s declarations, the open findings and the year’s related-party transactions', async () => {
    const { id } = await Reports.for(admin.access).freeze(reportingDate)
    const { snapshot } = await Reports.for(admin.access).report(id)
    const l = snapshot.content.loyalty
    expect(snapshot.content.format).toBe(6)
    // 12 active persons asked for, 11 signed (one overdue), none reviewed yet; last year's finding is resolved.
    expect(l).toMatchObject({ due: 12, received: 11, reviewed: 0, overdue: 1, openFindings: 0 })
    expect(l?.campaign).toMatchObject({ year, dueDate: `${year}-03-31`, reviewedOn: null })
    // The significant one of February, tendered and disclosed; the small one of May once the report reaches it.
    expect(l?.transactions.map((t) => [t.number, t.counterparty, t.significant, t.disclosedToAuditorOn])).toEqual(
      [
        ['RG-1', 'Aare Immobilien AG', true, `${year}-03-05`],
        ['RG-2', 'Brunner Treuhand AG', false, null],
      ].slice(0, reportingDate >= `${year}-05-12` ? 2 : 1),
    )
    expect(l?.transactions[0]).toMatchObject({ amount: '184000.00', date: `${year}-02-15` })
    expect(l?.transactions[0].relation).toContain('Peter Brunner')
  })

  it('freezes last year’s review: reviewed, with its reference, and no transaction of that year', async () => {
    const { id } = await Reports.for(admin.access).freeze(`${year - 1}-12-31`)
    const { snapshot } = await Reports.for(admin.access).report(id)
    const l = snapshot.content.loyalty
    expect(l).toMatchObject({ due: 12, received: 12, reviewed: 12, overdue: 0, openFindings: 0, transactions: [] })
    expect(l?.campaign).toMatchObject({ year: year - 1, reviewedOn: `${year - 1}-05-20`, reviewReference: `SR-Protokoll ${year - 1}/03` })
  })

  it('draws the section with the numbers and the transactions in each language', async () => {
    const list = await Reports.for(admin.access).list()
    const row = list.find((r) => r.reportingDate === reportingDate)!
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    for (const lang of ['de', 'fr', 'en'] as const) {
      const t = getFixedT(lang)
      const s: ReportSnapshot = { fund: fundName, reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content }
      const text = pdfText(await reportPdf({ t, snapshot: s, previous: null, approval: null, logo: null, compress: false })).replace(/\s+/g, ' ')
      expect(text, lang).toContain(t('report:pdf.loyalty.title'))
      expect(text, lang).toContain(t('report:pdf.loyalty.openFindings'))
      expect(text, lang).toContain('12 11 0 1 0')
      expect(text, lang).toContain('Aare Immobilien AG')
    }
  })

  it('lists the year’s related-party transactions in the auditor’s pack', async () => {
    const list = await Reports.for(admin.access).list()
    const row = list.find((r) => r.reportingDate === reportingDate)!
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    const t = getFixedT('de')
    const s: ReportSnapshot = { fund: fundName, reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content }
    const res = auditorPackResponse({ t, lang: 'de', snapshot: s, previous: null, approval: null, logo: null, audit: null })
    const files = unzip(Buffer.from(await res.arrayBuffer()))
    const csv = files.get(`${t('report:pack.transactionsFile')}-${reportingDate}.csv`)
    expect(csv).toBeDefined()
    const records = csvRecords(csv!.toString('utf8'))
    expect(records.slice(1).map((r) => r[1])).toEqual(snapshot.content.loyalty?.transactions.map((x) => x.counterparty))
    expect(records[1][1]).toBe('Aare Immobilien AG')
  })

  it('has no loyalty section for a fund without a campaign or a transaction', async () => {
    const fund = await customerFactory()
    const other = await memberFactory({ customer: fund, traits: ['admin'] })
    const { id } = await Reports.for(other.access).freeze(addDays(todayInZurich(), -1))
    const { snapshot } = await Reports.for(other.access).report(id)
    expect(snapshot.content.loyalty).toMatchObject({ campaign: null, due: 0, transactions: [] })
    const t = getFixedT('de')
    const s: ReportSnapshot = { fund: fund.name, reportingDate: snapshot.reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content }
    const text = pdfText(await reportPdf({ t, snapshot: s, previous: null, approval: null, logo: null, compress: false }))
    expect(text).not.toContain(t('report:pdf.loyalty.title'))
  })
})
