import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatDateTime } from '#app/i18n/config.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { auditEntries, customers, dsgBreaches, dsgMeasureLinks, dsgSettings, memberships } from '#models/schema/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { customerFactory, measureFactory, memberFactory, request, run, type Member } from '../../../../tests/factories/index.ts'
import { addYears, breachNoticeDeadline, isBreachOverdue } from '../rules.ts'
import { type BreachInput, DsgBreaches } from './breaches.server.ts'
import { clockOf } from './clock.ts'
import * as deleteRoute from './delete.tsx'
import * as detailRoute from './detail.tsx'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'
import * as notificationRoute from './notification.tsx'
import * as notifyRoute from './notify.tsx'
import * as settingsRoute from './settings.tsx'
import { parseTime, zurichInstant } from './zurich-time.ts'

type ListBody = {
  rows: { id: string; title: string; overdue: boolean; clock: { days: number; hours: number; overdue: boolean } }[]
  total: number
  hours: number
}

const base: Omit<BreachInput, 'title' | 'discoveredAt'> = {
  description: 'Versand von Vorsorgeausweisen an falsche Adressen',
  period: 'Am 3. März, während eines Versandlaufs',
  subjectCategories: 'Versicherte',
  dataCategories: 'Name, AHV-Nummer, Altersguthaben',
  subjectsCount: 120,
  recordsCount: 120,
  consequences: 'Offenlegung von Lohn und Altersguthaben',
  measuresTaken: 'Versand gestoppt',
  highRisk: true,
  informSubjects: null,
  subjectsInformedOn: null,
  measureIds: [],
}

const form = (over: Record<string, string> = {}) => ({
  title: 'Fehlversand Vorsorgeausweise',
  discoveredOn: addDays(todayInZurich(), -5),
  discoveredTime: '08:15',
  description: 'Falsche Adressen',
  subjectsCount: '12',
  recordsCount: '12',
  highRisk: 'yes',
  ...over,
})

describe('data security breaches', () => {
  let alpha: string
  let beta: string
  let dsg: Member
  let admin: Member
  let writer: Member
  let reader: Member
  let betaDsg: Member
  beforeAll(async () => {
    alpha = (await customerFactory()).id
    beta = (await customerFactory()).id
    dsg = await memberFactory({ customer: alpha, traits: ['dsg'] })
    admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
    reader = await memberFactory({ customer: alpha, traits: ['read'] })
    betaDsg = await memberFactory({ customer: beta, traits: ['ics-dsg'] })
  })

  const create = (who: Member, over: Partial<BreachInput> = {}, now?: Date) =>
    DsgBreaches.for(who.access).create({ ...base, title: 'Verletzung', discoveredAt: new Date(Date.now() - 3_600_000), ...over }, now)

  it('reports a breach through the form and refuses a discovery in the future at its field, keeping the input', async () => {
    const ok = await run(editRoute.action, request('/app/dsg/breaches/new', { cookie: dsg.cookie, form: form() }))
    expect(ok.status).toBe(302)
    const [row] = await system()
      .select()
      .from(dsgBreaches)
      .where(eq(dsgBreaches.id, ok.location!.split('/').pop()!))
    expect(row).toMatchObject({
      customerId: alpha,
      title: 'Fehlversand Vorsorgeausweise',
      highRisk: true,
      subjectsCount: 12,
      state: 'open',
      createdByUserId: dsg.user.id,
    })
    expect(formatDateTime(row.discoveredAt)).toBe(`${addDays(todayInZurich(), -5).split('-').reverse().join('.')} 08:15`)

    const tomorrow = addDays(todayInZurich(), 1)
    const future = await run(
      editRoute.action,
      request('/app/dsg/breaches/new', { cookie: dsg.cookie, form: form({ title: 'Zukunft', discoveredOn: tomorrow }) }),
    )
    expect(future.status).toBe(400)
    const reply = (future.body as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result
    expect(reply.error.discoveredOn).toEqual(['dsg:breaches.futureDiscovery'])
    expect(reply.initialValue).toMatchObject({ title: 'Zukunft', discoveredOn: tomorrow, description: 'Falsche Adressen' })
    expect(await system().select().from(dsgBreaches).where(eq(dsgBreaches.title, 'Zukunft'))).toEqual([])

    // The service refuses as well; the hour skipped by summer time is no time at all.
    await expect(create(dsg, { discoveredAt: new Date(Date.now() + 120_000) })).rejects.toMatchObject({ code: 'invalid', field: 'discoveredOn' })
    const gap = await run(
      editRoute.action,
      request('/app/dsg/breaches/new', { cookie: dsg.cookie, form: form({ discoveredOn: '2026-03-29', discoveredTime: '02:30' }) }),
    )
    expect(gap.status).toBe(400)
    expect(JSON.stringify(gap.body)).toContain('dsg:breaches.timeInvalid')
  })

  it('records the notification to the FDPIC, not before the discovery and not in the future', async () => {
    const breach = await create(dsg, { discoveredAt: new Date('2026-03-02T09:00:00Z') })
    const notify = (f: Record<string, string>) =>
      run(notifyRoute.action, request(`/app/dsg/breaches/${breach.id}/notify`, { cookie: dsg.cookie, form: f }), { id: breach.id })
    const before = await notify({ notifiedOn: '2026-03-02', notifiedTime: '09:59', fdpicReference: 'X', version: '1' })
    // 09:59 in Zurich is 08:59 UTC: before the discovery at 10:00 Zurich.
    expect(before.status).toBe(400)
    expect((before.body as { result: { error: Record<string, string[]> } }).result.error.notifiedOn).toEqual(['dsg:breaches.beforeDiscovery'])
    const future = await notify({ notifiedOn: addDays(todayInZurich(), 2), notifiedTime: '10:00', fdpicReference: 'X', version: '1' })
    expect(future.status).toBe(400)
    expect(JSON.stringify(future.body)).toContain('dsg:breaches.futureDate')
    expect((await system().select().from(dsgBreaches).where(eq(dsgBreaches.id, breach.id)))[0]).toMatchObject({ fdpicNotifiedAt: null, version: 1 })

    const ok = await notify({ notifiedOn: '2026-03-02', notifiedTime: '10:00', fdpicReference: 'EDÖB-2026-17', version: '1' })
    expect(ok.status).toBe(302)
    const [after] = await system().select().from(dsgBreaches).where(eq(dsgBreaches.id, breach.id))
    expect(after).toMatchObject({ fdpicNotifiedAt: new Date('2026-03-02T09:00:00Z'), fdpicReference: 'EDÖB-2026-17', version: 2 })
    // A stale version is refused with the input kept.
    const stale = await notify({ notifiedOn: '2026-03-03', notifiedTime: '10:00', version: '1' })
    expect(stale.status).toBe(409)
  })

  it('is not closed while the FDPIC is still owed its notice, so no reminder falls silent', async () => {
    const breach = await create(dsg, { highRisk: true })
    const service = DsgBreaches.for(dsg.access)
    await expect(service.setState(breach.id, 'closed', 1)).rejects.toMatchObject({ code: 'conflict', messageKey: 'dsg:breaches.closeNeedsNotice' })
    await service.notify(breach.id, new Date(), 'EDÖB-1', 1)
    await service.setState(breach.id, 'closed', 2)
    expect((await service.get(breach.id))?.state).toBe('closed')
  })

  it('runs the clock in elapsed hours across the change to summer time, the list query judging overdue as the rules do', async () => {
    const fund = (await customerFactory()).id
    const who = await memberFactory({ customer: fund, traits: ['dsg'] })
    // Found on the night of the change (29 March 2026) at 01:30 in Zurich, still winter time: 00:30 UTC.
    const discoveredAt = zurichInstant('2026-03-29', '01:30')!
    expect(discoveredAt.toISOString()).toBe('2026-03-29T00:30:00.000Z')
    const breaches = DsgBreaches.for(who.access)
    const breach = await breaches.create({ ...base, title: 'Nacht der Zeitumstellung', discoveredAt }, new Date('2026-03-29T06:00:00Z'))
    await breaches.create({ ...base, title: 'Ohne hohes Risiko', highRisk: false, discoveredAt }, new Date('2026-03-29T06:00:00Z'))
    // 72 elapsed hours end at 02:30 on 1 April in Zurich (summer time), not at 01:30.
    const deadline = breachNoticeDeadline(discoveredAt, 72)
    expect(formatDateTime(deadline)).toBe('01.04.2026 02:30')

    const instants = ['2026-03-29T06:00:00Z', '2026-04-01T00:29:00Z', '2026-04-01T00:30:00Z', '2026-04-01T00:31:00Z', '2026-04-03T12:00:00Z'].map(
      (s) => new Date(s),
    )
    for (const now of instants) {
      const { rows } = await breaches.list({ sort: 'discoveredAt', dir: 'desc' }, { limit: 25, offset: 0 }, now)
      for (const row of rows) expect(row.overdue, `${row.title} at ${now.toISOString()}`).toBe(isBreachOverdue(row, 72, now))
      const overdue = await breaches.list({ overdue: true, sort: 'discoveredAt', dir: 'desc' }, { limit: 25, offset: 0 }, now)
      expect(overdue.rows.map((r) => r.id)).toEqual(rows.filter((r) => isBreachOverdue(r, 72, now)).map((r) => r.id))
    }
    const at = async (iso: string) => (await breaches.list({ sort: 'idkey', dir: 'asc' }, { limit: 25, offset: 0 }, new Date(iso))).rows[0]
    expect((await at('2026-04-01T00:30:00Z')).overdue).toBe(false)
    expect((await at('2026-04-01T00:31:00Z')).overdue).toBe(true)
    // The clock counts elapsed time: 72 hours are 3 days 0 hours, although the wall clock moved on by 73.
    expect(clockOf(breach, 72, new Date('2026-04-01T00:30:00Z'))).toMatchObject({ days: 3, hours: 0, overdue: false })
    expect(clockOf(breach, 72, new Date('2026-03-29T06:00:00Z'))).toMatchObject({ days: 0, hours: 5 })
    // The time left to the target: plain while more than 24 h, amber within the last 24, red after, in days past 96 h.
    expect(clockOf(breach, 72, new Date('2026-03-29T06:00:00Z'))).toMatchObject({ status: 'left', span: { totalHours: 66, long: false } })
    expect(clockOf(breach, 72, new Date('2026-03-31T00:30:00Z'))).toMatchObject({ status: 'soon', span: { totalHours: 24 } })
    expect(clockOf(breach, 72, new Date('2026-04-01T00:00:00Z'))).toMatchObject({ status: 'soon', span: { lessThanHour: true } })
    expect(clockOf(breach, 72, new Date('2026-04-01T03:31:00Z'))).toMatchObject({ status: 'overdue', span: { totalHours: 3 } })
    expect(clockOf(breach, 240, new Date('2026-03-29T06:00:00Z'))).toMatchObject({ status: 'left', span: { days: 9, hours: 18, long: true } })
    // Notified, or judged not high-risk: no clock.
    expect(clockOf({ ...breach, fdpicNotifiedAt: new Date('2026-03-30T00:00:00Z') }, 72, new Date('2026-04-02T00:00:00Z')).status).toBe('none')
    expect(clockOf({ ...breach, highRisk: false }, 72, new Date('2026-04-02T00:00:00Z')).status).toBe('none')
    // Open and not yet judged: the notice may be owed, so it counts down too.
    expect(clockOf({ ...breach, highRisk: null }, 72, new Date('2026-04-02T00:00:00Z')).status).toBe('overdue')

    // The fund's own target moves the deadline; notifying ends the overdue state.
    await breaches.saveSettings(24, 0)
    const day = await breaches.list({ overdue: true, sort: 'idkey', dir: 'asc' }, { limit: 25, offset: 0 }, new Date('2026-03-30T00:31:00Z'))
    expect(day.rows.map((r) => r.title)).toEqual(['Nacht der Zeitumstellung'])
    expect(day.hours).toBe(24)
    await breaches.notify(breach.id, new Date('2026-03-30T08:00:00Z'), 'EDÖB-1', 1, new Date('2026-03-30T09:00:00Z'))
    const later = await breaches.list({ overdue: true, sort: 'idkey', dir: 'asc' }, { limit: 25, offset: 0 }, new Date('2026-04-03T00:00:00Z'))
    expect(later.rows).toEqual([])
  })

  it('names the fund’s data protection contact in the notification, chosen in the settings among members who may take things on, else the fund’s contact with a note', async () => {
    const fund = await customerFactory()
    const who = await memberFactory({ customer: fund.id, traits: ['dsg'], attributes: { user: { firstName: 'Ada', lastName: 'Admin' } } })
    const officer = await memberFactory({ customer: fund.id, traits: ['read'], attributes: { user: { firstName: 'Dora', lastName: 'Datenschutz' } } })
    const auditor = await memberFactory({ customer: fund.id, traits: ['read'] })
    await system()
      .update(memberships)
      .set({ kind: 'auditor', endsOn: addDays(todayInZurich(), 30) })
      .where(eq(memberships.id, auditor.membership.id))
    const stranger = await memberFactory({ customer: beta, traits: ['read'] })
    await system().update(customers).set({ contactId: who.user.id }).where(eq(customers.id, fund.id))
    const breach = await create(who, { title: 'Kontaktprobe' })
    const notification = async () =>
      (await run(notificationRoute.loader, request(`/app/dsg/breaches/${breach.id}/notification`, { cookie: who.cookie }), { id: breach.id })).body as {
        fund: { contact: { firstName: string; lastName: string } | null; contactSource: string | null }
      }
    const post = (f: Record<string, string>) => run(settingsRoute.action, request('/app/dsg/breaches/settings', { cookie: who.cookie, form: f }))

    // Not set: the fund's contact, and the page says so.
    expect((await notification()).fund).toMatchObject({ contact: { lastName: 'Admin' }, contactSource: 'fund' })
    // The choices: members who may take something on; no auditor, nobody of another fund.
    const page = await run(settingsRoute.loader, request('/app/dsg/breaches/settings', { cookie: who.cookie }))
    const choices = (page.body as { settings: { contacts: { id: string }[]; contactUserId: string | null } }).settings
    expect(choices.contactUserId).toBeNull()
    expect(choices.contacts.map((c) => c.id)).toEqual(expect.arrayContaining([who.user.id, officer.user.id]))
    expect(choices.contacts.map((c) => c.id)).not.toContain(auditor.user.id)
    // An auditor or a stranger is refused at the field (400, translated), nothing saved.
    const byAuditor = await post({ breachNoticeHours: '72', contactUserId: auditor.user.id, version: '0' })
    expect(byAuditor.status).toBe(400)
    expect(JSON.stringify(byAuditor.body)).toContain('validation.ownerMayNotOwn')
    const byStranger = await post({ breachNoticeHours: '72', contactUserId: stranger.user.id, version: '0' })
    expect(byStranger.status).toBe(400)
    expect(JSON.stringify(byStranger.body)).toContain('dsg:breaches.settings.contactInvalid')
    expect(await system().select().from(dsgSettings).where(eq(dsgSettings.customerId, fund.id))).toEqual([])

    // Chosen: the notification names the data protection contact, and the change is audited.
    expect((await post({ breachNoticeHours: '72', contactUserId: officer.user.id, version: '0' })).status).toBe(302)
    expect((await notification()).fund).toMatchObject({ contact: { firstName: 'Dora', lastName: 'Datenschutz' }, contactSource: 'dsg' })
    const [audit] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, fund.id), eq(auditEntries.component, 'dsgSettings')))
    expect(audit.changedFields).toMatchObject({ contactUserId: { from: null, to: officer.user.id } })
    // The hours alone keep the contact; emptying it falls back to the fund's contact.
    await DsgBreaches.for(who.access).saveSettings(48, 1)
    expect((await system().select().from(dsgSettings).where(eq(dsgSettings.customerId, fund.id)))[0]).toMatchObject({
      contactUserId: officer.user.id,
      breachNoticeHours: 48,
    })
    expect((await post({ breachNoticeHours: '48', contactUserId: '', version: '2' })).status).toBe(302)
    expect((await notification()).fund).toMatchObject({ contact: { lastName: 'Admin' }, contactSource: 'fund' })
  })

  it('refuses to delete a breach within two years of its report, with a clear 409', async () => {
    const breach = await create(dsg, { title: 'Frisch gemeldet' })
    const del = (id: string) => run(deleteRoute.action, request(`/app/dsg/breaches/${id}/delete`, { cookie: dsg.cookie, form: { version: '1' } }), { id })
    const refused = await del(breach.id)
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.body)).toContain('dsg:breaches.deleteBlocked')
    const page = await run(deleteRoute.loader, request(`/app/dsg/breaches/${breach.id}/delete`, { cookie: dsg.cookie }), { id: breach.id })
    expect(page.body).toMatchObject({ deletable: false })
    await expect(DsgBreaches.for(admin.access).remove(breach.id, 1)).rejects.toMatchObject({ code: 'conflict' })

    // Reported two years ago yesterday's day... still the last day of the block; two years ago today may go.
    const today = todayInZurich()
    const noonOf = (day: string) => new Date(`${day}T12:00:00Z`)
    const almost = await create(dsg, { title: 'Fast zwei Jahre', discoveredAt: noonOf(addYears(today, -3)) }, noonOf(addDays(addYears(today, -2), 1)))
    expect((await del(almost.id)).status).toBe(409)
    const old = await create(dsg, { title: 'Zwei Jahre alt', discoveredAt: noonOf(addYears(today, -3)) }, noonOf(addYears(today, -2)))
    const ok = await del(old.id)
    expect(ok.status).toBe(302)
    expect(await system().select().from(dsgBreaches).where(eq(dsgBreaches.id, old.id))).toEqual([])
  })

  it('keeps the fund’s notice target between 1 and 720 hours, default 72, edited by dsg write only', async () => {
    const fund = (await customerFactory()).id
    const who = await memberFactory({ customer: fund, traits: ['risk-dsg'] })
    const other = await memberFactory({ customer: fund, traits: ['write'] })
    const post = (cookie: string, f: Record<string, string>) => run(settingsRoute.action, request('/app/dsg/breaches/settings', { cookie, form: f }))
    const page = await run(settingsRoute.loader, request('/app/dsg/breaches/settings', { cookie: who.cookie }))
    expect(page.body).toMatchObject({ settings: { breachNoticeHours: 72, version: 0 } })
    for (const bad of ['0', '721', '-5', '1.5', 'x']) {
      const res = await post(who.cookie, { breachNoticeHours: bad, version: '0' })
      expect(res.status, bad).toBe(400)
    }
    await expect(DsgBreaches.for(who.access).saveSettings(721, 0)).rejects.toMatchObject({ code: 'invalid', field: 'breachNoticeHours' })
    expect((await post(other.cookie, { breachNoticeHours: '48', version: '0' })).status).toBe(403)
    expect((await post(who.cookie, { breachNoticeHours: '720', version: '0' })).status).toBe(302)
    expect((await post(who.cookie, { breachNoticeHours: '1', version: '1' })).status).toBe(302)
    expect((await post(who.cookie, { breachNoticeHours: '5', version: '1' })).status).toBe(409)
    const [row] = await system().select().from(dsgSettings).where(eq(dsgSettings.customerId, fund))
    expect(row).toMatchObject({ breachNoticeHours: 1, version: 2 })
    const list = await run(listRoute.loader, request('/app/dsg/breaches', { cookie: who.cookie }))
    expect((list.body as ListBody).hours).toBe(1)
    const audits = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, fund), eq(auditEntries.component, 'dsgSettings')))
    expect(audits.map((a) => a.changedFields)).toEqual(
      expect.arrayContaining([{ breachNoticeHours: { from: 72, to: 720 } }, { breachNoticeHours: { from: 720, to: 1 } }]),
    )
  })

  it('links DSG measures of the fund only: another fund’s measure or one without the DSG flag is refused with 404', async () => {
    const own = await measureFactory({ customer: alpha, owner: dsg.user, traits: ['dsg'] })
    const plain = await measureFactory({ customer: alpha, owner: dsg.user })
    const foreign = await measureFactory({ customer: beta, owner: betaDsg.user, traits: ['dsg'] })
    const post = (ids: string[]) => {
      const body = new URLSearchParams(form({ title: `Mit Massnahmen ${ids.length}` }))
      for (const id of ids) body.append('measureIds', id)
      return run(
        editRoute.action,
        new Request('http://localhost/app/dsg/breaches/new', {
          method: 'POST',
          headers: { Cookie: dsg.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        }),
      )
    }
    expect((await post([own.id, foreign.id])).status).toBe(404)
    expect((await post([plain.id])).status).toBe(404)
    expect((await post(['not-an-id'])).status).toBe(404)
    const ok = await post([own.id])
    expect(ok.status).toBe(302)
    const id = ok.location!.split('/').pop()!
    const links = await system().select().from(dsgMeasureLinks).where(eq(dsgMeasureLinks.breachId, id))
    expect(links).toMatchObject([{ measureId: own.id, customerId: alpha, dpiaId: null }])
    const detail = await run(detailRoute.loader, request(`/app/dsg/breaches/${id}`, { cookie: dsg.cookie }), { id })
    expect((detail.body as { item: { measures: { id: string }[] } }).item.measures.map((m) => m.id)).toEqual([own.id])
    // Nor through the service, on a change.
    const breach = await create(dsg)
    await expect(
      DsgBreaches.for(dsg.access).update(breach.id, { ...base, title: 'x', discoveredAt: breach.discoveredAt, measureIds: [foreign.id] }, 1),
    ).rejects.toMatchObject({
      code: 'not-found',
    })
    const linkable = await DsgBreaches.for(dsg.access).linkableMeasures()
    expect(linkable.map((m) => m.id)).toContain(own.id)
    expect(linkable.map((m) => m.id)).not.toContain(plain.id)
    expect(linkable.map((m) => m.id)).not.toContain(foreign.id)
  })

  it('shows breaches only to the dsg role and admins: readers and writers get 403 for the list and 404 for a breach', async () => {
    const breach = await create(dsg, { title: 'Nur für Datenschutz' })
    const id = breach.id
    for (const who of [reader, writer]) {
      const service = DsgBreaches.for(who.access)
      expect(service.mayRead).toBe(false)
      expect(await service.get(id)).toBeNull()
      expect(() => service.list({ sort: 'idkey', dir: 'asc' }, { limit: 25, offset: 0 })).toThrow(DomainError)
      expect((await run(listRoute.loader, request('/app/dsg/breaches', { cookie: who.cookie }))).status).toBe(403)
      expect((await run(settingsRoute.loader, request('/app/dsg/breaches/settings', { cookie: who.cookie }))).status).toBe(403)
      expect((await run(editRoute.action, request('/app/dsg/breaches/new', { cookie: who.cookie, form: form() }))).status).toBe(403)
      for (const [route, path] of [
        [detailRoute, ''],
        [editRoute, '/edit'],
        [notifyRoute, '/notify'],
        [deleteRoute, '/delete'],
        [notificationRoute, '/notification'],
      ] as const) {
        expect((await run(route.loader, request(`/app/dsg/breaches/${id}${path}`, { cookie: who.cookie }), { id })).status, path).toBe(404)
      }
      expect(
        (
          await run(
            notifyRoute.action,
            request(`/app/dsg/breaches/${id}/notify`, { cookie: who.cookie, form: { notifiedOn: todayInZurich(), notifiedTime: '00:00', version: '1' } }),
            { id },
          )
        ).status,
      ).toBe(404)
      expect((await run(deleteRoute.action, request(`/app/dsg/breaches/${id}/delete`, { cookie: who.cookie, form: { version: '1' } }), { id })).status).toBe(
        404,
      )
      await expect(service.setState(id, 'closed', 1)).rejects.toMatchObject({ code: 'not-found' })
    }
    for (const who of [dsg, admin]) {
      const list = await run(listRoute.loader, request('/app/dsg/breaches?q=Nur%20f%C3%BCr', { cookie: who.cookie }))
      expect(list.status).toBe(200)
      expect((list.body as ListBody).rows.map((r) => r.id)).toEqual([id])
      const page = await run(notificationRoute.loader, request(`/app/dsg/breaches/${id}/notification`, { cookie: who.cookie }), { id })
      expect(page.status).toBe(200)
    }
    const edit = await run(
      editRoute.action,
      request(`/app/dsg/breaches/${id}/edit`, {
        cookie: admin.cookie,
        form: form({ title: 'Nur für Datenschutz (geprüft)', highRisk: 'no', version: '1', period: 'Zwei Tage im März', dataCategories: 'Gesundheitsdaten' }),
      }),
      { id },
    )
    expect(edit.status).toBe(302)
    // The notification's points b and c (DSV Art. 15 para. 1): when and how long, and the categories of personal data.
    expect(await DsgBreaches.for(dsg.access).get(id)).toMatchObject({ period: 'Zwei Tage im März', dataCategories: 'Gesundheitsdaten' })
    const close = await run(detailRoute.action, request(`/app/dsg/breaches/${id}`, { cookie: dsg.cookie, form: { intent: 'close', version: '2' } }), { id })
    expect(close.status).toBe(302)
    const [row] = await system().select().from(dsgBreaches).where(eq(dsgBreaches.id, id))
    expect(row).toMatchObject({ title: 'Nur für Datenschutz (geprüft)', highRisk: false, state: 'closed', closedOn: todayInZurich(), version: 3 })
    const reopen = await run(detailRoute.action, request(`/app/dsg/breaches/${id}`, { cookie: admin.cookie, form: { intent: 'reopen', version: '3' } }), { id })
    expect(reopen.status).toBe(302)
    expect((await system().select().from(dsgBreaches).where(eq(dsgBreaches.id, id)))[0]).toMatchObject({ state: 'open', closedOn: null })
  })

  it('keeps each fund’s breaches to itself, with numbers of its own', async () => {
    const own = await create(betaDsg, { title: 'Beta intern' })
    const alphaBreach = await create(dsg, { title: 'Alpha intern' })
    expect(own.idkey).toBe(1)
    expect(await DsgBreaches.for(betaDsg.access).get(alphaBreach.id)).toBeNull()
    expect((await run(detailRoute.loader, request(`/app/dsg/breaches/${alphaBreach.id}`, { cookie: betaDsg.cookie }), { id: alphaBreach.id })).status).toBe(404)
    expect(
      (
        await run(editRoute.action, request(`/app/dsg/breaches/${alphaBreach.id}/edit`, { cookie: betaDsg.cookie, form: form({ version: '1' }) }), {
          id: alphaBreach.id,
        })
      ).status,
    ).toBe(404)
    await expect(DsgBreaches.for(betaDsg.access).notify(alphaBreach.id, new Date(), '', 1)).rejects.toMatchObject({ code: 'not-found' })
    const list = await run(listRoute.loader, request('/app/dsg/breaches', { cookie: betaDsg.cookie }))
    expect((list.body as ListBody).rows.map((r) => r.title)).toEqual(['Beta intern'])
    const alphaList = await run(listRoute.loader, request('/app/dsg/breaches?size=100', { cookie: dsg.cookie }))
    expect((alphaList.body as ListBody).rows.map((r) => r.title)).not.toContain('Beta intern')
  })

  it('writes an audit entry on every change', async () => {
    const who = DsgBreaches.for(dsg.access)
    const breach = await create(dsg, { title: 'Protokolliert', discoveredAt: new Date('2026-05-04T10:00:00Z') })
    await who.update(breach.id, { ...base, title: 'Protokolliert (ergänzt)', discoveredAt: breach.discoveredAt, highRisk: false }, 1)
    await who.notify(breach.id, new Date('2026-05-05T10:00:00Z'), 'EDÖB-9', 2)
    await who.setState(breach.id, 'closed', 3)
    await system()
      .update(dsgBreaches)
      .set({ reportedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(dsgBreaches.id, breach.id))
    await who.remove(breach.id, 4)
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, breach.id)).orderBy(auditEntries.createdAt)
    expect(audits.every((a) => a.component === 'dsgBreach' && a.customerId === alpha && a.userId === dsg.user.id)).toBe(true)
    expect(audits.map((a) => a.action)).toEqual(['Created', 'Updated', 'Updated', 'Updated', 'Deleted'])
    expect(audits[1].changedFields).toMatchObject({ title: { from: 'Protokolliert', to: 'Protokolliert (ergänzt)' }, highRisk: { from: true, to: false } })
    expect(audits[2].changedFields).toMatchObject({ fdpicReference: { from: '', to: 'EDÖB-9' } })
    expect(audits[3].changedFields).toMatchObject({ state: { from: 'open', to: 'closed' } })
    expect(audits[4].changedFields).toMatchObject({ title: { from: 'Protokolliert (ergänzt)', to: null } })
  })
})

describe('wall-clock time in Zurich', () => {
  it('names the instant of a date and time in Zurich across both changes of daylight saving time', () => {
    expect(zurichInstant('2026-01-15', '12:00')?.toISOString()).toBe('2026-01-15T11:00:00.000Z')
    expect(zurichInstant('2026-07-15', '12:00')?.toISOString()).toBe('2026-07-15T10:00:00.000Z')
    expect(zurichInstant('2026-03-29', '01:59')?.toISOString()).toBe('2026-03-29T00:59:00.000Z')
    // 02:00 to 02:59 do not exist on the night summer time begins.
    expect(zurichInstant('2026-03-29', '02:00')).toBeNull()
    expect(zurichInstant('2026-03-29', '03:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z')
    // 02:30 happens twice on 25 October 2026: the first pass (summer time) is meant.
    expect(zurichInstant('2026-10-25', '02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(zurichInstant('2026-10-25', '03:30')?.toISOString()).toBe('2026-10-25T02:30:00.000Z')
    expect(zurichInstant('2026-02-30', '12:00')).toBeNull()
    expect(parseTime('8:05')).toBe('08:05')
    expect(parseTime('14.30')).toBe('14:30')
    expect(parseTime('24:00')).toBeNull()
    expect(parseTime('12:60')).toBeNull()
  })
})
