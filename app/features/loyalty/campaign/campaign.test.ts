import { todayInZurich } from '#models/core/dates.ts'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CustomerAccess } from '#models/core/access.ts'
import { DomainError } from '#models/core/errors.ts'
import { mailsOnTheirWay } from '#models/core/mail.server.ts'
import { auditEntries, declarationTokens, councilDecisions, loyaltyCampaigns, loyaltyDeclarations, loyaltyPersons } from '#models/schema/index.ts'
import { useSmtpPeer } from '../../../../tests/integration/mail-setup.ts'
import { type Customer, customerFactory, type Member, memberFactory, tag } from '../../../../tests/factories.ts'
import { system } from '../../../../tests/system-db.ts'
import { resolveDeclarationToken } from '../tokens.server.ts'
import { dashboardData } from '#app/features/dashboard/dashboard.server.ts'
import { Campaigns, runLoyaltyReminderTick, sendLoyaltyReminders } from './campaign.server.ts'

const peer = useSmtpPeer()

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}${e.messageKey ? `:${e.messageKey}` : ''}`
    throw e
  }
  return 'no refusal'
}

async function sqlState(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p
  } catch (e) {
    for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) if (x.code) return x.code
    throw e
  }
  return undefined
}

type PersonAttrs = Partial<typeof loyaltyPersons.$inferInsert>
async function person(customer: Customer, attrs: PersonAttrs = {}) {
  const t = tag(3)
  const [row] = await system()
    .insert(loyaltyPersons)
    .values({
      customerId: customer.id,
      firstName: 'Anna',
      lastName: `Loyal-${t}`,
      function: 'council',
      email: `loyal-${t}@example.test`,
      language: 'de',
      fromDate: '2020-01-01',
      ...attrs,
    })
    .returning()
  return row
}

const declarationsOf = (campaignId: string) => system().select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.campaignId, campaignId))

const flat = (s: string) => s.replace(/\s+/g, '')

/** The token of a personal link in a mail's text. */
function tokenIn(text: string) {
  const m = text.match(/\/declaration\/([A-Za-z0-9_-]{43})/)
  if (!m) throw new Error(`no personal link in mail: ${text}`)
  return m[1]
}

async function declare(id: string) {
  await system()
    .update(loyaltyDeclarations)
    .set({
      state: 'declared',
      signedName: 'Anna Loyal',
      signedAt: new Date(),
      channel: 'link',
      advantagesConfirmed: true,
      ownAccountConfirmed: true,
      noInterests: true,
    })
    .where(eq(loyaltyDeclarations.id, id))
}

describe('the yearly loyalty campaign', () => {
  let fund: Customer
  let other: Customer
  let admin: Member
  let otherAdmin: Member
  let reader: CustomerAccess
  let member: Member
  let plain: Member

  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
    const r = await memberFactory({ customer: fund, traits: ['read'] })
    reader = { ...r.access, loyaltyRead: true }
    member = await memberFactory({ customer: fund, traits: ['write'] })
    plain = await memberFactory({ customer: fund, traits: ['read'] })
  })

  it('opens the year: one declaration per active person, a personal link mailed in the person’s language, the app link for a member; twice is 409', async () => {
    const french = await person(fund, { firstName: 'Jeanne', language: 'fr', function: 'management' })
    const german = await person(fund, { function: 'council' })
    const withAccount = await person(fund, { userId: member.user.id, email: member.user.email, language: 'en', function: 'administration' })
    const gone = await person(fund, { fromDate: '2015-01-01', untilDate: '2019-12-31' })
    const later = await person(fund, { fromDate: '2099-01-01' })
    const opened = await Campaigns.for(admin.access).open({ year: 2026 })
    expect(opened.campaign.dueDate).toBe('2026-03-31')
    const rows = await declarationsOf(opened.campaign.id)
    const persons = rows.map((r) => r.personId)
    expect(persons).toEqual(expect.arrayContaining([french.id, german.id, withAccount.id]))
    expect(persons).not.toContain(gone.id)
    expect(persons).not.toContain(later.id)
    expect(rows.every((r) => r.state === 'requested' && r.number > 0)).toBe(true)
    expect(rows.find((r) => r.personId === french.id)!.personName).toBe(`Jeanne ${french.lastName}`)
    expect(rows.find((r) => r.personId === french.id)!.personFunction).toBe('management')

    await mailsOnTheirWay()
    const fr = await peer().waitFor(french.email)
    // The subject header may be folded: compare without spaces.
    expect(flat(fr.subject)).toContain('déclarationdeloyauté2026')
    expect(fr.text).toContain('31.03.2026')
    const verdict = await resolveDeclarationToken(tokenIn(fr.text))
    expect(verdict).toMatchObject({ ok: true, customerId: fund.id, declarationId: rows.find((r) => r.personId === french.id)!.id })
    expect(fr.text).toContain('http://vorsorge.test/declaration/')
    const de = await peer().waitFor(german.email)
    expect(flat(de.subject)).toContain('Loyalitätserklärung2026')
    const en = await peer().waitFor(member.user.email)
    expect(flat(en.subject)).toContain('loyaltydeclaration2026')
    expect(en.text).toContain(`http://vorsorge.test/app/loyalty/declarations/${rows.find((r) => r.personId === withAccount.id)!.id}`)
    // A member gets no token: they answer signed in.
    const memberTokens = await system()
      .select()
      .from(declarationTokens)
      .where(eq(declarationTokens.declarationId, rows.find((r) => r.personId === withAccount.id)!.id))
    expect(memberTokens).toEqual([])

    const audit = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.component, 'loyaltyCampaign'), eq(auditEntries.entityId, opened.campaign.id)))
    expect(audit.map((a) => a.action)).toEqual(['Created'])

    expect(await refusal(Campaigns.for(admin.access).open({ year: 2026 }))).toBe('conflict:loyalty:campaign.errors.exists')
    // Another fund's year is its own.
    const theirs = await Campaigns.for(otherAdmin.access).open({ year: 2026, personIds: [] })
    expect(theirs.asked).toBe(0)
    expect((await Campaigns.for(otherAdmin.access).overview(2026)).counts).toMatchObject({ due: 0 })
  })

  it('refuses bad input with a 4xx reason, not a failure', async () => {
    expect(await refusal(Campaigns.for(admin.access).open({ year: 1999 }))).toBe('invalid:loyalty:campaign.errors.year')
    expect(await refusal(Campaigns.for(admin.access).open({ year: 2030, dueDate: '2030-02-30' }))).toBe('invalid:loyalty:campaign.errors.dueDate')
    expect(await refusal(Campaigns.for(admin.access).open({ year: 2030, personIds: ['nope'] }))).toBe('invalid:loyalty:campaign.errors.person')
    const theirs = await person(other)
    expect(await refusal(Campaigns.for(admin.access).open({ year: 2030, personIds: [theirs.id] }))).toBe('invalid:loyalty:campaign.errors.person')
    expect(await refusal(Campaigns.for(admin.access).close(2031))).toBe('not-found')
  })

  it('lets only admins manage; readers read; a member with no read right neither', async () => {
    expect(await refusal(Campaigns.for(reader).open({ year: 2027 }))).toBe('forbidden')
    expect(await refusal(Campaigns.for(member.access).close(2026))).toBe('forbidden')
    expect(
      await refusal(
        Campaigns.for(reader).recordReview(2026, {
          decision: { subject: 'loyaltyReview', decidedOn: '2026-05-01', reference: 'SR 3/26', title: 'Prüfung der Loyalitätserklärungen' },
          names: 'A, B',
          remarks: {},
        }),
      ),
    ).toBe('forbidden')
    const seen = await Campaigns.for(reader).overview(2026)
    expect(seen.campaign?.year).toBe(2026)
    expect(await refusal(Campaigns.for(plain.access).overview())).toBe('forbidden')
    // The member sees their own declarations.
    const mine = await Campaigns.for(member.access).mine()
    expect(mine.map((d) => d.year)).toEqual([2026])
    expect(await Campaigns.for(plain.access).mine()).toEqual([])
  })

  it('sends a link again: a new token, the old one revoked; only while the declaration is asked for', async () => {
    const p = await person(fund, { fromDate: '2099-01-01', language: 'en' })
    const added = await Campaigns.for(admin.access).addPerson(2026, p.id)
    await mailsOnTheirWay()
    const first = tokenIn((await peer().waitFor(p.email)).text)
    expect(await refusal(Campaigns.for(admin.access).addPerson(2026, p.id))).toBe('conflict:loyalty:campaign.errors.alreadyAsked')
    const before = peer().mails.length
    await Campaigns.for(admin.access).resendLink(added.id)
    await mailsOnTheirWay()
    expect(peer().mails.length).toBe(before + 1)
    const second = tokenIn(peer().mails.at(-1)!.text)
    expect(second).not.toBe(first)
    expect(await resolveDeclarationToken(first)).toMatchObject({ ok: false, reason: 'revoked' })
    expect(await resolveDeclarationToken(second)).toMatchObject({ ok: true, declarationId: added.id })
    await declare(added.id)
    expect(await refusal(Campaigns.for(admin.access).resendLink(added.id))).toBe('conflict:loyalty:campaign.errors.notRequested')
    // Another fund's declaration is not found.
    expect(await refusal(Campaigns.for(otherAdmin.access).resendLink(added.id))).toBe('not-found')
  })

  it('records the council’s review: declared ones become reviewed with their remarks and are frozen; the asked-for stay', async () => {
    const { campaign } = await Campaigns.for(admin.access).open({
      year: 2025,
      personIds: [(await person(fund)).id, (await person(fund)).id, (await person(fund)).id],
    })
    const [a, b, c] = await declarationsOf(campaign.id)
    await declare(a.id)
    await declare(b.id)
    expect(
      await refusal(
        Campaigns.for(admin.access).recordReview(2025, {
          decision: { subject: 'loyaltyReview', decidedOn: '2026-05-01', reference: 'SR 3/26', title: 'Prüfung der Loyalitätserklärungen' },
          names: 'A, B',
          remarks: { [c.id]: { remark: 'x', finding: false } },
        }),
      ),
    ).toBe('invalid:loyalty:review.errors.declaration')
    expect(
      await refusal(
        Campaigns.for(admin.access).recordReview(2025, {
          decision: { subject: 'loyaltyReview', decidedOn: '2026-05-01', reference: '', title: 'Prüfung der Loyalitätserklärungen' },
          names: 'A',
          remarks: {},
        }),
      ),
    ).toBe('invalid:validation.required')
    const done = await Campaigns.for(admin.access).recordReview(2025, {
      decision: { subject: 'loyaltyReview', decidedOn: '2026-05-01', reference: 'SR-Beschluss 3/2026', title: 'Prüfung der Loyalitätserklärungen' },
      names: 'Anna Muster, Beat Beispiel',
      remarks: { [a.id]: { remark: 'Mandat bei Lieferant nicht offengelegt', finding: true } },
    })
    expect(done).toMatchObject({ reviewed: 2, findings: 1 })
    const after = await declarationsOf(campaign.id)
    const ra = after.find((d) => d.id === a.id)!
    expect(ra).toMatchObject({ state: 'reviewed', reviewRemark: 'Mandat bei Lieferant nicht offengelegt', reviewFinding: true })
    expect(ra.reviewedAt).not.toBeNull()
    expect(after.find((d) => d.id === b.id)).toMatchObject({ state: 'reviewed', reviewRemark: '', reviewFinding: false })
    expect(after.find((d) => d.id === c.id)).toMatchObject({ state: 'requested' })
    const [row] = await system().select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.id, campaign.id))
    expect(row).toMatchObject({ reviewedOn: '2026-05-01', reviewReference: 'SR-Beschluss 3/2026', reviewNames: 'Anna Muster, Beat Beispiel' })
    // The council's decision recorded with it, who decided: the names.
    const [decision] = await system()
      .select()
      .from(councilDecisions)
      .where(eq(councilDecisions.id, row.reviewDecisionId ?? ''))
    expect(decision).toMatchObject({
      subject: 'loyaltyReview',
      decidedOn: '2026-05-01',
      reference: 'SR-Beschluss 3/2026',
      decidedBy: 'Anna Muster, Beat Beispiel',
    })

    // Frozen: the database refuses a direct change of a reviewed declaration.
    expect(await sqlState(system().update(loyaltyDeclarations).set({ reviewRemark: 'anders' }).where(eq(loyaltyDeclarations.id, a.id)))).toBeDefined()
    expect(await sqlState(system().update(loyaltyDeclarations).set({ remarks: 'nachträglich' }).where(eq(loyaltyDeclarations.id, b.id)))).toBeDefined()
    // Nor is a declaration still asked for marked reviewed, or the campaign's review taken away (migration 0040).
    expect(
      await sqlState(system().update(loyaltyDeclarations).set({ state: 'reviewed', reviewedAt: new Date() }).where(eq(loyaltyDeclarations.id, c.id))),
    ).toBe('23001')
    expect(await sqlState(system().update(loyaltyCampaigns).set({ reviewedOn: null }).where(eq(loyaltyCampaigns.id, campaign.id)))).toBe('23001')
    expect(await sqlState(system().update(loyaltyCampaigns).set({ reviewNames: '' }).where(eq(loyaltyCampaigns.id, campaign.id)))).toBe('23001')
    expect(await sqlState(system().delete(loyaltyCampaigns).where(eq(loyaltyCampaigns.id, campaign.id)))).toBe('23001')

    const overview = await Campaigns.for(reader).overview(2025)
    expect(overview.counts).toEqual({ due: 3, received: 2, reviewed: 2, overdue: 1 })
    expect(overview.findings.map((f) => f.id)).toEqual([a.id])
    expect(overview.notDeclared.map((d) => d.id)).toEqual([c.id])
    expect(overview.perFunction).toEqual([{ function: 'council', due: 3, declared: 2 }])
    // The admins' dashboard tiles count the open finding; a reader gets none.
    expect((await dashboardData(admin.access, todayInZurich(), 'de')).loyalty?.findings).toBeGreaterThanOrEqual(1)
    expect((await dashboardData(reader, todayInZurich(), 'de')).loyalty).toBeNull()

    // The finding is resolved once.
    expect(await refusal(Campaigns.for(admin.access).resolveFinding(b.id, '2026-06-01'))).toBe('conflict:loyalty:review.errors.noFinding')
    await Campaigns.for(admin.access).resolveFinding(a.id, '2026-06-01')
    expect(await refusal(Campaigns.for(admin.access).resolveFinding(a.id, '2026-06-02'))).toBe('conflict:loyalty:review.errors.resolved')
    expect((await Campaigns.for(reader).overview(2025)).findings).toEqual([])
  })

  it('closes the year: every link of the campaign revoked, the link then answers closed', async () => {
    const p = await person(fund, { language: 'fr' })
    const { campaign } = await Campaigns.for(admin.access).open({ year: 2024, personIds: [p.id] })
    await mailsOnTheirWay()
    const token = tokenIn((await peer().waitFor(p.email)).text)
    expect(await resolveDeclarationToken(token)).toMatchObject({ ok: true })
    expect(await refusal(Campaigns.for(otherAdmin.access).close(2024))).toBe('not-found')
    const closed = await Campaigns.for(admin.access).close(2024)
    expect(closed.revoked).toBe(1)
    expect(await resolveDeclarationToken(token)).toMatchObject({ ok: false, reason: 'closed' })
    const open = await system().select().from(declarationTokens).where(eq(declarationTokens.customerId, fund.id))
    const [d] = await declarationsOf(campaign.id)
    expect(open.filter((t) => t.declarationId === d.id).every((t) => t.revokedAt !== null)).toBe(true)
    expect(await refusal(Campaigns.for(admin.access).close(2024))).toBe('conflict:loyalty:campaign.errors.closed')
    expect(await refusal(Campaigns.for(admin.access).resendLink(d.id))).toBe('conflict:loyalty:campaign.errors.closed')
    // Never opened again, not even by hand (migration 0040): its links stay dead.
    expect(await sqlState(system().update(loyaltyCampaigns).set({ closedAt: null }).where(eq(loyaltyCampaigns.id, campaign.id)))).toBe('23001')
  })
})

describe('the loyalty reminders', () => {
  let fund: Customer
  let admin: Member

  beforeAll(async () => {
    fund = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
  })

  /** A campaign due on `due` whose request went out on `askedOn`. */
  async function campaignDue(year: number, due: string, askedOn: string, attrs: PersonAttrs = {}) {
    const p = await person(fund, attrs)
    const { campaign } = await Campaigns.for(admin.access).open({ year, dueDate: due, personIds: [p.id] })
    await system()
      .update(loyaltyDeclarations)
      .set({ createdAt: new Date(`${askedOn}T08:00:00Z`) })
      .where(eq(loyaltyDeclarations.campaignId, campaign.id))
    await mailsOnTheirWay()
    const [d] = await declarationsOf(campaign.id)
    return { p, d, campaign }
  }

  const at = (day: string) => new Date(`${day}T07:00:00Z`)
  const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))

  it('reminds once before the due date, then after it every seven days, never twice a day; a person without an account gets a new link', async () => {
    const { p, d } = await campaignDue(2040, '2040-03-31', '2040-01-10', { language: 'fr' })
    const requestToken = tokenIn(mailsTo(p.email)[0].text)
    // Other funds' overdue declarations are reminded too: count this person's mails.
    await sendLoyaltyReminders(at('2040-03-10'))
    expect(mailsTo(p.email)).toHaveLength(1)
    await sendLoyaltyReminders(at('2040-03-17'))
    await sendLoyaltyReminders(at('2040-03-17'))
    expect(mailsTo(p.email)).toHaveLength(2)
    const before = mailsTo(p.email)[1]
    expect(flat(before.subject)).toContain('rappeldevotredéclarationdeloyauté2040')
    const reminderToken = tokenIn(before.text)
    expect(await resolveDeclarationToken(requestToken)).toMatchObject({ ok: false, reason: 'revoked' })
    expect(await resolveDeclarationToken(reminderToken)).toMatchObject({ ok: true, declarationId: d.id })
    // Once only before the due date.
    await sendLoyaltyReminders(at('2040-03-25'))
    expect(mailsTo(p.email)).toHaveLength(2)
    // After the due date: the day after, then seven days later.
    await sendLoyaltyReminders(at('2040-04-01'))
    expect(mailsTo(p.email)).toHaveLength(3)
    expect(flat(mailsTo(p.email)[2].subject)).toContain('enretard')
    await sendLoyaltyReminders(at('2040-04-05'))
    expect(mailsTo(p.email)).toHaveLength(3)
    await sendLoyaltyReminders(at('2040-04-08'))
    expect(mailsTo(p.email)).toHaveLength(4)
    const [row] = await system().select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.id, d.id))
    expect(row.reminders).toBe(3)
    // Declared: no more reminders.
    await declare(d.id)
    await sendLoyaltyReminders(at('2040-04-20'))
    expect(mailsTo(p.email)).toHaveLength(4)
  })

  it('sends no reminder before the due date when the request itself went out in the window, nor for a closed campaign; a member gets the app link', async () => {
    const late = await campaignDue(2041, '2041-03-31', '2041-03-25')
    await sendLoyaltyReminders(at('2041-03-26'))
    expect(mailsTo(late.p.email)).toHaveLength(1)
    const member = await memberFactory({ customer: fund, traits: ['write', 'english'] })
    const m = await campaignDue(2042, '2042-03-31', '2042-01-05', { userId: member.user.id, email: member.user.email, language: 'en' })
    await sendLoyaltyReminders(at('2042-04-02'))
    expect(mailsTo(member.user.email)).toHaveLength(2)
    expect(flat(mailsTo(member.user.email)[1].subject)).toContain('overdue')
    expect(mailsTo(member.user.email)[1].text).toContain(`/app/loyalty/declarations/${m.d.id}`)
    await Campaigns.for(admin.access).close(2042)
    await sendLoyaltyReminders(at('2042-04-20'))
    expect(mailsTo(member.user.email)).toHaveLength(2)
  })

  it('waits for the reminder hour in Zurich before the day’s run', async () => {
    // 04:00 in Zurich (winter): too early; 07:00: the run goes.
    expect(await runLoyaltyReminderTick(new Date('2043-01-15T03:00:00Z'), 6)).toBeNull()
    expect(await runLoyaltyReminderTick(new Date('2043-01-15T06:00:00Z'), 6)).toMatchObject({ day: '2043-01-15' })
  })
})
