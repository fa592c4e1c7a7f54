// The deputy notices around switching off and on, removing, the mail's wording and a failed send
// (issue 12, decision 0039): each start and end is told once, to both, and never an end without a start.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as dselector from './deputy-selector.tsx'
import { sendDeputyNotices } from './deputies.server.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import { mailsOnTheirWay, resetMailTransport } from '#models/core/mail.server.ts'
import { system } from '../../../tests/system-db.ts'
import { deputies } from '#models/schema/index.ts'
import { customerFactory, deputyFactory, memberFactory, request, run } from '../../../tests/factories/index.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'

const peer = useSmtpPeer()
const today = () => todayInZurich()
const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))

async function deputyship(startsOn: string | null, endsOn: string | null, notices: { start?: boolean; end?: boolean } = {}) {
  const customer = await customerFactory()
  const principal = await memberFactory({ customer, traits: ['risk-write'] })
  const deputy = await memberFactory({ customer, traits: ['risk-read', 'signed-out'] })
  const row = await deputyFactory({ customer, principal: principal.user, deputy: deputy.user })
  await system()
    .update(deputies)
    .set({ startsOn, endsOn, startNoticeAt: notices.start ? new Date() : null, endNoticeAt: notices.end ? new Date() : null })
    .where(eq(deputies.id, row.id))
  const post = (form: Record<string, string>) => run(dselector.action, request('/app/user/dselector', { cookie: principal.cookie, form }))
  const stored = async () => (await system().select().from(deputies).where(eq(deputies.id, row.id)))[0]
  return { principal, deputy, row, post, stored }
}

describe('deputy notices', () => {
  it('switching off a deputyship that holds tells both it ended, once; switching it back on tells both it started again', async () => {
    const d = await deputyship(addDays(today(), -2), addDays(today(), 20), { start: true })
    expect((await d.post({ intent: 'deactivate', id: d.row.id })).status).toBe(302)
    const ended = await peer().waitFor(d.deputy.user.email)
    expect(ended.subject).toContain('ist beendet')
    expect(ended.text).toContain(formatDate(today()))
    expect((await peer().waitFor(d.principal.user.email)).subject).toContain('ist beendet')
    expect((await d.stored()).endNoticeAt).not.toBeNull()
    // The job tells no end later.
    await sendDeputyNotices(addDays(today(), 21))
    await mailsOnTheirWay()
    expect(mailsTo(d.deputy.user.email)).toHaveLength(1)

    expect((await d.post({ intent: 'activate', id: d.row.id })).status).toBe(302)
    await mailsOnTheirWay()
    expect(mailsTo(d.principal.user.email).map((m) => m.subject)).toEqual([expect.stringContaining('ist beendet'), expect.stringContaining('hat begonnen')])
    expect(mailsTo(d.deputy.user.email)).toHaveLength(2)
    const on = await d.stored()
    expect(on.startNoticeAt).not.toBeNull()
    expect(on.endNoticeAt).toBeNull()
    // Its end is told again when it comes.
    await sendDeputyNotices(addDays(today(), 21))
    await mailsOnTheirWay()
    expect(mailsTo(d.deputy.user.email)).toHaveLength(3)
  })

  it('switching off a deputyship not yet started sends nothing', async () => {
    const d = await deputyship(addDays(today(), 3), null)
    expect((await d.post({ intent: 'deactivate', id: d.row.id })).status).toBe(302)
    await mailsOnTheirWay()
    expect([...mailsTo(d.deputy.user.email), ...mailsTo(d.principal.user.email)]).toEqual([])
  })

  it('removing a deputyship that ended yesterday, its end not told yet, tells both with its end date', async () => {
    const d = await deputyship(addDays(today(), -5), addDays(today(), -1), { start: true })
    expect((await d.post({ intent: 'remove', id: d.row.id, confirmed: '1' })).status).toBe(302)
    const ended = await peer().waitFor(d.deputy.user.email)
    expect(ended.subject).toContain('ist beendet')
    expect(ended.text).toContain(formatDate(addDays(today(), -1)))
    expect((await peer().waitFor(d.principal.user.email)).subject).toContain('ist beendet')
  })

  it('removing a deputyship on its start day before the job told its start sends nothing', async () => {
    const d = await deputyship(today(), null)
    expect((await d.post({ intent: 'remove', id: d.row.id, confirmed: '1' })).status).toBe(302)
    await mailsOnTheirWay()
    expect([...mailsTo(d.deputy.user.email), ...mailsTo(d.principal.user.email)]).toEqual([])
  })

  it('the start notice names today for a start "now" and says "no end date" when there is none', async () => {
    const customer = await customerFactory()
    const principal = await memberFactory({ customer, traits: ['risk-write'] })
    const deputy = await memberFactory({ customer, traits: ['risk-read', 'signed-out'] })
    const add = await run(dselector.action, request('/app/user/dselector', { cookie: principal.cookie, form: { intent: 'add', deputyUserId: deputy.user.id } }))
    expect(add.status).toBe(302)
    const mail = await peer().waitFor(principal.user.email)
    expect(mail.text).toContain(`ab heute (${formatDate(today())})`)
    expect(mail.text).toContain('ohne Enddatum')
    expect(mail.text).not.toContain('—')

    const dated = await deputyship(today(), addDays(today(), 4))
    await sendDeputyNotices()
    const started = await peer().waitFor(dated.principal.user.email)
    expect(started.text).toContain(`bis und mit ${formatDate(addDays(today(), 4))}`)
  })

  it('the job tells no end of a deputyship whose start was never told', async () => {
    // Switched off before its start, on again after its end: its start was never told.
    const d = await deputyship(addDays(today(), -5), addDays(today(), -1))
    await sendDeputyNotices()
    await mailsOnTheirWay()
    expect(mailsTo(d.deputy.user.email)).toHaveLength(0)
    expect(mailsTo(d.principal.user.email)).toHaveLength(0)
    expect((await d.stored()).endNoticeAt).toBeNull()
  })

  it('a notice whose mail fails gives its claim back, and the next run sends it', async () => {
    const d = await deputyship(today(), null)
    const port = process.env.SMTP_PORT
    process.env.SMTP_PORT = '9' // nothing listens there: the send fails
    resetMailTransport()
    try {
      await sendDeputyNotices()
    } finally {
      process.env.SMTP_PORT = port
      resetMailTransport()
    }
    expect((await d.stored()).startNoticeAt).toBeNull()
    await sendDeputyNotices()
    expect((await peer().waitFor(d.deputy.user.email)).subject).toContain('hat begonnen')
    expect((await d.stored()).startNoticeAt).not.toBeNull()
  })
})
