import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { reportSnapshots, riskAcceptances, riskAppetiteApprovals, underfundingCases, underfundingDuties } from '#models/schema/index.ts'
import { csvRecords } from '../../../tests/csv-records.ts'
import { customerFactory, type Member, memberFactory, riskFactory } from '../../../tests/factories.ts'
import { kriRows, type TestKri } from '../../../tests/kri-rows.ts'
import { pdfText } from '../../../tests/pdf-text.ts'
import { unzip } from '../../../tests/zip.ts'
import { kriYearEnds, type SnapshotContent } from './content.ts'
import { auditorPackResponse, snapshotTables } from './pack.server.ts'
import { type ReportSnapshot, reportPdf } from './pdf.server.ts'
import { Reports } from './reports.server.ts'

// The KRI section of the year-end snapshot and the annual report (issue 27): each KRI at the reporting
// date judged by the thresholds in force on its value's date (not by later ones), five years of trend,
// the appetite's approval and the risk acceptances in force at the date, and the underfunding duties
// only when the fund was underfunded in the year; snapshots of format 4 still read.

const DATE = '2025-12-31'
let admin: Member
let reader: Member
let fundName = ''
let fundId = ''
let coverage: TestKri
let given: TestKri
let dropped: TestKri

describe('KRIs and the risk appetite in the year-end report', () => {
  beforeAll(async () => {
    const fund = await customerFactory()
    fundName = fund.name
    fundId = fund.id
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    reader = await memberFactory({ customer: fund, traits: ['risk-read'] })
    coverage = await kriRows({
      customerId: fund.id,
      names: { de: 'Deckungsgrad Test', fr: 'Degré de couverture test', en: 'Coverage ratio test' },
      thresholds: [
        { validFrom: '2021-01-01', amber: '105', red: '100' },
        { validFrom: '2023-07-01', amber: '108', red: '103' },
        // Set after the reporting date: it never judges the year's figures.
        { validFrom: '2026-01-01', amber: '115', red: '110' },
      ],
      values: [
        { periodEnd: '2020-12-31', value: '111' },
        { periodEnd: '2021-12-31', value: '112' },
        { periodEnd: '2022-12-31', value: '109.5' },
        { periodEnd: '2023-03-31', value: '106' },
        { periodEnd: '2023-09-30', value: '106' },
        { periodEnd: '2023-12-31', value: '101' },
        { periodEnd: '2024-12-31', value: '110' },
        { periodEnd: '2025-12-31', value: '109.0000' },
        { periodEnd: '2026-03-31', value: '120' },
      ],
    })
    // Given up, but with a value in the reporting year: still in the report.
    given = await kriRows({ customerId: fund.id, unit: 'chf', direction: 'lower', active: false, values: [{ periodEnd: '2025-06-30', value: '1234.5' }] })
    // Given up before the year: not in it.
    dropped = await kriRows({ customerId: fund.id, active: false, values: [{ periodEnd: '2022-12-31', value: '50' }] })
    const [r1, r2, r3, r4] = await Promise.all([1, 2, 3, 4].map(() => riskFactory({ customer: fund, traits: ['assessed'] })))
    await asSystem('test: appetite, acceptances, underfunding', async (tx) => {
      const approval = { customerId: fund.id, approvedBy: 'Stiftungsrat', remark: '' }
      await tx.insert(riskAppetiteApprovals).values([
        { ...approval, approvedOn: '2024-05-01', decisionReference: 'SR 2024/02', scoreLimit: 8 },
        { ...approval, approvedOn: '2025-06-30', decisionReference: 'SR 2025/03', scoreLimit: 10 },
        { ...approval, approvedOn: '2026-02-01', decisionReference: 'SR 2026/01', scoreLimit: 12 },
      ])
      const acceptance = { customerId: fund.id, acceptedBy: 'Stiftungsrat', decisionReference: 'SR', netScore: 6 }
      await tx.insert(riskAcceptances).values([
        { ...acceptance, riskId: r1.id, acceptedOn: '2025-03-01', validUntil: '2026-03-01', justification: 'In force at the date' },
        { ...acceptance, riskId: r2.id, acceptedOn: '2024-01-01', validUntil: '2025-01-01', justification: 'Lapsed before' },
        { ...acceptance, riskId: r3.id, acceptedOn: '2026-01-10', validUntil: '2027-01-10', justification: 'Accepted later' },
        { ...acceptance, riskId: r4.id, acceptedOn: '2025-02-01', validUntil: '2026-02-01', revokedOn: '2025-10-01', justification: 'Revoked before' },
      ])
      const [old] = await tx
        .insert(underfundingCases)
        .values({ customerId: fund.id, periodEnd: '2022-06-30', coverageRatio: '98.2', closedOn: '2022-12-15' })
        .returning()
      const [spell] = await tx
        .insert(underfundingCases)
        .values({ customerId: fund.id, periodEnd: '2025-06-30', coverageRatio: '97.5000', closedOn: '2025-11-30' })
        .returning()
      await tx.insert(underfundingDuties).values([
        { customerId: fund.id, caseId: old.id, duty: 'informSupervisor', dueOn: '2022-09-28', doneOn: '2022-08-02', evidence: 'Old letter' },
        {
          customerId: fund.id,
          caseId: spell.id,
          duty: 'informSupervisor',
          dueOn: '2025-09-28',
          doneOn: '2025-07-15',
          evidence: 'Brief an die Aufsicht vom 15.7.',
        },
        { customerId: fund.id, caseId: spell.id, duty: 'decideMeasures', dueOn: '2025-12-27' },
      ])
    })
  })

  it('freezes each KRI at the reporting date, judged by the thresholds in force then, with five years of trend', async () => {
    const { id } = await Reports.for(admin.access).freeze(DATE)
    const { snapshot } = await Reports.for(reader.access).report(id)
    const c = snapshot.content
    expect(c.format).toBe(6)
    const k = c.kri!
    expect(k.indicators.map((i) => i.key)).toEqual(expect.arrayContaining([coverage.key, given.key]))
    expect(k.indicators.map((i) => i.key)).not.toContain(dropped.key)
    const cov = k.indicators.find((i) => i.key === coverage.key)!
    // 109 is green by the bounds of July 2023 (108/103); the bounds of 2026 (115/110) would make it red.
    expect(cov.latest).toEqual({ periodEnd: DATE, value: '109', amber: '108', red: '103', status: 'green' })
    expect(cov.thresholds).toEqual({ validFrom: '2023-07-01', amber: '108', red: '103' })
    // Five years up to the date, each value judged by its own day's bounds; nothing after the date, nothing before the five years.
    expect(cov.trend.map((p) => [p.periodEnd, p.value, p.status])).toEqual([
      ['2021-12-31', '112', 'green'],
      ['2022-12-31', '109.5', 'green'],
      ['2023-03-31', '106', 'green'],
      ['2023-09-30', '106', 'amber'],
      ['2023-12-31', '101', 'red'],
      ['2024-12-31', '110', 'green'],
      [DATE, '109', 'green'],
    ])
    expect(kriYearEnds(DATE, cov.trend, 5).map((y) => [y.yearEnd, y.point?.value ?? null])).toEqual([
      ['2021-12-31', '112'],
      ['2022-12-31', '109.5'],
      ['2023-12-31', '101'],
      ['2024-12-31', '110'],
      ['2025-12-31', '109'],
    ])
    const chf = k.indicators.find((i) => i.key === given.key)!
    expect(chf).toMatchObject({ unit: 'chf', latest: { periodEnd: '2025-06-30', value: '1234.5', status: null }, thresholds: null })
  })

  it('freezes the appetite approved by the date, the acceptances in force at it and the year’s underfunding with its duties', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const k = (await Reports.for(admin.access).get(row.id)).content.kri!
    expect(k.appetite).toEqual({ approvedOn: '2025-06-30', decisionReference: 'SR 2025/03', approvedBy: 'Stiftungsrat', scoreLimit: 10, remark: '' })
    expect(k.scoreLimit).toBe(10)
    expect(k.acceptances.map((a) => a.justification)).toEqual(['In force at the date'])
    expect(k.acceptances[0]).toMatchObject({ acceptedOn: '2025-03-01', validUntil: '2026-03-01', acceptedBy: 'Stiftungsrat', netScore: 6 })
    expect(k.underfunding).toEqual([
      {
        periodEnd: '2025-06-30',
        coverageRatio: '97.5',
        closedOn: '2025-11-30',
        duties: [
          { duty: 'informSupervisor', dueOn: '2025-09-28', doneOn: '2025-07-15', evidence: 'Brief an die Aufsicht vom 15.7.', document: null },
          { duty: 'decideMeasures', dueOn: '2025-12-27', doneOn: null, evidence: '', document: null },
        ],
      },
    ])
  })

  it('has no underfunding in a year without a case, and the default limit before any approval', async () => {
    const { id } = await Reports.for(admin.access).freeze('2024-03-31')
    const k = (await Reports.for(admin.access).get(id)).content.kri!
    expect(k.underfunding).toEqual([])
    expect(k.appetite).toBeNull()
    expect(k.scoreLimit).toBe(9)
    const cov = k.indicators.find((i) => i.key === coverage.key)!
    expect(cov.latest).toMatchObject({ periodEnd: '2023-12-31', value: '101', status: 'red' })
    const t = getFixedT('de')
    const s: ReportSnapshot = { fund: fundName, reportingDate: '2024-03-31', frozenAt: new Date(), content: (await Reports.for(admin.access).get(id)).content }
    const text = pdfText(await reportPdf({ t, snapshot: s, previous: null, approval: null, logo: null, compress: false })).replace(/\s+/g, ' ')
    expect(text).toContain(t('report:kri.title'))
    expect(text).not.toContain(t('report:kri.underfunding.title'))
    expect(text).toContain(t('report:kri.appetite.none', { limit: 9 }))
  })

  it('draws the section in the PDF in each language', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    for (const lang of ['de', 'fr', 'en'] as const) {
      const t = getFixedT(lang)
      const s: ReportSnapshot = { fund: fundName, reportingDate: DATE, frozenAt: snapshot.frozenAt, content: snapshot.content }
      const text = pdfText(await reportPdf({ t, snapshot: s, previous: null, approval: null, logo: null, compress: false })).replace(/\s+/g, ' ')
      expect(text, lang).toContain(t('report:kri.title'))
      expect(text, lang).toContain(coverage[lang === 'de' ? 'nameDe' : lang === 'fr' ? 'nameFr' : 'nameEn'])
      expect(text, lang).toContain(t('kri:status.green'))
      // The year ends of the trend, oldest first.
      expect(text, lang).toMatch(/31\.12\.2021 31\.12\.2022 31\.12\.2023 31\.12\.2024 31\.12\.2025/)
      expect(text, lang).toContain('SR 2025/03')
      expect(text, lang).toContain('In force at the date')
      expect(text, lang).not.toContain('Lapsed before')
      expect(text, lang).toContain(t('report:kri.underfunding.title'))
      expect(text, lang).toContain(t('kri:duty.informSupervisor'))
      expect(text, lang).toContain('Brief an die Aufsicht vom 15.7.')
    }
  })

  it('lists the KRI values in the auditor’s pack', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    const t = getFixedT('de')
    const s: ReportSnapshot = { fund: fundName, reportingDate: DATE, frozenAt: snapshot.frozenAt, content: snapshot.content }
    const res = auditorPackResponse({ t, lang: 'de', snapshot: s, previous: null, approval: null, logo: null, audit: null })
    const files = unzip(Buffer.from(await res.arrayBuffer()))
    expect(files.has(`${t('report:kri.pack.file')}-${DATE}.xlsx`)).toBe(true)
    const csv = files.get(`${t('report:kri.pack.file')}-${DATE}.csv`)
    expect(csv).toBeDefined()
    const records = csvRecords(csv!.toString('utf8'))
    const mine = records.slice(1).filter((r) => r[1] === coverage.key)
    expect(mine).toHaveLength(7)
    expect(mine.at(-1)?.slice(0, 2)).toEqual(['Deckungsgrad Test', coverage.key])
    expect(mine.at(-1)?.[7]).toBe(t('kri:status.green'))
  })

  it('still reads a snapshot of format 4: no KRI section, nothing breaks', async () => {
    const row = (await Reports.for(admin.access).list()).find((r) => r.reportingDate === DATE)!
    const { snapshot } = await Reports.for(admin.access).report(row.id)
    const { kri: _kri, ...rest } = snapshot.content
    const old: SnapshotContent = { ...rest, format: 4, reportingDate: '2022-12-31' }
    const [inserted] = await asSystem('test: a format-4 snapshot', (tx) =>
      tx
        .insert(reportSnapshots)
        .values({ customerId: fundId, reportingDate: '2022-12-31', frozenByUserId: admin.user.id, formatVersion: 4, content: old })
        .returning({ id: reportSnapshots.id }),
    )
    const read = await Reports.for(reader.access).report(inserted.id)
    expect(read.snapshot.content.format).toBe(4)
    expect(read.snapshot.content.kri).toBeUndefined()
    const t = getFixedT('de')
    const s: ReportSnapshot = { fund: fundName, reportingDate: '2022-12-31', frozenAt: read.snapshot.frozenAt, content: read.snapshot.content }
    const text = pdfText(await reportPdf({ t, snapshot: s, previous: null, approval: null, logo: null, compress: false }))
    expect(text).toContain(t('report:pdf.title'))
    expect(text).not.toContain(t('report:kri.title'))
    expect(snapshotTables(t, read.snapshot.content, 'de').map((x) => x.file)).not.toContain(t('report:kri.pack.file'))
    // The snapshot of format 5 before it is the later one's previous: both read side by side.
    expect((await Reports.for(admin.access).report(row.id)).previous?.format).toBeDefined()
  })
})
