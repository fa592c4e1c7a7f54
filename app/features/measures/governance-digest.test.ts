import { describe, expect, it } from 'vitest'
import { controlExecutions } from '#models/schema/index.ts'
import { customerFactory, findingFactory, memberFactory, processFactory, providerFactory } from '../../../tests/factories.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import { system } from '../../../tests/system-db.ts'
import { sendDueReminders } from './reminders.server.ts'

const peer = useSmtpPeer()
// A day of its own: the digest log keeps one digest per member and day.
const NOW = new Date('2031-05-20T07:00:00Z')

describe('the daily digest names the findings and the providers a member owns (issue 28)', () => {
  it('tells a finding’s owner of their findings due within 14 days or overdue, a provider’s owner of assurance reviews and notice days, nobody else', async () => {
    const customer = await customerFactory({ attributes: { name: 'Pensionskasse Aufsicht' } })
    const owner = await memberFactory({ customer, traits: ['write', 'german'] })
    const french = await memberFactory({ customer, traits: ['read', 'french'] })
    const noTools = await memberFactory({ customer, traits: ['norights'] })
    const idle = await memberFactory({ customer, traits: ['write'] })
    const process = await processFactory({ customer })
    const finding = (attributes: Parameters<typeof findingFactory>[0]['attributes']) =>
      findingFactory({ customer, attributes: { issuedOn: '2031-01-10', ...attributes } })
    await finding({ title: 'Frist vorbei', deadline: '2031-05-10', ownerUserId: owner.user.id })
    await finding({ title: 'Frist bald', deadline: '2031-05-30', state: 'inProgress', ownerUserId: owner.user.id })
    await finding({ title: 'Frist spaeter', deadline: '2031-07-30', ownerUserId: owner.user.id })
    await finding({ title: 'Erledigt', deadline: '2031-05-10', state: 'done', doneOn: '2031-05-01', ownerUserId: owner.user.id })
    await finding({ title: 'Constat en retard', deadline: '2031-05-01', ownerUserId: french.user.id })
    // A member without a tool reads no findings: never told.
    await finding({ title: 'Ohne Recht', deadline: '2031-05-01', ownerUserId: noTools.user.id })
    // Providers: assurance due end of May (within 14 days), overdue since end of March, signed, not required.
    const required = { assuranceRequired: true, ownerUserId: owner.user.id }
    await providerFactory({ customer, attributes: { ...required, name: 'Depotbank Mai', assuranceDueMonth: 5 } })
    await providerFactory({ customer, attributes: { ...required, name: 'Verwaltung Maerz', assuranceDueMonth: 3 } })
    const signed = await providerFactory({ customer, attributes: { ...required, name: 'Portal Visiert', assuranceDueMonth: 3 } })
    await system()
      .insert(controlExecutions)
      .values({
        customerId: customer.id,
        number: 1,
        processId: process.id,
        providerId: signed.id,
        periodStart: '2031-01-01',
        periodEnd: '2031-03-31',
        dueDate: '2031-03-31',
        state: 'approved',
        performedOn: '2031-03-20',
        result: 'effective',
        submittedAt: new Date('2031-03-20T10:00:00Z'),
        reviewedAt: new Date('2031-03-25T10:00:00Z'),
      })
    await providerFactory({ customer, attributes: { ...required, name: 'Ende Juli', assuranceRequired: false, contractEnd: '2031-09-30', noticeMonths: 3 } })
    await providerFactory({ customer, attributes: { ...required, name: 'Ende 2032', assuranceRequired: false, contractEnd: '2032-12-31', noticeMonths: 6 } })
    await providerFactory({
      customer,
      attributes: { name: 'Fremd betreut', assuranceRequired: true, assuranceDueMonth: 3, ownerUserId: idle.user.id, endedOn: '2031-01-01' },
    })

    await sendDueReminders(NOW)
    const mail = await peer().waitFor(owner.user.email)
    expect(mail.raw).toContain('X-Vorsorge-Template: daily-digest')
    expect(mail.text).toMatch(/FS-\d+ · Frist vorbei · Frist 10\.05\.2031 \(überfällig\)/)
    expect(mail.text).toMatch(/FS-\d+ · Frist bald · Frist 30\.05\.2031/)
    expect(mail.text).not.toContain('Frist spaeter')
    expect(mail.text).not.toContain('Erledigt')
    expect(mail.text).toMatch(/DL-\d+ · Depotbank Mai · fällig am 31\.05\.2031/)
    expect(mail.text).toMatch(/DL-\d+ · Verwaltung Maerz · fällig am 31\.03\.2031 \(überfällig\)/)
    expect(mail.text).not.toContain('Portal Visiert')
    // Last notice day 30.06.2031 (end 30.09.2031 less three months) within the 60 days; the other far ahead.
    expect(mail.text).toMatch(/DL-\d+ · Ende Juli · kündbar bis 30\.06\.2031 · Vertragsende 30\.09\.2031/)
    expect(mail.text).not.toContain('Ende 2032')
    expect(mail.text).toContain('http://vorsorge.test/app/findings')
    expect(mail.text).toContain('http://vorsorge.test/app/providers')

    const frenchMail = await peer().waitFor(french.user.email)
    expect(frenchMail.text).toMatch(/Constat en retard · délai 01\.05\.2031 \(en retard\)/)
    expect(frenchMail.text).not.toContain('Frist vorbei')
    expect(peer().mails.some((m) => m.to.includes(noTools.user.email))).toBe(false)
    expect(peer().mails.some((m) => m.to.includes(idle.user.email))).toBe(false)
  })
})
