import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { COVERAGE_RATIO_KEY, UNDERFUNDING_DUTIES, UNDERFUNDING_DUTY_DAYS } from '#models/core/constants.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { mailsOnTheirWay } from '#models/core/mail.server.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, kriValues, measures, underfundingCases, underfundingDuties } from '#models/schema/index.ts'
import { catalogEntry, kriFactory, kriValueRow } from '../../../tests/factories/kri-values.ts'
import { customerFactory, type Member, memberFactory, riskFactory } from '../../../tests/factories.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import { system } from '../../../tests/system-db.ts'
import { actorOf, afterKriValues, closeIfRecovered } from './alerts.server.ts'

const peer = useSmtpPeer()

const judgeAs = (member: Member, ids: string[]) => withCustomer(member.access, (tx) => afterKriValues(tx, member.access, ids))

const proposed = (kriId: string) => system().select().from(measures).where(eq(measures.kriId, kriId)).orderBy(measures.idkey)

describe('what a KRI value sets off', () => {
  let writer: Member
  let owner: Member
  beforeAll(async () => {
    const customer = await customerFactory()
    writer = await memberFactory({ customer, traits: ['risk-write'] })
    owner = await memberFactory({ customer, traits: ['risk-write', 'french'] })
  })

  async function watchedKri(opts: { direction?: 'higher' | 'lower'; withOwner?: boolean } = {}) {
    const catalog = await catalogEntry(undefined, { direction: opts.direction ?? 'higher' })
    const riskA = await riskFactory({ customer: writer.customer, owner: writer.user })
    const riskB = await riskFactory({ customer: writer.customer, owner: writer.user })
    const kri = await kriFactory({
      customer: writer.customer,
      catalog,
      owner: opts.withOwner === false ? null : owner.user,
      // The bounds changed on 2026-01-01: a value is judged by those in force on its date.
      thresholds: [
        { from: '2020-01-01', amber: '110', red: '105' },
        { from: '2026-01-01', amber: '105', red: '100' },
      ],
      risks: [riskA, riskB],
    })
    return { kri, riskA, riskB }
  }

  it('proposes one measure per linked risk for a red value, in edit, tagged with the KRI, with an audit entry; never twice while pending', async () => {
    const { kri, riskA, riskB } = await watchedKri()
    const value = await kriValueRow(kri, '2026-03-31', '98.2')
    await judgeAs(writer, [value.id])
    const rows = await proposed(kri.id)
    expect(rows.map((m) => m.riskId).sort()).toEqual([riskA.id, riskB.id].sort())
    for (const m of rows) {
      expect(m).toMatchObject({ source: 'risk', inEdit: true, state: 'pending', ownerUserId: owner.user.id, createdByUserId: writer.user.id })
      expect(m.title).toContain('ausserhalb des Risikoappetits (31.03.2026: 98.2\u00a0%)')
      expect(m.body).toContain('Warnschwelle 105\u00a0%, rote Schwelle 100\u00a0%')
      expect(m.dueDate).toBe(addDays(todayInZurich(), 30))
    }
    expect(new Set(rows.map((m) => m.idkey)).size).toBe(2)
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.component, 'measure'), eq(auditEntries.entityId, rows[0].id)))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'Created', userId: writer.user.id })

    // The next quarter's red value: the proposals are still pending, none is added.
    const next = await kriValueRow(kri, '2026-06-30', '97')
    await judgeAs(writer, [next.id])
    expect(await proposed(kri.id)).toHaveLength(2)

    // Once one is confirmed, the next value outside the appetite proposes a new one for that risk only.
    await system()
      .update(measures)
      .set({ state: 'confirmed', confirmedAt: new Date(), confirmationText: 'done', inEdit: false })
      .where(eq(measures.id, rows.find((m) => m.riskId === riskA.id)!.id))
    const third = await kriValueRow(kri, '2026-09-30', '96')
    await judgeAs(writer, [third.id])
    const after = await proposed(kri.id)
    expect(after).toHaveLength(3)
    expect(after.filter((m) => m.riskId === riskA.id)).toHaveLength(2)
  })

  it('judges by the thresholds in force on the value’s date: 103 is red in 2025 (red 105) and amber in 2026 (amber 105, red 100)', async () => {
    const { kri } = await watchedKri()
    const old = await kriValueRow(kri, '2025-12-31', '103')
    await judgeAs(writer, [old.id])
    const rows = await proposed(kri.id)
    expect(rows).toHaveLength(2)
    expect(rows[0].title).toContain('ausserhalb des Risikoappetits')

    const { kri: other } = await watchedKri()
    const amber = await kriValueRow(other, '2026-03-31', '103')
    await judgeAs(writer, [amber.id])
    const amberRows = await proposed(other.id)
    expect(amberRows).toHaveLength(2)
    expect(amberRows[0].title).toContain('an der Warnschwelle (31.03.2026: 103\u00a0%)')
  })

  it('does nothing for a green value, nor for a KRI without thresholds', async () => {
    const { kri } = await watchedKri()
    const green = await kriValueRow(kri, '2026-03-31', '112')
    await judgeAs(writer, [green.id])
    expect(await proposed(kri.id)).toHaveLength(0)
    const [row] = await system().select().from(kriValues).where(eq(kriValues.id, green.id))
    expect(row.alertedAt).toBeNull()

    const bare = await kriFactory({
      customer: writer.customer,
      catalog: await catalogEntry(),
      owner: owner.user,
      risks: [await riskFactory({ customer: writer.customer })],
    })
    const v = await kriValueRow(bare, '2026-03-31', '1')
    await judgeAs(writer, [v.id])
    expect(await proposed(bare.id)).toHaveLength(0)
  })

  it('tells the KRI’s owner once per value, in the owner’s language, after the commit', async () => {
    const { kri } = await watchedKri()
    const value = await kriValueRow(kri, '2026-03-31', '98.2')
    // This KRI's mails only: the earlier cases' mails to the same owner may still be on their way.
    const mine = () => peer().mails.filter((m) => m.to.includes(owner.user.email) && m.text.includes(`/app/risk/kri/${kri.id}`))
    await judgeAs(writer, [value.id])
    await mailsOnTheirWay()
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(1)
    const [mail] = mine()
    expect(mail.raw).toContain('X-Vorsorge-Template: kriOutsideAppetite')
    expect(mail.text).toContain('98.2\u00a0%')
    expect(mail.text).toContain(`/app/risk/kri/${kri.id}`)
    expect(mail.subject).toContain('au 31.03.2026')
    const [stamped] = await system().select().from(kriValues).where(eq(kriValues.id, value.id))
    expect(stamped.alertedAt).not.toBeNull()

    // Judged again (the value corrected, another import): no second mail for the same value.
    await judgeAs(writer, [value.id])
    await mailsOnTheirWay()
    expect(mine()).toHaveLength(1)
  })

  it('tells the owner of a value written in the same transaction, once it committed', async () => {
    const { kri } = await watchedKri()
    await withCustomer(writer.access, async (tx) => {
      const [row] = await tx.insert(kriValues).values({ customerId: kri.customerId, kriId: kri.id, periodEnd: '2026-12-31', value: '91.5' }).returning()
      await afterKriValues(tx, writer.access, [row.id])
      // The transaction stays open a while: the mail must wait for its end, not read before it.
      await new Promise((resolve) => setTimeout(resolve, 400))
    })
    await mailsOnTheirWay()
    expect(peer().mails.some((m) => m.to.includes(owner.user.email) && m.text.includes('91.5\u00a0%'))).toBe(true)
  })

  it('sends nothing when the writing transaction rolls back', async () => {
    const { kri } = await watchedKri()
    const value = await kriValueRow(kri, '2026-03-31', '90')
    const before = peer().mails.length
    await expect(
      withCustomer(writer.access, async (tx) => {
        await afterKriValues(tx, writer.access, [value.id])
        throw new Error('refused later in the same transaction')
      }),
    ).rejects.toThrow('refused later')
    await mailsOnTheirWay()
    expect(peer().mails.length).toBe(before)
    const [row] = await system().select().from(kriValues).where(eq(kriValues.id, value.id))
    expect(row.alertedAt).toBeNull()
    expect(await proposed(kri.id)).toHaveLength(0)
  })

  it('a backdated value outside the appetite proposes nothing and tells no one: a later value of the KRI exists', async () => {
    const { kri } = await watchedKri()
    await kriValueRow(kri, '2026-06-30', '112')
    const old = await kriValueRow(kri, '2026-03-31', '90')
    await judgeAs(writer, [old.id])
    expect(await proposed(kri.id)).toHaveLength(0)
    const [row] = await system().select().from(kriValues).where(eq(kriValues.id, old.id))
    expect(row.alertedAt).toBeNull()
    // Judged together with a later red value: only the later one sets off the alerts.
    const next = await kriValueRow(kri, '2026-09-30', '95')
    await judgeAs(writer, [old.id, next.id])
    const rows = await proposed(kri.id)
    expect(rows).toHaveLength(2)
    expect(rows.every((m) => m.title.includes('30.09.2026'))).toBe(true)
    const stamps = await system().select().from(kriValues).where(eq(kriValues.kriId, kri.id)).orderBy(kriValues.periodEnd)
    expect(stamps.map((v) => v.alertedAt !== null)).toEqual([false, false, true])
  })

  it('proposes the measure to the risk’s owner when the KRI has none', async () => {
    const { kri } = await watchedKri({ withOwner: false })
    const value = await kriValueRow(kri, '2026-03-31', '90')
    await judgeAs(writer, [value.id])
    const rows = await proposed(kri.id)
    expect(rows.map((m) => m.ownerUserId)).toEqual([writer.user.id, writer.user.id])
  })
})

describe('the coverage ratio and the underfunding duties', () => {
  it('opens a case with the six duties below 100 %, keeps one open case, and closes it once every duty is done and the ratio is back', async () => {
    const customer = await customerFactory()
    const writer = await memberFactory({ customer, traits: ['risk-write'] })
    const catalog = await catalogEntry(COVERAGE_RATIO_KEY, { unit: 'percent', direction: 'higher' })
    const kri = await kriFactory({ customer, catalog, thresholds: [{ from: '2020-01-01', amber: '110', red: '100' }] })
    const casesOf = () => system().select().from(underfundingCases).where(eq(underfundingCases.customerId, customer.id))

    await judgeAs(writer, [(await kriValueRow(kri, '2025-12-31', '104')).id])
    expect(await casesOf()).toHaveLength(0)

    await judgeAs(writer, [(await kriValueRow(kri, '2026-03-31', '98.5')).id])
    const [opened] = await casesOf()
    expect(opened).toMatchObject({ periodEnd: '2026-03-31', coverageRatio: '98.5000', closedOn: null })
    const duties = await system().select().from(underfundingDuties).where(eq(underfundingDuties.caseId, opened.id))
    expect(duties.map((d) => d.duty).sort()).toEqual([...UNDERFUNDING_DUTIES].sort())
    for (const d of duties) expect(d.dueOn).toBe(addDays('2026-03-31', UNDERFUNDING_DUTY_DAYS[d.duty]))
    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.component, 'underfundingCase'), eq(auditEntries.entityId, opened.id)))
    expect(audit).toHaveLength(1)

    // Still below: no second case.
    await judgeAs(writer, [(await kriValueRow(kri, '2026-06-30', '97')).id])
    expect(await casesOf()).toHaveLength(1)

    // Back above 100 % with duties open: the case stays open.
    const recovered = await kriValueRow(kri, '2026-09-30', '101')
    await judgeAs(writer, [recovered.id])
    expect((await casesOf())[0].closedOn).toBeNull()

    // Every duty done, and the next value above 100 % closes it.
    await system().update(underfundingDuties).set({ doneOn: '2026-08-15', evidence: 'Brief an die Aufsicht' }).where(eq(underfundingDuties.caseId, opened.id))
    await judgeAs(writer, [recovered.id])
    const [closed] = await casesOf()
    expect(closed.closedOn).toBe('2026-09-30')

    // A new dip opens a new case.
    await judgeAs(writer, [(await kriValueRow(kri, '2026-12-31', '99')).id])
    const all = await casesOf()
    expect(all).toHaveLength(2)
    expect(all.filter((c) => c.closedOn === null).map((c) => c.periodEnd)).toEqual(['2026-12-31'])
  })
  it('a backdated coverage ratio below 100 % opens no case when a later one is at 100 % or more', async () => {
    const customer = await customerFactory()
    const writer = await memberFactory({ customer, traits: ['risk-write'] })
    const catalog = await catalogEntry(COVERAGE_RATIO_KEY, { unit: 'percent', direction: 'higher' })
    const kri = await kriFactory({ customer, catalog, thresholds: [{ from: '2020-01-01', amber: '110', red: '100' }] })
    await kriValueRow(kri, '2025-06-30', '104')
    await judgeAs(writer, [(await kriValueRow(kri, '2025-03-31', '96')).id])
    expect(await system().select().from(underfundingCases).where(eq(underfundingCases.customerId, customer.id))).toHaveLength(0)
  })

  it('closes a case only when the latest coverage ratio is back at 100 %: an earlier recovery followed by a new dip keeps it open', async () => {
    const customer = await customerFactory()
    const writer = await memberFactory({ customer, traits: ['risk-write'] })
    const catalog = await catalogEntry(COVERAGE_RATIO_KEY, { unit: 'percent', direction: 'higher' })
    const kri = await kriFactory({ customer, catalog, thresholds: [{ from: '2020-01-01', amber: '110', red: '100' }] })
    const casesOf = () => system().select().from(underfundingCases).where(eq(underfundingCases.customerId, customer.id))
    await judgeAs(writer, [(await kriValueRow(kri, '2025-03-31', '98')).id])
    const [opened] = await casesOf()
    await kriValueRow(kri, '2025-06-30', '101')
    await kriValueRow(kri, '2025-09-30', '97')
    await system().update(underfundingDuties).set({ doneOn: '2025-08-15', evidence: 'Brief an die Aufsicht' }).where(eq(underfundingDuties.caseId, opened.id))
    const close = () => withCustomer(writer.access, (tx) => closeIfRecovered(tx, actorOf(writer.access), opened.id))
    // 101 % in June, but 97 % in September: still underfunded.
    expect(await close()).toBe(false)
    expect((await casesOf())[0].closedOn).toBeNull()
    // The latest one back at 100 %: closed on its date.
    await kriValueRow(kri, '2025-12-31', '100')
    expect(await close()).toBe(true)
    expect((await casesOf())[0].closedOn).toBe('2025-12-31')
  })
})
