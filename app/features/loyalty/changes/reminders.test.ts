import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { resetMailTransport } from '#models/core/mail.server.ts'
import { personChanges } from '#models/schema/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { type Customer, customerFactory, type Member, memberFactory, operatorFactory, request, run } from '../../../../tests/factories.ts'
import * as mailsRoute from '../../operator/mails/index.tsx'
import { unknownPlaceholders } from '../../operator/mail-templates.server.ts'
import { mailTemplateSeeds } from '#models/reference/mail-templates.ts'
import { useSmtpPeer } from '../../../../tests/integration/mail-setup.ts'
import { PersonChanges } from './changes.server.ts'
import { runChangeReminderTick, sendChangeReminders } from './reminders.server.ts'

const peer = useSmtpPeer()

/** 10:00 in Zurich on 2026-06-15 (summer time), and the next day. */
const NOW = new Date('2026-06-15T08:00:00Z')
const NEXT_DAY = new Date('2026-06-16T08:00:00Z')

const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))

describe('the reminder of changes not reported to the supervisor', () => {
  let fund: Customer
  let admin: Member
  let french: Member
  let quiet: Member
  let reader: Member
  let otherAdmin: Member
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Mutationen' } })
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    french = await memberFactory({ customer: fund, traits: ['risk-admin', 'french'] })
    quiet = await memberFactory({ customer: fund, traits: ['admin', 'no-reminders'] })
    reader = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { loyaltyRead: true } } })
    const other = await customerFactory()
    otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
  })

  it('mails the fund’s admins once a day until the report is recorded, in their language', async () => {
    const changes = PersonChanges.for(admin.access)
    const due = await changes.create(
      { kind: 'left', personId: null, description: 'Austritt Präsidentin', effectiveOn: '2026-06-10', reportedOn: null },
      '2026-06-15',
    )
    // Effective only today, or in the future, or reported: not yet a reminder.
    await changes.create({ kind: 'joined', personId: null, description: 'Eintritt heute', effectiveOn: '2026-06-15', reportedOn: null }, '2026-06-15')
    await changes.create({ kind: 'joined', personId: null, description: 'Gemeldet', effectiveOn: '2026-06-01', reportedOn: '2026-06-02' }, '2026-06-15')

    const result = await sendChangeReminders(NOW)
    expect(result.sent).toBeGreaterThanOrEqual(2)
    const mail = await peer().waitFor(admin.user.email)
    expect(mail.subject).toContain('Kasse Mutationen')
    expect(mail.subject).toContain('(1)')
    expect(mail.text).toContain('Austritt Präsidentin')
    expect(mail.text).toContain(`PW-${due.number}`)
    expect(mail.text).toContain('10.06.2026')
    expect(mail.text).toContain('/app/loyalty/changes?reported=no')
    expect(mail.text).not.toContain('Eintritt heute')
    expect(mail.text).not.toContain('Gemeldet')
    const fr = await peer().waitFor(french.user.email)
    expect(fr.text).toContain('Bonjour')
    expect(fr.text).toContain('Austritt Präsidentin')
    // Not to an admin with reminders off, a reader, or another fund's admin.
    expect(mailsTo(quiet.user.email)).toEqual([])
    expect(mailsTo(reader.user.email)).toEqual([])
    expect(mailsTo(otherAdmin.user.email).filter((m) => m.text.includes('Austritt Präsidentin'))).toEqual([])
    const [row] = await system().select().from(personChanges).where(eq(personChanges.id, due.id))
    expect(row!.remindedAt?.toISOString()).toBe(NOW.toISOString())

    // Later the same day: nothing again.
    await sendChangeReminders(new Date('2026-06-15T19:00:00Z'))
    expect(mailsTo(admin.user.email)).toHaveLength(1)

    // The next day: again, until the report is recorded.
    await sendChangeReminders(NEXT_DAY)
    await expect.poll(() => mailsTo(admin.user.email).length).toBe(2)
    await changes.update(
      due.id,
      { kind: 'left', personId: null, description: 'Austritt Präsidentin', effectiveOn: '2026-06-10', reportedOn: '2026-06-16' },
      1,
      '2026-06-16',
    )
    // Two days on: the reported change is no longer mailed; the one effective on the 15th now is.
    await sendChangeReminders(new Date('2026-06-17T08:00:00Z'))
    await expect.poll(() => mailsTo(admin.user.email).length).toBe(3)
    const third = mailsTo(admin.user.email)[2]!
    expect(third.text).toContain('Eintritt heute')
    expect(third.text).not.toContain('Austritt Präsidentin')
  })

  it('has its template in three languages, listed for the operator to edit, with only known placeholders', async () => {
    const { cookie } = await operatorFactory()
    const list = await run(mailsRoute.loader, request('/app/sadmin/mails', { cookie }))
    expect((list.body as { templates: { key: string; languages: string[] }[] }).templates).toContainEqual(
      expect.objectContaining({ key: 'loyalty-change-reminder', languages: expect.arrayContaining(['de', 'fr', 'en']) }),
    )
    for (const t of mailTemplateSeeds.filter((t) => t.key === 'loyalty-change-reminder')) expect(unknownPlaceholders(t.key, t.subject, t.body)).toEqual([])
  })

  it('waits for the reminder hour, and gives the claim back when no mail could be sent', async () => {
    const fund2 = await customerFactory()
    const boss = await memberFactory({ customer: fund2, traits: ['admin'] })
    const made = await PersonChanges.for(boss.access).create(
      { kind: 'other', personId: null, description: 'Vor der Stunde', effectiveOn: '2026-05-01', reportedOn: null },
      '2026-06-15',
    )
    // 03:00 in Zurich: before the hour, nothing happens.
    expect(await runChangeReminderTick(new Date('2026-06-15T01:00:00Z'))).toBeNull()
    // The mail server is down: the claim goes back, the next run sends.
    process.env.SMTP_PORT = '1' // nothing listens there
    resetMailTransport()
    await sendChangeReminders(NOW)
    const [unclaimed] = await system().select().from(personChanges).where(eq(personChanges.id, made.id))
    expect(unclaimed!.remindedAt).toBeNull()
    process.env.SMTP_PORT = String(peer().port)
    resetMailTransport()
    await runChangeReminderTick(NOW)
    const mail = await peer().waitFor(boss.user.email)
    expect(mail.text).toContain('Vor der Stunde')
    const [claimed] = await system().select().from(personChanges).where(eq(personChanges.id, made.id))
    expect(claimed!.remindedAt).not.toBeNull()
    expect(todayInZurich(NOW)).toBe('2026-06-15')
    expect(addDays('2026-06-15', 1)).toBe(todayInZurich(NEXT_DAY))
  })
})
