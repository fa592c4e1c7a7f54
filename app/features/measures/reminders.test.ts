import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { system } from '../../../tests/system-db.ts'
import { mailsOnTheirWay, resetMailTransport } from '#models/core/mail.server.ts'
import { Measures } from './measures.server.ts'
import { sendDueReminders } from './reminders.server.ts'
import { memberships, reminderLog, users } from '#models/schema/index.ts'
import { createCustomer, type Member, memberFactory, setMembershipRights } from '../../../tests/factories.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'

const peer = useSmtpPeer()
const NOW = new Date('2026-06-15T05:00:00Z') // 07:00 in Zurich

async function owner(customerId: string, language: 'de' | 'fr' = 'de') {
  const { user, access } = await memberFactory({ customer: customerId, traits: ['write'], attributes: { user: { language } } })
  const add = (title: string, dueDate: string) =>
    Measures.for(access).create({
      source: 'fund',
      title,
      body: '',
      owner: { type: 'user', id: user.id },
      dueDate,
      recurrence: 0,
      dsgMeasure: false,
      inEdit: false,
    })
  return { user, access, add }
}

describe('daily measure reminders', () => {
  it('mail each owner one digest a day of overdue measures and those due within 14 days, in their language', async () => {
    const customerId = (await createCustomer({ name: 'Pensionskasse Reminder' })).id
    const o = await owner(customerId)
    await o.add('Überfällige Prüfung', '2026-06-10')
    await o.add('Bald fällig', '2026-06-29')
    await o.add('Später fällig', '2026-06-30')
    const done = await o.add('Schon erledigt', '2026-06-12')
    await Measures.for(o.access).confirm(done.id, 'ok', done.version)
    const fr = await owner(customerId, 'fr')
    await fr.add('Contrôle en retard', '2026-06-01')
    const quiet = await owner(customerId)
    await quiet.add('Ohne Erinnerung', '2026-06-01')
    await system().update(users).set({ remindersEnabled: false }).where(eq(users.id, quiet.user.id))

    await sendDueReminders(NOW)
    const mail = await peer().waitFor(o.user.email)
    expect(mail.subject).toContain('Massnahmen')
    expect(mail.text).toContain('Pensionskasse Reminder')
    expect(mail.text).toMatch(/10\.06\.2026 \(überfällig\) · Pensionskasse · M-\d+ · Überfällige Prüfung/)
    expect(mail.text).toMatch(/29\.06\.2026 · Pensionskasse · M-\d+ · Bald fällig/)
    expect(mail.text).not.toContain('Später fällig')
    expect(mail.text).not.toContain('Schon erledigt')
    expect(mail.text).toContain(`http://vorsorge.test/app/measures?owner=user:${o.user.id}`)
    const frMail = await peer().waitFor(fr.user.email)
    expect(frMail.text).toContain('(en retard)')
    expect(peer().mails.some((m) => m.to.includes(quiet.user.email))).toBe(false)

    // Once a day: a second run, as after a restart, sends nothing new.
    const before = peer().mails.length
    const again = await sendDueReminders(new Date('2026-06-15T20:00:00Z'))
    expect(again.sent).toBe(0)
    expect(peer().mails.length).toBe(before)
    const log = await system().select().from(reminderLog).where(eq(reminderLog.userId, o.user.id))
    expect(log).toEqual([expect.objectContaining({ day: '2026-06-15', measureCount: 2 })])

    // The next day brings the next digest.
    await sendDueReminders(new Date('2026-06-16T05:00:00Z'))
    expect(peer().mails.filter((m) => m.to.includes(o.user.email))).toHaveLength(2)
  })

  it('a failed send gives the day back, so the next run tries again', async () => {
    const customerId = (await createCustomer({ name: 'Pensionskasse Ausfall' })).id
    const o = await owner(customerId)
    await o.add('Muss raus', '2026-06-01')
    process.env.SMTP_PORT = '1' // nothing listens there
    resetMailTransport()
    await sendDueReminders(NOW)
    expect(await system().select().from(reminderLog).where(eq(reminderLog.userId, o.user.id))).toHaveLength(0)
    process.env.SMTP_PORT = String(peer().port)
    resetMailTransport()
    await sendDueReminders(NOW)
    await peer().waitFor(o.user.email)
  })

  it('mails an owner only measures of tools they may read', async () => {
    const customerId = (await createCustomer({ name: 'Pensionskasse Sicht' })).id
    const assigner = await owner(customerId)
    const { user: rmOnly } = await memberFactory({ customer: customerId, traits: ['read'] })
    const give = (source: 'fund' | 'iks', title: string) =>
      Measures.for(assigner.access).create({
        source,
        title,
        body: '',
        owner: { type: 'user', id: rmOnly.id },
        dueDate: '2026-06-20',
        recurrence: 0,
        dsgMeasure: false,
        inEdit: false,
      })
    await give('fund', 'Stiftungsrat informieren')
    await give('iks', 'Vier-Augen-Prinzip Zahlungen prüfen')
    // Only a member who may see a measure can be made its owner; the ICS right is withdrawn afterwards.
    await setMembershipRights({ userId: rmOnly.id }, { iksEnabled: false, iksRole: 'none' })
    await sendDueReminders(NOW)
    const mail = await peer().waitFor(rmOnly.email)
    expect(mail.text).toContain('Stiftungsrat informieren')
    expect(mail.text).not.toContain('Vier-Augen-Prinzip')
  })

  it('reminds neither auditors nor members whose membership ended (Zurich days; the last day still counts)', async () => {
    const customerId = (await createCustomer({ name: 'Pensionskasse Ende' })).id
    const live = await owner(customerId)
    const lastDay = await owner(customerId)
    const ended = await owner(customerId)
    const auditor = await owner(customerId)
    for (const o of [live, lastDay, ended, auditor]) await o.add(`Fällig für ${o.user.lastName}`, '2026-06-12')
    // Owners when the measures were given; afterwards one membership ends, one's last day is today, one becomes an auditor's.
    await system().update(memberships).set({ endsOn: '2026-06-15' }).where(eq(memberships.userId, lastDay.user.id))
    await system().update(memberships).set({ endsOn: '2026-06-14' }).where(eq(memberships.userId, ended.user.id))
    await system().update(memberships).set({ kind: 'auditor', endsOn: '2026-08-01' }).where(eq(memberships.userId, auditor.user.id))
    await sendDueReminders(NOW)
    await peer().waitFor(live.user.email)
    await peer().waitFor(lastDay.user.email)
    await mailsOnTheirWay()
    expect(peer().mails.filter((m) => m.to.includes(ended.user.email))).toEqual([])
    expect(peer().mails.filter((m) => m.to.includes(auditor.user.email))).toEqual([])
    const logged = await system().select().from(reminderLog).where(eq(reminderLog.customerId, customerId))
    expect(logged.map((l) => l.userId).sort()).toEqual([live.user.id, lastDay.user.id].sort())
  })
})

describe('control executions in the daily digest', () => {
  it('names my executions due within 7 days, overdue or returned, and those waiting for my signature, in one mail a day', async () => {
    const { controlExecutions } = await import('#models/schema/index.ts')
    const { processFactory } = await import('../../../tests/factories.ts')
    const customerId = (await createCustomer({ name: 'Pensionskasse Durchführung' })).id
    const performer = await memberFactory({ customer: customerId, traits: ['ics-write'] })
    const reviewer = await memberFactory({ customer: customerId, traits: ['ics-write'], attributes: { user: { language: 'fr' } } })
    const riskOnly = await memberFactory({ customer: customerId, traits: ['risk-write'] })
    const process = await processFactory({ customer: customerId, attributes: { title: 'Zahlungsfreigabe' } })
    let n = 0
    const add = (values: Partial<typeof controlExecutions.$inferInsert>) =>
      system()
        .insert(controlExecutions)
        .values({
          customerId,
          number: ++n,
          processId: process.id,
          period: `2026-0${n}`,
          periodStart: '2026-04-01',
          periodEnd: '2026-04-30',
          dueDate: '2026-06-20',
          performerUserId: performer.user.id,
          reviewerUserId: reviewer.user.id,
          ...values,
        })
    await add({}) // due within 7 days
    await add({ dueDate: '2026-06-10' }) // overdue
    await add({ dueDate: '2026-07-30', periodEnd: '2026-06-30' }) // later: not named
    await add({ state: 'returned', dueDate: '2026-07-30', periodEnd: '2026-06-30' }) // returned: named whatever its date
    await add({ state: 'submitted', performedOn: '2026-06-01', result: 'effective', submittedAt: new Date('2026-06-02T08:00:00Z') }) // to sign
    // An execution whose performer cannot read the ICS tool any more is not mailed to them.
    await add({ performerUserId: riskOnly.user.id })

    await sendDueReminders(NOW)
    const mail = await peer().waitFor(performer.user.email)
    expect(mail.subject).toContain('Vorsorge RM: Ihre Pendenzen bei')
    expect(mail.subject).toContain('(3)')
    expect(mail.text).toMatch(/fällig am 20\.06\.2026 · KD-1 · \S+ Zahlungsfreigabe · 2026-01/)
    expect(mail.text).toMatch(/fällig am 10\.06\.2026 \(überfällig\) · KD-2/)
    expect(mail.text).toMatch(/\(zurückgewiesen\) · KD-4/)
    expect(mail.text).not.toContain('KD-3 ')
    expect(mail.text).not.toContain('KD-5 ')
    expect(mail.text).toContain(`http://vorsorge.test/app/iks/executions?performer=${performer.user.id}`)
    const frMail = await peer().waitFor(reviewer.user.email)
    expect(frMail.text).toContain('Exécutions de contrôles qui attendent votre validation (1)')
    expect(frMail.text).toMatch(/soumise le 02\.06\.2026 · KD-5/)
    expect(frMail.text).toContain(`http://vorsorge.test/app/iks/executions?reviewer=${reviewer.user.id}&state=submitted`)
    expect(peer().mails.some((m) => m.to.includes(riskOnly.user.email))).toBe(false)
  })
})

describe('the executions of many digests', () => {
  it('are read in the same few statements for one member as for many, each member getting only their own', async () => {
    const pg = (await import('pg')).default
    const { controlExecutions } = await import('#models/schema/index.ts')
    const { processFactory } = await import('../../../tests/factories.ts')
    const { executionDigestKey, executionDigestsFor } = await import('./execution-digest.server.ts')
    const funds = [(await createCustomer({ name: 'Pensionskasse Viele A' })).id, (await createCustomer({ name: 'Pensionskasse Viele B' })).id]
    const members: Member[] = []
    let n = 0
    for (const customer of funds) {
      const process = await processFactory({ customer, attributes: { title: 'Abstimmung Depotauszug' } })
      for (let i = 0; i < 3; i++) {
        const m = await memberFactory({ customer, traits: ['ics-write'] })
        members.push(m)
        await system()
          .insert(controlExecutions)
          .values({
            customerId: customer,
            number: ++n,
            processId: process.id,
            period: `2026-0${i + 1}`,
            periodStart: '2026-04-01',
            periodEnd: '2026-04-30',
            dueDate: '2026-06-10',
            performerUserId: m.user.id,
          })
      }
    }
    const riskOnly = await memberFactory({ customer: funds[0], traits: ['risk-write'] })
    const asked = (list: typeof members) => list.map((m) => ({ customerId: m.customer.id, userId: m.user.id, rights: m.rights }))
    // Every statement sent to the database while the digests are read.
    const statements = async (list: typeof members) => {
      const spy = vi.spyOn(pg.Client.prototype, 'query')
      try {
        const digests = await executionDigestsFor(asked(list), '2026-06-15')
        return { digests, count: spy.mock.calls.length }
      } finally {
        spy.mockRestore()
      }
    }
    const one = await statements(members.slice(0, 1))
    const all = await statements([...members, riskOnly])
    expect(one.count).toBeGreaterThan(0)
    expect(all.count).toBe(one.count)
    for (const m of members) {
      const d = all.digests.get(executionDigestKey({ customerId: m.customer.id, userId: m.user.id }))
      expect(d?.perform.map((e) => e.overdue)).toEqual([true])
      expect(d?.review).toEqual([])
    }
    expect(all.digests.get(executionDigestKey({ customerId: riskOnly.customer.id, userId: riskOnly.user.id }))).toEqual({ perform: [], review: [] })
  })
})
