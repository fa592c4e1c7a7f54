import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { auditEntries, documents, dsgBreaches, measures, risks } from '#models/schema/index.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { anyIcsMainTheme, createCustomer, documentFactory, levelOf, type Member, measureFactory, memberFactory, riskFactory } from '../../../tests/factories.ts'
import { dsgActivityRecord, dsgBreachRecord, dsgRequestRecord } from '../../../tests/factories/dsg-records.ts'
import { system } from '../../../tests/system-db.ts'
import { Documents } from '../documents/documents.server.ts'
import { DsgActivities } from '../dsg/processing/activities.server.ts'
import { DsgBreaches } from '../dsg/breaches/breaches.server.ts'
import { DsgRequests } from '../dsg/requests/requests.server.ts'
import { saveQualityIndex } from '#app/features/inventory/ics/quality.server.ts'
import { Measures } from '../measures/measures.server.ts'
import { probabilityLevels, severityLevels } from '#models/schema/index.ts'
import type { SnapshotContent } from './content.ts'
import { auditorPackResponse } from './pack.server.ts'
import { defaultReportingDate, isLateFreeze, Reports } from './reports.server.ts'
import { unzip } from '../../../tests/zip.ts'

/** The council's decision an approval is recorded with (its date and who decided). */
const decided = (on: string, names: string) => ({
  subject: 'annualReport' as const,
  decidedOn: on,
  reference: 'SR-Protokoll 2026/1, Traktandum 3',
  title: 'Genehmigung des Jahresberichts',
  decidedBy: names,
})

/*
 * A snapshot with a past reporting date (issue 22): as a risk manager freezing 31.12.2025 on a day
 * in November 2026 (whatever today is, the last 31 December before it), with records created,
 * changed and deleted after the date in several registers.
 */

const today = todayInZurich()
const reportingDate = defaultReportingDate(today)
const year = Number(reportingDate.slice(0, 4))
/** An instant in the middle of the period, when the old records were written. */
const then = new Date(`${year}-06-01T10:00:00Z`)
const old = { createdAt: then, updatedAt: then }

const csvRows = (csv: Buffer) =>
  csv
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '').replaceAll('""', '"')))

describe('a snapshot as at its reporting date', () => {
  let customer: string
  let admin: Member
  let content: SnapshotContent
  let snapshotId: string
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    customer = (await createCustomer({ name: 'Pensionskasse Stichtag', language: 'de' })).id
    admin = await memberFactory({ customer, traits: ['admin'] })
    const p3 = await levelOf(customer, probabilityLevels, 3)
    const p5 = await levelOf(customer, probabilityLevels, 5)
    const s5 = await levelOf(customer, severityLevels, 5)

    // Risks: one rated 3 × 3 at the date and raised to 5 × 5 afterwards (as the inventory kit audits it); one made after the date.
    const rated = await riskFactory({
      customer,
      owner: admin.user,
      traits: ['assessed'],
      attributes: { ...old, title: 'Zinsrisiko', description: 'Zinsen fallen' },
    })
    ids.rated = rated.id
    await system().update(risks).set({ probabilityLevelId: p5.id, severityLevelId: s5.id }).where(eq(risks.id, rated.id))
    await system()
      .insert(auditEntries)
      .values({
        customerId: customer,
        component: 'risk',
        action: 'Updated',
        entityId: rated.id,
        userId: admin.user.id,
        changedFields: {
          probabilityLevelId: { from: p3.id, to: p5.id },
          severityLevelId: { from: rated.severityLevelId, to: s5.id },
          block: { from: null, to: 'evaluation' },
        },
      })
    await riskFactory({ customer, attributes: { title: 'Neues Risiko nach dem Stichtag' } })

    // Measures: one overdue at the date and confirmed today; one deleted today (its values kept);
    // one deleted earlier by a version that kept only number and title; one made after the date.
    const confirmed = await measureFactory({
      customer,
      owner: admin.user,
      traits: ['risk'],
      attributes: { ...old, riskId: rated.id, title: 'Zinsabsicherung prüfen', dueDate: `${year}-11-30` },
    })
    await Measures.for(admin.access).confirm(confirmed.id, 'Erledigt', confirmed.version)
    const deleted = await measureFactory({ customer, owner: admin.user, attributes: { ...old, title: 'Gelöschte Massnahme', dueDate: `${year + 1}-03-31` } })
    await Measures.for(admin.access).remove(deleted.id, deleted.version)
    const legacy = await measureFactory({ customer, attributes: { ...old, title: 'Alt gelöscht', dueDate: `${year + 1}-03-31` } })
    await system().delete(measures).where(eq(measures.id, legacy.id))
    await system()
      .insert(auditEntries)
      .values({
        customerId: customer,
        component: 'measure',
        action: 'Deleted',
        entityId: legacy.id,
        userId: admin.user.id,
        changedFields: { idkey: { from: legacy.idkey, to: null }, title: { from: legacy.title, to: null } },
      })
    await measureFactory({ customer, attributes: { title: 'Massnahme nach dem Stichtag', dueDate: `${year}-01-31` } })

    // Documents: one marked present today (absent at the date); one changed today without a trail.
    const doc = await documentFactory({ customer, attributes: { ...old, name: 'Anlagereglement', dueDate: `${year}-10-01`, present: false } })
    await Documents.for(admin.access).update(
      doc.id,
      { category: doc.category, name: doc.name, link: doc.link, linkText: doc.linkText, comment: doc.comment, dueDate: doc.dueDate, present: true },
      doc.version,
    )
    const silent = await documentFactory({ customer, attributes: { ...old, name: 'Organisationsreglement' } })
    await system().update(documents).set({ updatedAt: new Date() }).where(eq(documents.id, silent.id))

    // Breaches: the 28.11.2026 case: two discovered in November after the date; one discovered in
    // the period and closed today; one discovered two days before the date and recorded after it.
    await dsgBreachRecord(customer, { title: 'Fehlversand November A', discoveredAt: new Date(`${year + 1}-11-24T09:00:00Z`) })
    await dsgBreachRecord(customer, { title: 'Fehlversand November B', discoveredAt: new Date(`${year + 1}-11-27T09:00:00Z`) })
    const closed = await dsgBreachRecord(customer, { ...old, title: 'Verlorener Laptop', discoveredAt: new Date(`${year}-09-10T08:00:00Z`), reportedAt: then })
    await DsgBreaches.for(admin.access).setState(closed.id, 'closed', closed.version)
    await dsgBreachRecord(customer, {
      title: 'Spät erfasst',
      discoveredAt: new Date(`${year}-12-29T15:00:00Z`),
      reportedAt: new Date(`${year + 1}-01-05T09:00:00Z`),
    })

    // Requests: two received in October and November after the date; one received in the period and deleted today.
    await dsgRequestRecord(customer, { receivedOn: `${year + 1}-10-15`, dueOn: `${year + 1}-11-14` })
    await dsgRequestRecord(customer, { receivedOn: `${year + 1}-11-02`, dueOn: `${year + 1}-12-02` })
    const request = await dsgRequestRecord(customer, { ...old, receivedOn: `${year}-12-01`, dueOn: `${year}-12-31` })
    await DsgRequests.for(admin.access).remove(request.id, request.version)

    // Processing activities: one created today through the service, one of the period deleted today.
    await DsgActivities.for(admin.access).create({
      name: 'Heute erfasst',
      purpose: '',
      role: 'controller',
      responsible: null,
      dataSubjects: '',
      dataCategories: [],
      recipients: '',
      abroad: false,
      abroadCountries: '',
      abroadSafeguard: null,
      abroadNote: '',
      retention: '',
      security: '',
      legalBasis: '',
      state: 'active',
    })
    const gone = await dsgActivityRecord(customer, { ...old, name: 'Lohnbuchhaltung', state: 'active', lastReviewedOn: `${year}-05-01` })
    await DsgActivities.for(admin.access).remove(gone.id, gone.version)

    // The quality index: set today, not at the date.
    const theme = await asSystem('test: a main process', (tx) => anyIcsMainTheme(tx))
    ids.theme = theme.leadingNumber
    await saveQualityIndex(admin.access, [{ mainThemeId: theme.id, level: 4 }], 3)

    const row = await Reports.for(admin.access).freeze(reportingDate, '  Ein ruhiges Jahr.\r\nKeine grossen Ereignisse.  ')
    snapshotId = row.id
    content = (await Reports.for(admin.access).get(row.id)).content
  })

  it('counts the risks as rated at the date, without those made after it, with owner, description and measures', () => {
    expect(content.risks.map((r) => r.title)).toEqual(['Zinsrisiko'])
    const [risk] = content.risks
    expect(risk).toMatchObject({ probability: 3, severity: 3, score: 9, band: 'medium', description: 'Zinsen fallen' })
    expect(risk.owner).toBe(`${admin.user.firstName} ${admin.user.lastName}`)
    expect(risk.measures).toEqual([expect.objectContaining({ title: 'Zinsabsicherung prüfen', state: 'pending', overdue: true, dueDate: `${year}-11-30` })])
  })

  it('counts the measures open and overdue at the date, brings back the deleted one and names the one it cannot', () => {
    const titles = content.registers?.measures.map((m) => m.title).sort()
    expect(titles).toEqual(['Gelöschte Massnahme', 'Zinsabsicherung prüfen'])
    expect(content.measures).toMatchObject({ open: 2, overdue: 1, confirmedInPeriod: 0 })
    expect(content.measures.overdueList.map((m) => m.title)).toEqual(['Zinsabsicherung prüfen'])
    expect(content.asOf?.uncertain).toEqual(
      expect.arrayContaining([expect.objectContaining({ register: 'measures', title: 'Alt gelöscht', reason: 'deletedWithoutValues' })]),
    )
  })

  it('takes a document’s state at the date and names a change the trail does not explain', () => {
    expect(content.documentsPastReference).toEqual([expect.objectContaining({ name: 'Anlagereglement', present: false })])
    expect(content.asOf?.uncertain).toEqual(
      expect.arrayContaining([expect.objectContaining({ register: 'documents', title: 'Organisationsreglement', reason: 'noHistory' })]),
    )
  })

  it('counts breaches by their discovery and requests by their receipt: nothing of November after the date', () => {
    expect(content.registers?.breaches.map((b) => b.title).sort()).toEqual(['Spät erfasst', 'Verlorener Laptop'])
    expect(content.dsg.breaches).toMatchObject({ open: 2, needsNotice: 0 })
    expect(content.dsg.breaches.closed).toBeUndefined()
    expect(content.registers?.requests).toHaveLength(1)
    expect(content.registers?.requests[0]).toMatchObject({ receivedOn: `${year}-12-01`, state: 'open', kind: 'access' })
    expect(content.dsg.requests).toMatchObject({ open: 1, overdue: 0 })
  })

  it('counts the processing activities that existed at the date, the deleted one included', () => {
    expect(content.registers?.activities.map((a) => a.name)).toEqual(['Lohnbuchhaltung'])
    expect(content.dsg.activities).toMatchObject({ active: 1 })
  })

  it('takes the quality index at the date, keeps the commentary and the day of the freezing', () => {
    expect(content.quality.mainProcesses.find((m) => m.leadingNumber === ids.theme)?.level).toBeNull()
    expect(content.commentary).toBe('Ein ruhiges Jahr.\nKeine grossen Ereignisse.')
    expect(content.frozenOn).toBe(today)
    expect(isLateFreeze(reportingDate, today)).toBe(addDays(reportingDate, 90) < today)
  })

  it('refuses a commentary that is too long', async () => {
    await expect(Reports.for(admin.access).freeze(addDays(reportingDate, -1), 'x'.repeat(4001))).rejects.toMatchObject({
      code: 'invalid',
      field: 'commentary',
      messageKey: 'report:errors.commentaryTooLong',
    })
  })

  it('refuses an approval dated before the day the snapshot was frozen', async () => {
    const yesterday = addDays(today, -1)
    if (yesterday >= reportingDate) {
      await expect(Reports.for(admin.access).recordApproval(snapshotId, decided(yesterday, 'Rat'))).rejects.toMatchObject({
        code: 'invalid',
        field: 'decidedOn',
        messageKey: 'report:errors.beforeFrozen',
      })
    }
    await expect(Reports.for(admin.access).recordApproval(snapshotId, decided(today, 'Rat'))).resolves.toBeTruthy()
  })

  it('puts every register of the date in the auditor’s pack, as CSV and XLSX, with a README', async () => {
    const { snapshot } = await Reports.for(admin.access).report(snapshotId)
    const t = getFixedT('de')
    const res = auditorPackResponse({
      t,
      lang: 'de',
      snapshot: { fund: 'Pensionskasse Stichtag', reportingDate: snapshot.reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content },
      previous: null,
      approval: snapshot.approval,
      logo: null,
      audit: null,
    })
    const files = unzip(Buffer.from(await res.arrayBuffer()))
    const names = [...files.keys()]
    for (const base of [
      'Massnahmen-Liste',
      'Bearbeitungsverzeichnis',
      'Folgenabschaetzungen',
      'Datenschutzverletzungen',
      'Gesuche-betroffener-Personen',
      'Risiken',
    ]) {
      expect(names).toContain(`${base}-${reportingDate}.csv`)
      expect(names).toContain(`${base}-${reportingDate}.xlsx`)
    }
    const readme = files.get('LIESMICH.txt')!.toString('utf8')
    for (const name of names) expect(readme).toContain(`- ${name}: `)
    expect(readme).toContain('Art. 15 Abs. 4 DSV')

    const risksCsv = csvRows(files.get(`Risiken-${reportingDate}.csv`)!)
    expect(risksCsv[0]).toEqual(expect.arrayContaining(['Risikoeigner/in', t('risk:field.description'), 'Massnahmen']))
    const owner = risksCsv[0].indexOf('Risikoeigner/in')
    expect(risksCsv[1][owner]).toBe(`${admin.user.firstName} ${admin.user.lastName}`)
    expect(risksCsv[1].join(' ')).toContain('Zinsabsicherung prüfen')
    expect(risksCsv[1]).toContain('Zinsen fallen')

    const breaches = csvRows(files.get(`Datenschutzverletzungen-${reportingDate}.csv`)!)
    expect(
      breaches
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['Spät erfasst', 'Verlorener Laptop'])
    expect(breaches[0]).toEqual(expect.arrayContaining(['Entdeckt am', 'Meldung an den EDÖB']))

    const requests = csvRows(files.get(`Gesuche-betroffener-Personen-${reportingDate}.csv`)!)
    expect(requests).toHaveLength(2)
    expect(requests.flat().join(' ')).not.toContain('Max Muster')

    const activities = csvRows(files.get(`Bearbeitungsverzeichnis-${reportingDate}.csv`)!)
    expect(activities.slice(1).map((r) => r[1])).toEqual(['Lohnbuchhaltung'])

    const book = new ExcelJS.Workbook()
    await book.xlsx.load(files.get(`Massnahmen-Liste-${reportingDate}.xlsx`)! as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]
    expect(sheet.rowCount).toBe(3)
    expect(String(sheet.getRow(1).getCell(1).value)).toBe('Nr.')
  })

  it('leaves the breaches of November out of a snapshot of 31 December, whatever the old code counted', async () => {
    // The live table holds four breaches; the snapshot only those discovered by the date.
    const live = await system().select().from(dsgBreaches).where(eq(dsgBreaches.customerId, customer))
    expect(live).toHaveLength(4)
    expect((content.dsg.breaches.open ?? 0) + (content.dsg.breaches.closed ?? 0)).toBe(2)
  })
})
