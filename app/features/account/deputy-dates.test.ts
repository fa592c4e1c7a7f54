// Deputies with dates (issue 12): outside its start and end a deputyship cannot be used; the daily
// job tells both people once when it starts and when it ends, in their languages, with the
// operator's templates. Acting for the principal keeps "on behalf of" in the audit trail.
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { requireCustomer } from '#app/auth/guards.server.ts'
import * as cselector from './customer-selector.tsx'
import * as dselector from './deputy-selector.tsx'
import * as getDeputies from './api/deputies.ts'
import { sendDeputyNotices } from './deputies.server.ts'
import { Measures } from '#app/features/measures/measures.server.ts'
import { listTemplates, saveTemplate, getTemplate } from '#app/features/operator/mail-templates.server.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import { mailsOnTheirWay } from '#models/core/mail.server.ts'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, deputies } from '#models/schema/index.ts'
import { asLoader, customerFactory, deputyFactory, memberFactory, operatorFactory, request, run, sessionCookie } from '../../../tests/factories/index.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'

const peer = useSmtpPeer()
const today = () => todayInZurich()

describe('deputies with a start and an end date', () => {
  let customerId: string
  beforeAll(async () => {
    customerId = (await customerFactory()).id
  })

  it('takes optional dates; a start in the past or an end before the start is a 400 with the reason', async () => {
    const { user, cookie } = await memberFactory({ customer: customerId, traits: ['risk-write'] })
    const { user: colleague } = await memberFactory({ customer: customerId, traits: ['risk-read', 'signed-out'] })
    const add = (form: Record<string, string>) =>
      run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'add', deputyUserId: colleague.id, ...form } }))
    const past = await add({ startsOn: addDays(today(), -1) })
    expect(past.status).toBe(400)
    expect(JSON.stringify(past.body)).toContain('account:dselector.startPast')
    const backwards = await add({ startsOn: addDays(today(), 5), endsOn: addDays(today(), 4) })
    expect(backwards.status).toBe(400)
    expect(JSON.stringify(backwards.body)).toContain('account:dselector.endBeforeStart')
    expect((await add({ startsOn: 'morgen' })).status).toBe(400)
    const ok = await add({ startsOn: addDays(today(), 3), endsOn: addDays(today(), 10) })
    expect(ok.status).toBe(302)
    const [row] = await system().select().from(deputies).where(eq(deputies.userId, user.id))
    expect(row).toMatchObject({ startsOn: addDays(today(), 3), endsOn: addDays(today(), 10), startNoticeAt: null })
    const [entry] = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))
    expect(entry.changedFields).toMatchObject({ startsOn: { to: addDays(today(), 3) }, endsOn: { to: addDays(today(), 10) } })
  })

  async function deputyship(startsOn: string | null, endsOn: string | null) {
    const principal = await memberFactory({ customer: customerId, traits: ['risk-write'] })
    const deputy = await memberFactory({ customer: customerId, traits: ['risk-read'] })
    const row = await deputyFactory({ customer: customerId, principal: principal.user, deputy: deputy.user })
    await system().update(deputies).set({ startsOn, endsOn }).where(eq(deputies.id, row.id))
    // A session that acts for the principal, as if chosen while the deputyship held.
    const acting = await sessionCookie(deputy.user.id, principal.permId, principal.user.id)
    return { principal, deputy, row, acting }
  }

  for (const [label, startsOn, endsOn] of [
    ['before its start', addDays(todayInZurich(), 1), null],
    ['after its end', addDays(todayInZurich(), -10), addDays(todayInZurich(), -1)],
  ] as const) {
    it(`${label}: not offered, not chosen, an acting session is sent to the selector, the API says so`, async () => {
      const { principal, deputy, acting } = await deputyship(startsOn, endsOn)
      const options = await run(cselector.loader, request('/app/user/cselector', { cookie: deputy.cookie }))
      expect((options.body as { options: { permId: string }[] }).options.map((o) => o.permId)).not.toContain(principal.permId)
      const chosen = await run(cselector.action, request('/app/user/cselector', { cookie: deputy.cookie, form: { permId: principal.permId } }))
      expect(chosen.status).toBe(404)
      const refused = await run(asLoader(requireCustomer), request('/app/measures', { cookie: acting.cookie }))
      expect(refused.status).toBe(302)
      expect(refused.location).toContain('/app/user/cselector')
      expect(refused.location).toContain('ended=1')
      const page = await run(dselector.loader, request('/app/user/dselector', { cookie: deputy.cookie }))
      expect((page.body as { principals: { current: boolean }[] }).principals[0].current).toBe(false)
      const api = await run(getDeputies.loader, request('/api/users/getdeputies', { cookie: principal.cookie }))
      expect(api.body).toMatchObject([{ startsOn, endsOn, current: false, deputy: { id: deputy.user.id } }])
    })
  }

  it('within its dates: the deputy acts for the principal, and the audit trail records on whose behalf', async () => {
    const { principal, deputy, acting } = await deputyship(today(), addDays(today(), 1))
    const options = await run(cselector.loader, request('/app/user/cselector', { cookie: deputy.cookie }))
    expect((options.body as { options: { permId: string }[] }).options.map((o) => o.permId)).toContain(principal.permId)
    const auth = await requireCustomer({ request: request('/app/measures', { cookie: acting.cookie }) })
    expect(auth.access.actingFor?.id).toBe(principal.user.id)
    const measure = await Measures.for(auth.access).create({
      source: 'risk',
      title: 'In Stellvertretung',
      body: '',
      owner: { type: 'user', id: principal.user.id },
      dueDate: addDays(today(), 5),
      recurrence: 0,
      dsgMeasure: false,
      inEdit: false,
    })
    const [entry] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, measure.id), eq(auditEntries.action, 'Created')))
    expect(entry).toMatchObject({ userId: deputy.user.id, actingForUserId: principal.user.id })
    const api = await run(getDeputies.loader, request('/api/users/getdeputies', { cookie: principal.cookie }))
    expect(api.body).toMatchObject([{ current: true }])
  })

  it('the daily job tells both people once when a deputyship starts and when it ends, each in their language', async () => {
    const customer = await customerFactory()
    const principal = await memberFactory({ customer, traits: ['risk-write', 'signed-out'], attributes: { user: { language: 'fr' } } })
    const deputy = await memberFactory({ customer, traits: ['risk-read', 'signed-out'], attributes: { user: { language: 'en' } } })
    const row = await deputyFactory({ customer, principal: principal.user, deputy: deputy.user })
    await system()
      .update(deputies)
      .set({ startsOn: today(), endsOn: addDays(today(), 2) })
      .where(eq(deputies.id, row.id))
    const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))
    await sendDeputyNotices()
    await peer().waitFor(deputy.user.email)
    await peer().waitFor(principal.user.email)
    expect(mailsTo(principal.user.email).map((m) => m.subject)).toEqual([expect.stringContaining('la suppléance')])
    expect(mailsTo(deputy.user.email).map((m) => m.subject)).toEqual([expect.stringContaining('has started')])
    // Once: a second run the same day sends nothing more.
    await sendDeputyNotices()
    expect(mailsTo(deputy.user.email)).toHaveLength(1)
    const [started] = await system().select().from(deputies).where(eq(deputies.id, row.id))
    expect(started.startNoticeAt).not.toBeNull()
    expect(started.endNoticeAt).toBeNull()

    // Three days later (the job's "today"): the end notice, once, to both.
    const later = addDays(today(), 3)
    await sendDeputyNotices(later)
    await sendDeputyNotices(later)
    await mailsOnTheirWay()
    expect(mailsTo(principal.user.email).map((m) => m.subject)).toEqual([expect.stringContaining('la suppléance'), expect.stringContaining('a pris fin')])
    expect(mailsTo(deputy.user.email).map((m) => m.subject)).toEqual([expect.stringContaining('has started'), expect.stringContaining('has ended')])
    expect(mailsTo(deputy.user.email)[1].text).toContain(principal.user.lastName)
  })

  it('a deputyship that starts at once tells both people: the deputy how to act, the principal that it started', async () => {
    const customer = await customerFactory()
    const principal = await memberFactory({ customer, traits: ['risk-write'], attributes: { user: { language: 'en' } } })
    const deputy = await memberFactory({ customer, traits: ['risk-read', 'signed-out'], attributes: { user: { language: 'de' } } })
    const add = await run(dselector.action, request('/app/user/dselector', { cookie: principal.cookie, form: { intent: 'add', deputyUserId: deputy.user.id } }))
    expect(add.status).toBe(302)
    const toPrincipal = await peer().waitFor(principal.user.email)
    expect(toPrincipal.subject).toContain('has started')
    expect(toPrincipal.text).toContain(deputy.user.lastName)
    expect((await peer().waitFor(deputy.user.email)).subject).toContain(principal.user.lastName)
    // The job sends no second start notice.
    await sendDeputyNotices()
    await mailsOnTheirWay()
    expect(peer().mails.filter((m) => m.to.includes(principal.user.email))).toHaveLength(1)
    expect(peer().mails.filter((m) => m.to.includes(deputy.user.email))).toHaveLength(1)
  })

  it('removing a deputyship that held tells both once that it ended; one not yet started ends silently', async () => {
    const { principal, deputy, row } = await deputyship(addDays(today(), -2), addDays(today(), 20))
    await system().update(deputies).set({ startNoticeAt: new Date() }).where(eq(deputies.id, row.id))
    const remove = (id: string, cookie: string) =>
      run(dselector.action, request('/app/user/dselector', { cookie, form: { intent: 'remove', id, confirmed: '1' } }))
    expect((await remove(row.id, principal.cookie)).status).toBe(302)
    const ended = await peer().waitFor(deputy.user.email)
    expect(ended.subject).toContain('ist beendet')
    expect(ended.text).toContain(formatDate(today()))
    expect((await peer().waitFor(principal.user.email)).subject).toContain('ist beendet')
    // Removed: nothing left for the job to tell.
    await sendDeputyNotices(addDays(today(), 21))
    await mailsOnTheirWay()
    expect(peer().mails.filter((m) => m.to.includes(deputy.user.email))).toHaveLength(1)

    const later = await deputyship(addDays(today(), 5), null)
    expect((await remove(later.row.id, later.principal.cookie)).status).toBe(302)
    await mailsOnTheirWay()
    expect(peer().mails.filter((m) => m.to.includes(later.deputy.user.email) || m.to.includes(later.principal.user.email))).toEqual([])
  })

  it('the templates are listed for the operator and their edits are what the job sends', async () => {
    const operator = await operatorFactory()
    const keys = (await listTemplates(operator.access)).map((t) => t.key)
    expect(keys).toEqual(expect.arrayContaining(['deputy-started', 'deputy-ended']))
    const current = await getTemplate(operator.access, 'deputy-started', 'de')
    await saveTemplate(
      operator.access,
      'deputy-started',
      'de',
      { subject: 'Geändert: {{deputy}} vertritt {{principal}}', body: 'Ab {{startsOn}} bis {{endsOn}}.' },
      current!.updatedAt.toISOString(),
    )
    const customer = await customerFactory()
    const principal = await memberFactory({ customer, traits: ['risk-write', 'signed-out'] })
    const deputy = await memberFactory({ customer, traits: ['risk-read', 'signed-out'] })
    const row = await deputyFactory({ customer, principal: principal.user, deputy: deputy.user })
    await system().update(deputies).set({ startsOn: today() }).where(eq(deputies.id, row.id))
    await sendDeputyNotices()
    const mail = await peer().waitFor(deputy.user.email)
    expect(mail.subject).toContain('Geändert:')
    expect(mail.subject).toContain(principal.user.lastName)
  })
})

describe('the state a deputyship shows', () => {
  it('says planned from its start, ended on its last day, deactivated or active; never "inactive" for one that starts later', async () => {
    const customer = await customerFactory()
    const principal = await memberFactory({ customer, traits: ['risk-write'] })
    const day = (n: number) => addDays(today(), n)
    const rows: Record<string, { active: boolean; startsOn: string | null; endsOn: string | null }> = {
      planned: { active: true, startsOn: day(3), endsOn: day(10) },
      ended: { active: true, startsOn: day(-10), endsOn: day(-1) },
      deactivated: { active: false, startsOn: day(3), endsOn: null },
      running: { active: true, startsOn: day(-1), endsOn: day(0) },
    }
    const names: Record<string, string> = {}
    for (const [label, values] of Object.entries(rows)) {
      const deputy = await memberFactory({ customer, traits: ['risk-read', 'signed-out'], attributes: { user: { lastName: label } } })
      names[deputy.user.id] = label
      const row = await deputyFactory({ customer, principal: principal.user, deputy: deputy.user })
      await system().update(deputies).set(values).where(eq(deputies.id, row.id))
    }
    const page = await run(dselector.loader, request('/app/user/dselector', { cookie: principal.cookie }))
    const shown = Object.fromEntries((page.body as { deputies: { user: { id: string }; shown: unknown }[] }).deputies.map((d) => [names[d.user.id], d.shown]))
    expect(shown).toEqual({
      planned: { state: 'planned', from: day(3) },
      ended: { state: 'ended', on: day(-1) },
      deactivated: { state: 'inactive' },
      running: { state: 'active' },
    })
  })
})
