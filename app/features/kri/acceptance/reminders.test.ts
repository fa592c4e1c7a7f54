import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { riskAcceptances, users } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, memberFactory, operatorFactory, request, riskFactory, run } from '../../../../tests/factories.ts'
import { useSmtpPeer } from '../../../../tests/integration/mail-setup.ts'
import { system } from '../../../../tests/system-db.ts'
import { mailTemplateSeeds } from '#models/reference/mail-templates.ts'
import { unknownPlaceholders } from '../../operator/mail-templates.server.ts'
import * as mailsRoute from '../../operator/mails/index.tsx'
import { runAcceptanceReminders, sendAcceptanceReminders } from './reminders.server.ts'

const peer = useSmtpPeer()
const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))

const today = todayInZurich()

async function acceptance(customer: Customer, riskId: string, validUntil: string, extra: Partial<typeof riskAcceptances.$inferInsert> = {}) {
  const [row] = await system()
    .insert(riskAcceptances)
    .values({
      customerId: customer.id,
      riskId,
      acceptedOn: addDays(today, -300),
      acceptedBy: 'Stiftungsrat',
      decisionReference: 'SR-1',
      justification: 'tragbar',
      validUntil,
      netScore: 9,
      ...extra,
    })
    .returning()
  return row!
}

describe('the reminder before an acceptance lapses', () => {
  let fund: Customer
  let owner: Member
  let admin: Member
  let frenchFund: Customer
  let frenchAdmin: Member
  let writer: Member
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Erinnerung' } })
    owner = await memberFactory({ customer: fund, traits: ['risk-write'] })
    admin = await memberFactory({ customer: fund, traits: ['risk-admin'] })
    frenchFund = await customerFactory({ traits: ['french'], attributes: { name: 'Caisse Rappel' } })
    frenchAdmin = await memberFactory({ customer: frenchFund, traits: ['risk-admin', 'french'] })
    writer = await memberFactory({ customer: frenchFund, traits: ['risk-write', 'french'] })
  })

  it('mails the owner once, within the window only, and sets reminded_at', async () => {
    const lapsing = await riskFactory({ customer: fund, owner: owner.user, traits: ['assessed'] })
    const distant = await riskFactory({ customer: fund, owner: owner.user, traits: ['assessed'] })
    const revoked = await riskFactory({ customer: fund, owner: owner.user, traits: ['assessed'] })
    const soon = await acceptance(fund, lapsing.id, addDays(today, 10))
    const far = await acceptance(fund, distant.id, addDays(today, 60))
    const gone = await acceptance(fund, revoked.id, addDays(today, 5), { revokedOn: today })
    const now = new Date()
    expect(await sendAcceptanceReminders(now)).toBeGreaterThanOrEqual(1)
    const mail = await peer().waitFor(owner.user.email)
    expect(mail.subject).toContain('Kasse Erinnerung')
    expect(mail.subject).toContain(lapsing.idkey)
    expect(mail.text).toContain('Guten Tag')
    expect(mail.text).toContain(`/app/risk/${lapsing.id}/acceptance`)
    expect(mail.text).not.toContain(distant.idkey)
    expect(mail.text).not.toContain(revoked.idkey)
    // The owner is told, not the admins.
    expect(mailsTo(admin.user.email)).toEqual([])
    const [row] = await system().select().from(riskAcceptances).where(eq(riskAcceptances.id, soon.id))
    expect(row!.remindedAt?.toISOString()).toBe(now.toISOString())
    for (const id of [far.id, gone.id]) {
      const [r] = await system().select().from(riskAcceptances).where(eq(riskAcceptances.id, id))
      expect(r!.remindedAt).toBeNull()
    }
    // Again: nothing new.
    await sendAcceptanceReminders(new Date())
    expect(mailsTo(owner.user.email)).toHaveLength(1)
  })

  it('mails the fund’s RM admins in their language when the risk has no owner', async () => {
    const risk = await riskFactory({ customer: frenchFund, traits: ['assessed'] })
    await acceptance(frenchFund, risk.id, addDays(today, 3))
    await sendAcceptanceReminders(new Date())
    const mail = await peer().waitFor(frenchAdmin.user.email)
    expect(mail.text).toContain('Bonjour')
    expect(mail.subject).toContain('Caisse Rappel')
    expect(mail.text).toContain(risk.idkey)
    expect(mailsTo(writer.user.email)).toEqual([])
  })

  it('gives the claim back when there is nobody to tell, and mails once an RM admin is there', async () => {
    const lonely = await customerFactory({ attributes: { name: 'Kasse ohne Admin' } })
    const risk = await riskFactory({ customer: lonely, traits: ['assessed'] })
    const made = await acceptance(lonely, risk.id, addDays(today, 7))
    await sendAcceptanceReminders(new Date())
    const [row] = await system().select().from(riskAcceptances).where(eq(riskAcceptances.id, made.id))
    expect(row!.remindedAt).toBeNull()
    const late = await memberFactory({ customer: lonely, traits: ['risk-admin'] })
    await sendAcceptanceReminders(new Date())
    const mail = await peer().waitFor(late.user.email)
    expect(mail.text).toContain(risk.idkey)
  })

  it('mails no owner who turned their reminders off', async () => {
    const quiet = await memberFactory({ customer: fund, traits: ['risk-write'] })
    await system().update(users).set({ remindersEnabled: false }).where(eq(users.id, quiet.user.id))
    const risk = await riskFactory({ customer: fund, owner: quiet.user, traits: ['assessed'] })
    await acceptance(fund, risk.id, addDays(today, 8))
    await sendAcceptanceReminders(new Date())
    // A reminder that would come comes quickly: a second one, to an owner with reminders on, passes first.
    const other = await riskFactory({ customer: fund, owner: owner.user, traits: ['assessed'] })
    await acceptance(fund, other.id, addDays(today, 8))
    await sendAcceptanceReminders(new Date())
    await peer().waitFor(owner.user.email)
    expect(mailsTo(quiet.user.email)).toEqual([])
  })

  it('waits for the reminder hour', async () => {
    const risk = await riskFactory({ customer: fund, owner: admin.user, traits: ['assessed'] })
    const made = await acceptance(fund, risk.id, addDays(today, 20))
    // 03:00 in Zurich: nothing yet.
    const night = new Date(`${today}T02:00:00Z`)
    expect(await runAcceptanceReminders(night)).toBe(0)
    const [row] = await system().select().from(riskAcceptances).where(eq(riskAcceptances.id, made.id))
    expect(row!.remindedAt).toBeNull()
  })

  it('has its template in three languages, listed for the operator to edit, with only known placeholders', async () => {
    const { cookie } = await operatorFactory()
    const list = await run(mailsRoute.loader, request('/app/sadmin/mails', { cookie }))
    expect((list.body as { templates: { key: string; languages: string[] }[] }).templates).toContainEqual(
      expect.objectContaining({ key: 'riskAcceptanceLapsing', languages: expect.arrayContaining(['de', 'fr', 'en']) }),
    )
    const seeds = mailTemplateSeeds.filter((t) => t.key === 'riskAcceptanceLapsing')
    expect(seeds).toHaveLength(3)
    for (const t of seeds) expect(unknownPlaceholders(t.key, t.subject, t.body)).toEqual([])
  })
})
