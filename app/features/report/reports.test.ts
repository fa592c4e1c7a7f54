import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import {
  auditEntries,
  customers,
  documents,
  dsgActivities,
  dsgRequests,
  icsProcesses,
  measures,
  reportApprovals,
  reportSnapshots,
  risks,
  users,
} from '#models/schema/index.ts'
import { asOwner } from '../../../tests/owner-db.ts'
import { system } from '../../../tests/system-db.ts'
import { createCustomer, documentFactory, type Member, measureFactory, memberFactory, processFactory, riskFactory } from '../../../tests/factories.ts'
import { dsgActivityRecord, dsgRequestRecord } from '../../../tests/factories/dsg-records.ts'
import { compareRisks } from './content.ts'
import { defaultReportingDate, MAX_APPROVAL_NAMES, Reports } from './reports.server.ts'

/** The council's decision an approval is recorded with (its date and who decided). */
const decided = (on: string, names: string) => ({
  subject: 'annualReport' as const,
  decidedOn: on,
  reference: 'SR-Protokoll 2026/1, Traktandum 3',
  title: 'Genehmigung des Jahresberichts',
  decidedBy: names,
})

const today = todayInZurich()
const yesterday = addDays(today, -1)

describe('year-end snapshots', () => {
  let alpha: string
  let beta: string
  let admin: Member
  let reader: Member
  let norights: Member
  let betaAdmin: Member
  beforeAll(async () => {
    alpha = (await createCustomer({ name: 'Alpha', language: 'de' })).id
    beta = (await createCustomer({ name: 'Beta', language: 'fr' })).id
    admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    reader = await memberFactory({ customer: alpha, traits: ['risk-read'] })
    norights = await memberFactory({ customer: alpha, traits: ['norights'] })
    betaAdmin = await memberFactory({ customer: beta, traits: ['admin'] })
    await riskFactory({ customer: alpha, traits: ['critical'] })
    await riskFactory({ customer: alpha, traits: ['assessed', 'bewertung'] })
    await riskFactory({ customer: alpha })
    await processFactory({ customer: alpha })
    await measureFactory({ customer: alpha, traits: ['overdue'] })
    await measureFactory({ customer: alpha, traits: ['risk'] })
    await measureFactory({ customer: alpha, traits: ['confirmed'], attributes: { confirmedAt: new Date(Date.now() - 2 * 86_400_000) } })
    await documentFactory({ customer: alpha, attributes: { dueDate: addDays(today, -30) } })
    await documentFactory({ customer: alpha, attributes: { dueDate: addDays(today, 30) } })
    await dsgActivityRecord(alpha, { state: 'active' })
    await dsgRequestRecord(alpha, { dueOn: addDays(today, -5) })
    await riskFactory({ customer: beta, traits: ['critical'] })
    // Recorded ten days ago: a snapshot counts what existed at its reporting date.
    const before = new Date(Date.now() - 10 * 86_400_000)
    for (const table of [risks, icsProcesses, measures, documents, dsgActivities, dsgRequests]) {
      await system().update(table).set({ createdAt: before, updatedAt: before }).where(eq(table.customerId, alpha))
    }
  })

  it('defaults to the last 31 December', () => {
    expect(defaultReportingDate('2026-11-23')).toBe('2025-12-31')
    expect(defaultReportingDate('2026-12-31')).toBe('2026-12-31')
    expect(defaultReportingDate('2027-01-01')).toBe('2026-12-31')
  })

  it('freezes the content the services show, in one record, and audits it', async () => {
    const row = await Reports.for(admin.access).freeze(yesterday)
    const snapshot = await Reports.for(reader.access).get(row.id)
    const c = snapshot.content
    expect(c.format).toBe(6)
    expect(c.frozenOn).toBe(today)
    expect(c.asOf?.uncertain).toEqual([])
    expect(c.reportingDate).toBe(yesterday)
    expect(c.risks).toHaveLength(3)
    expect(c.risks.map((r) => r.score).sort()).toEqual([25, 9, null])
    expect(c.risks.find((r) => r.score === 25)?.band).toBe('critical')
    expect(c.icsProcesses).toHaveLength(1)
    expect(c.quality.councilMinimum).toBe(3)
    expect(c.quality.mainProcesses.length).toBeGreaterThan(0)
    // Overdue at the reporting date: the measure due a week ago.
    expect(c.measures.open).toBe(2)
    expect(c.measures.overdue).toBe(1)
    expect(c.measures.confirmedInPeriod).toBe(1)
    expect(c.measures.overdueList).toHaveLength(1)
    expect(c.documentsPastReference).toHaveLength(1)
    expect(c.dsg.activities.active).toBe(1)
    expect(c.dsg.requests.open).toBe(1)
    expect(c.dsg.requests.overdue).toBe(1)
    expect(c.frozenBy).toBe(`${admin.user.firstName} ${admin.user.lastName}`)
    const audit = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))
    expect(audit.map((a) => [a.component, a.action])).toEqual([['reportSnapshot', 'Created']])
  })

  it('refuses a date in the future and a second snapshot of the same date', async () => {
    await expect(Reports.for(admin.access).freeze(addDays(today, 1))).rejects.toMatchObject({ code: 'invalid' })
    await expect(Reports.for(admin.access).freeze(yesterday)).rejects.toMatchObject({ code: 'conflict' })
  })

  it('lets only admins freeze and record; readers read; members without a tool see nothing', async () => {
    await expect(Reports.for(reader.access).freeze(addDays(today, -2))).rejects.toMatchObject({ code: 'forbidden' })
    const [first] = await Reports.for(reader.access).list()
    await expect(Reports.for(reader.access).recordApproval(first.id, decided(today, 'A. Muster'))).rejects.toMatchObject({ code: 'forbidden' })
    await expect(Reports.for(norights.access).list()).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('keeps to its fund: another fund’s snapshot is not found, even by id', async () => {
    const [mine] = await Reports.for(admin.access).list()
    await expect(Reports.for(betaAdmin.access).get(mine.id)).rejects.toMatchObject({ code: 'not-found' })
    await expect(Reports.for(betaAdmin.access).recordApproval(mine.id, decided(today, 'X'))).rejects.toMatchObject({ code: 'not-found' })
    expect(await Reports.for(betaAdmin.access).list()).toEqual([])
  })

  it('refuses UPDATE and DELETE of a snapshot and of an approval in the database, as the app role (no right) and as the owner (the trigger)', async () => {
    const [mine] = await Reports.for(admin.access).list()
    await Reports.for(admin.access).recordApproval(mine.id, decided(today, 'Anna Muster, Beat Beispiel'))
    const refused = (change: Promise<unknown>) =>
      change.then(
        () => 'done',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      )
    expect(
      await refused(withCustomer(admin.access, (tx) => tx.update(reportSnapshots).set({ reportingDate: '2000-12-31' }).where(eq(reportSnapshots.id, mine.id)))),
    ).toMatch(/permission denied/)
    expect(await refused(withCustomer(admin.access, (tx) => tx.execute(sql`update report_snapshots set content = '{}'::jsonb`)))).toMatch(/permission denied/)
    expect(await refused(withCustomer(admin.access, (tx) => tx.delete(reportSnapshots).where(eq(reportSnapshots.id, mine.id))))).toMatch(/permission denied/)
    expect(await refused(withCustomer(admin.access, (tx) => tx.execute(sql`update report_approvals set names = 'X'`)))).toMatch(/permission denied/)
    expect(await refused(withCustomer(admin.access, (tx) => tx.execute(sql`delete from report_approvals`)))).toMatch(/permission denied/)
    for (const change of [
      'update report_snapshots set content = $$1$$::jsonb',
      'delete from report_snapshots',
      'update report_approvals set names = $$X$$',
      'delete from report_approvals',
    ]) {
      expect(await refused(asOwner((c) => c.query(`${change} where customer_id = '${alpha}'`)))).toMatch(/immutable/)
    }
    expect((await Reports.for(admin.access).get(mine.id)).reportingDate).toBe(yesterday)
  })

  it('records the approval, appended, with an audit entry; the latest one counts', async () => {
    const [mine] = await Reports.for(admin.access).list()
    await Reports.for(admin.access).recordApproval(mine.id, decided(today, '  Carla Beispiel '))
    const got = await Reports.for(reader.access).get(mine.id)
    expect(got.approval).toMatchObject({ approvedOn: today, names: 'Carla Beispiel' })
    expect(got.approvals).toHaveLength(2)
    expect((await Reports.for(reader.access).list())[0].approvedOn).toBe(today)
    await expect(Reports.for(admin.access).recordApproval(mine.id, decided(today, '  '))).rejects.toMatchObject({ code: 'invalid' })
    await expect(Reports.for(admin.access).recordApproval(mine.id, decided(today, 'N'.repeat(MAX_APPROVAL_NAMES + 1)))).rejects.toMatchObject({
      code: 'invalid',
      field: 'decidedBy',
      messageKey: 'report:errors.namesTooLong',
    })
    await expect(Reports.for(admin.access).recordApproval(mine.id, decided(addDays(yesterday, -1), 'X'))).rejects.toMatchObject({ code: 'invalid' })
    const audit = await system().select().from(auditEntries).where(eq(auditEntries.component, 'reportApproval'))
    expect(audit).toHaveLength(2)
  })

  it('compares the inventory with a snapshot: new, removed, up, down, unchanged', async () => {
    const [mine] = await Reports.for(admin.access).list()
    const before = (await Reports.for(admin.access).get(mine.id)).content.risks
    const critical = before.find((r) => r.score === 25)!
    const unscored = before.find((r) => r.score === null)!
    const middle = before.find((r) => r.score === 9)!
    const lowered = (await system().select().from(risks).where(eq(risks.id, middle.id)))[0]
    // Critical → removed; the middle one lowered to the unscored one's levels (none: down); a new one.
    // The app never deletes a risk (docs/decisions/0049): the tables' owner makes it go.
    await system().delete(measures).where(eq(measures.riskId, critical.id))
    await asOwner((c) => c.query('delete from risks where id = $1', [critical.id]))
    await system().update(risks).set({ probabilityLevelId: null }).where(eq(risks.id, lowered.id))
    const fresh = await riskFactory({ customer: alpha, traits: ['assessed'] })
    const { rows } = await Reports.for(reader.access).compare(mine.id)
    const change = Object.fromEntries(rows.map((r) => [r.id, r.change]))
    expect(change).toEqual({ [critical.id]: 'removed', [middle.id]: 'down', [unscored.id]: 'unchanged', [fresh.id]: 'new' })
    expect(compareRisks([{ ...middle, score: 4 }], [middle])[0].change).toBe('up')
  })

  it('lets the customer’s deletion (by the tables’ owner, never the app) cascade to its snapshots and approvals, and nothing else delete them', async () => {
    const doomed = (await createCustomer({ name: 'Gamma' })).id
    const gammaAdmin = await memberFactory({ customer: doomed, traits: ['admin'] })
    const snap = await Reports.for(gammaAdmin.access).freeze(yesterday)
    await Reports.for(gammaAdmin.access).recordApproval(snap.id, decided(today, 'Rat'))
    await expect(system().delete(customers).where(eq(customers.id, doomed))).rejects.toThrow()
    await asOwner((c) => c.query('delete from customers where id = $1', [doomed]))
    expect(await system().select().from(reportSnapshots).where(eq(reportSnapshots.customerId, doomed))).toEqual([])
    expect(await system().select().from(reportApprovals).where(eq(reportApprovals.customerId, doomed))).toEqual([])
    expect(await system().select().from(reportSnapshots).where(eq(reportSnapshots.customerId, alpha))).toHaveLength(1)
  })

  it('keeps who froze and who recorded: their account cannot be deleted, only retired', async () => {
    const other = await memberFactory({ customer: alpha, traits: ['admin'] })
    const snap = await Reports.for(other.access).freeze(addDays(today, -3))
    await Reports.for(other.access).recordApproval(snap.id, decided(today, 'Rat'))
    await expect(system().delete(users).where(eq(users.id, other.user.id))).rejects.toThrow()
    await expect(asOwner((c) => c.query('delete from users where id = $1', [other.user.id]))).rejects.toMatchObject({ code: '23001' })
    const [row] = await system().select().from(reportSnapshots).where(eq(reportSnapshots.id, snap.id))
    expect(row.frozenByUserId).toBe(other.user.id)
    expect((row.content as { frozenBy: string }).frozenBy).toBe(`${other.user.firstName} ${other.user.lastName}`)
    const [approval] = await system().select().from(reportApprovals).where(eq(reportApprovals.snapshotId, snap.id))
    expect(approval.recordedByUserId).toBe(other.user.id)
  })
})
