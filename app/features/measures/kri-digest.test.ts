import { describe, expect, it } from 'vitest'
import { underfundingCases, underfundingDuties } from '#models/schema/index.ts'
import { catalogEntry, kriFactory, kriValueRow } from '../../../tests/factories/kri-values.ts'
import { customerFactory, memberFactory } from '../../../tests/factories.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import { system } from '../../../tests/system-db.ts'
import { sendDueReminders } from './reminders.server.ts'

const peer = useSmtpPeer()
// A day of its own: the digest log keeps one digest per member and day.
const NOW = new Date('2031-03-10T07:00:00Z')

describe('the daily digest names the KRIs outside the appetite and the overdue underfunding duties', () => {
  it('tells a KRI’s owner of their red and amber KRIs, the writers of RM of the overdue duties, and nobody else', async () => {
    const customer = await customerFactory({ attributes: { name: 'Pensionskasse Appetit' } })
    const owner = await memberFactory({ customer, traits: ['risk-write'] })
    const reader = await memberFactory({ customer, traits: ['risk-read'] })
    const icsOnly = await memberFactory({ customer, traits: ['ics-write'] })
    const thresholds = [{ from: '2020-01-01', amber: '110', red: '100' }]
    const red = await kriFactory({ customer, catalog: await catalogEntry(undefined), owner: owner.user, thresholds })
    await kriValueRow(red, '2030-12-31', '97.25')
    const green = await kriFactory({ customer, catalog: await catalogEntry(undefined), owner: owner.user, thresholds })
    await kriValueRow(green, '2030-12-31', '120')
    // The reader owns an amber KRI: told of it, but not of the duties (reading is not writing).
    const amber = await kriFactory({ customer, catalog: await catalogEntry(undefined), owner: reader.user, thresholds })
    await kriValueRow(amber, '2030-12-31', '105')
    const [kase] = await system().insert(underfundingCases).values({ customerId: customer.id, periodEnd: '2030-09-30', coverageRatio: '97' }).returning()
    await system()
      .insert(underfundingDuties)
      .values([
        { customerId: customer.id, caseId: kase.id, duty: 'informSupervisor', dueOn: '2030-12-29' },
        { customerId: customer.id, caseId: kase.id, duty: 'reportEffect', dueOn: '2031-09-30' },
      ])

    await sendDueReminders(NOW)
    const mail = await peer().waitFor(owner.user.email)
    expect(mail.raw).toContain('X-Vorsorge-Template: daily-digest')
    expect(mail.text).toMatch(/31\.12\.2030 · 97\.25\u00a0% · ausserhalb des Risikoappetits/)
    expect(mail.text).not.toContain('120\u00a0%')
    expect(mail.text).toMatch(/fällig am 29\.12\.2030 · Aufsichtsbehörde informieren/)
    expect(mail.text).not.toContain('Über die Wirkung')
    expect(mail.text).toContain('http://vorsorge.test/app/risk/kri/underfunding')

    const readerMail = await peer().waitFor(reader.user.email)
    expect(readerMail.text).toMatch(/105\u00a0% · an der Warnschwelle/)
    expect(readerMail.text).not.toContain('Aufsichtsbehörde informieren')
    expect(peer().mails.some((m) => m.to.includes(icsOnly.user.email))).toBe(false)
  })
})
