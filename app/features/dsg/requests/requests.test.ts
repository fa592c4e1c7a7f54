import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { asSystem, withCustomer } from '#models/core/scope.server.ts'
import { auditEntries, dsgRequests } from '#models/schema/index.ts'
import { seedDsgRequests } from '#models/seed/dsg-requests.ts'
import { customerFactory, type Member, memberFactory, request, run } from '../../../../tests/factories/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { isRequestDueSoon, isRequestOverdue, requestDeadline, requestDueOn } from '../rules.ts'
import * as answerRoute from './answer.tsx'
import * as closeRoute from './close.tsx'
import * as deleteRoute from './delete.tsx'
import * as detailRoute from './detail.tsx'
import * as editRoute from './edit.tsx'
import * as extendRoute from './extend.tsx'
import * as listRoute from './index.tsx'
import { type DsgRequestInput, DsgRequests, refusingDueBeforeReceipt } from './requests.server.ts'

type Row = typeof dsgRequests.$inferSelect
type ListBody = { rows: { id: string; requesterName: string }[]; total: number; canWrite: boolean }
type Reply = { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }

const today = todayInZurich()
const daysAgo = (n: number) => addDays(today, -n)

const form = (overrides: Record<string, string> = {}) => ({
  kind: 'access',
  receivedOn: daysAgo(10),
  requesterName: 'Hans Muster',
  requesterReference: 'VN-1001',
  identityChecked: 'on',
  note: '',
  ...overrides,
})

const input = (overrides: Partial<DsgRequestInput> = {}): DsgRequestInput => ({
  kind: 'access',
  receivedOn: daysAgo(10),
  requesterName: 'Hans Muster',
  requesterReference: '',
  identityChecked: true,
  note: '',
  ...overrides,
})

const post = (route: { action: (a: never) => unknown }, path: string, m: Member, body: Record<string, string>, id?: string) =>
  run(route.action, request(path, { cookie: m.cookie, form: body }), id ? { id } : {})
const load = (route: { loader: (a: never) => unknown }, path: string, m: Member, id?: string) =>
  run(route.loader, request(path, { cookie: m.cookie }), id ? { id } : {})

async function row(id: string): Promise<Row> {
  const [r] = await system().select().from(dsgRequests).where(eq(dsgRequests.id, id))
  return r
}

const fieldErrors = (body: unknown) => (body as Reply).result.error ?? {}

describe('requests of data subjects', () => {
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
    admin = await memberFactory({ customer: alpha, traits: ['ics-admin'] })
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
    reader = await memberFactory({ customer: alpha, traits: ['read'] })
    betaDsg = await memberFactory({ customer: beta, traits: ['risk-dsg'] })
  })

  it('records a request with its due date 30 days after the receipt, numbered and audited', async () => {
    const res = await post(editRoute, '/app/dsg/requests/new', dsg, form({ receivedOn: '10.01.2026', requesterName: 'Anna Beispiel' }))
    expect(res.status).toBe(302)
    const [created] = await system()
      .select()
      .from(dsgRequests)
      .where(and(eq(dsgRequests.customerId, alpha), eq(dsgRequests.requesterName, 'Anna Beispiel')))
    expect(res.location).toBe(`/app/dsg/requests/${created.id}`)
    expect(created).toMatchObject({ receivedOn: '2026-01-10', dueOn: '2026-02-09', state: 'open', identityChecked: true, createdByUserId: dsg.user.id })
    expect(created.dueOn).toBe(requestDueOn(created.receivedOn))
    expect(created.idkey).toBeGreaterThan(0)
    // Correcting the receipt moves the due date with it.
    const edit = await post(editRoute, `/app/dsg/requests/${created.id}/edit`, dsg, form({ receivedOn: '2026-01-20', version: '1' }), created.id)
    expect(edit.status).toBe(302)
    expect(await row(created.id)).toMatchObject({ receivedOn: '2026-01-20', dueOn: '2026-02-19', version: 2 })
    const audit = await system().select().from(auditEntries).where(eq(auditEntries.entityId, created.id)).orderBy(auditEntries.createdAt)
    expect(audit.map((a) => [a.component, a.action])).toEqual([
      ['dsgRequest', 'Created'],
      ['dsgRequest', 'Updated'],
    ])
    expect(audit[1].changedFields).toMatchObject({ receivedOn: { from: '2026-01-10', to: '2026-01-20' }, dueOn: { from: '2026-02-09', to: '2026-02-19' } })
  })

  it('refuses a receipt in the future at its field and keeps what was typed', async () => {
    const res = await post(editRoute, '/app/dsg/requests/new', dsg, form({ receivedOn: addDays(today, 1), requesterName: 'Zukunft Person' }))
    expect(res.status).toBe(400)
    expect(fieldErrors(res.body).receivedOn).toEqual(['dsg:requests.error.future'])
    expect((res.body as Reply).result.initialValue).toMatchObject({ requesterName: 'Zukunft Person' })
    // The service refuses on its own too (the form's check runs in the browser as well).
    await expect(DsgRequests.for(dsg.access).save(null, input({ receivedOn: addDays(today, 1) }))).rejects.toMatchObject({
      code: 'invalid',
      field: 'receivedOn',
    })
    // Today is fine.
    expect((await post(editRoute, '/app/dsg/requests/new', dsg, form({ receivedOn: today }))).status).toBe(302)
  })

  it('refuses a due date before the receipt with 400 at the field, never a failure', async () => {
    const service = DsgRequests.for(dsg.access)
    const r = await service.save(null, input({ receivedOn: daysAgo(40) }))
    // An extension to a day before the receipt.
    const early = await post(
      extendRoute,
      `/app/dsg/requests/${r.id}/extend`,
      dsg,
      { to: daysAgo(41), reason: 'Umfangreich', toldOn: daysAgo(5), version: '1' },
      r.id,
    )
    expect(early.status).toBe(400)
    expect(fieldErrors(early.body).to).toEqual(['dsg:requests.error.extendNotLater'])
    // A receipt moved after the extension would leave the extended date before the legal one.
    await service.extend(r.id, { to: daysAgo(2), reason: 'Umfangreich', toldOn: daysAgo(20) }, 1)
    const moved = await post(editRoute, `/app/dsg/requests/${r.id}/edit`, dsg, form({ receivedOn: daysAgo(30), version: '2' }), r.id)
    expect(moved.status).toBe(400)
    expect(fieldErrors(moved.body).receivedOn).toEqual(['dsg:requests.error.receivedAfterExtension'])
    // A receipt moved after the day the requester was told of the extension.
    const afterTold = await post(editRoute, `/app/dsg/requests/${r.id}/edit`, dsg, form({ receivedOn: daysAgo(15), version: '2' }), r.id)
    expect(afterTold.status).toBe(400)
    expect(fieldErrors(afterTold.body).receivedOn).toEqual(['dsg:requests.error.receivedAfterEvents'])
    expect(await row(r.id)).toMatchObject({ receivedOn: daysAgo(40), version: 2 })
    // The table's own check, should anything reach it, is a refusal at the receipt, not a 500.
    const refused = await refusingDueBeforeReceipt(() =>
      withCustomer(dsg.access, (tx) =>
        tx
          .update(dsgRequests)
          .set({ dueOn: daysAgo(50) })
          .where(eq(dsgRequests.id, r.id)),
      ),
    ).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DomainError)
    expect(refused).toMatchObject({ code: 'invalid', field: 'receivedOn', messageKey: 'dsg:requests.error.dueBeforeReceipt' })
    expect((await row(r.id)).dueOn).toBe(requestDueOn(daysAgo(40)))
  })

  it('extends a deadline only to a later day, with a reason, told to the requester between receipt and today', async () => {
    const service = DsgRequests.for(dsg.access)
    const r = await service.save(null, input({ receivedOn: daysAgo(20) }))
    const path = `/app/dsg/requests/${r.id}/extend`
    const extend = (body: Record<string, string>) => post(extendRoute, path, dsg, { version: '1', ...body }, r.id)
    const good = { to: addDays(r.dueOn, 30), reason: 'Daten aus mehreren Archiven', toldOn: daysAgo(1) }

    // The same day as the current deadline is no extension.
    expect(fieldErrors((await extend({ ...good, to: r.dueOn })).body).to).toEqual(['dsg:requests.error.extendNotLater'])
    // The reason is required.
    const noReason = await extend({ ...good, reason: '  ' })
    expect(noReason.status).toBe(400)
    expect(fieldErrors(noReason.body).reason).toEqual(['validation.required'])
    await expect(service.extend(r.id, { ...good, reason: ' ' }, 1)).rejects.toMatchObject({ code: 'invalid', field: 'reason' })
    // Told before the receipt, or in the future: refused.
    expect(fieldErrors((await extend({ ...good, toldOn: daysAgo(21) })).body).toldOn).toEqual(['dsg:requests.error.beforeReceipt'])
    expect(fieldErrors((await extend({ ...good, toldOn: addDays(today, 1) })).body).toldOn).toEqual(['dsg:requests.error.future'])
    await expect(service.extend(r.id, { ...good, toldOn: addDays(today, 1) }, 1)).rejects.toMatchObject({ field: 'toldOn' })
    // What was typed stays after a refusal.
    expect((await extend({ ...good, toldOn: daysAgo(21) })).body).toMatchObject({ result: { initialValue: { reason: good.reason } } })
    expect((await row(r.id)).version).toBe(1)

    const ok = await extend(good)
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(`/app/dsg/requests/${r.id}`)
    const extended = await row(r.id)
    expect(extended).toMatchObject({ extendedTo: good.to, extensionReason: good.reason, extensionToldOn: good.toldOn, dueOn: r.dueOn, version: 2 })
    expect(requestDeadline(extended)).toBe(good.to)
    // A second extension must go beyond the first.
    await expect(service.extend(r.id, { ...good, to: addDays(r.dueOn, 10) }, 2)).rejects.toMatchObject({ field: 'to' })
    // An old version is refused as stale, with the input kept.
    const stale = await extend({ ...good, to: addDays(r.dueOn, 40) })
    expect(stale.status).toBe(409)
    // A closed request is extended no more.
    await service.answer(r.id, { answeredOn: today, how: 'Brief', healthProfessional: '' }, 2)
    expect((await post(extendRoute, path, dsg, { ...good, to: addDays(r.dueOn, 60), version: '3' }, r.id)).status).toBe(409)
  })

  it('asks for a confirmation to extend beyond 60 days after the receipt, and keeps every extension’s reason in the history', async () => {
    const service = DsgRequests.for(dsg.access)
    const r = await service.save(null, input({ receivedOn: daysAgo(25) }))
    const path = `/app/dsg/requests/${r.id}/extend`
    const extend = (body: Record<string, string>) => post(extendRoute, path, dsg, body, r.id)
    const sixty = addDays(r.receivedOn, 60)
    const page = await load(extendRoute, path, dsg, r.id)
    expect(page.status).toBe(200)

    // 60 days after the receipt: no confirmation asked.
    expect((await extend({ to: sixty, reason: 'Akten im Archiv', toldOn: daysAgo(1), version: '1' })).status).toBe(302)
    // 214 days without a word: refused at the confirmation (400, translated key), nothing saved, the input kept.
    const long = { to: addDays(r.receivedOn, 214), reason: 'Auskunft von drei Rückversicherern ausstehend', toldOn: today, version: '2' }
    const refused = await extend(long)
    expect(refused.status).toBe(400)
    expect(fieldErrors(refused.body).confirmLong).toEqual(['dsg:requests.error.extendLong'])
    expect(refused.body).toMatchObject({ result: { initialValue: { reason: long.reason, to: long.to } } })
    expect(await row(r.id)).toMatchObject({ extendedTo: sixty, version: 2 })
    await expect(service.extend(r.id, { to: addDays(sixty, 1), reason: 'x', toldOn: today }, 2)).rejects.toMatchObject({
      code: 'invalid',
      field: 'confirmLong',
    })
    // Still a reason for any extension, confirmed or not.
    expect(fieldErrors((await extend({ ...long, reason: '', confirmLong: 'on' })).body).reason).toEqual(['validation.required'])
    // Confirmed: saved, with its reason on the request and in its history.
    expect((await extend({ ...long, confirmLong: 'on' })).status).toBe(302)
    expect(await row(r.id)).toMatchObject({ extendedTo: long.to, extensionReason: long.reason, version: 3 })
    const audits = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, r.id), eq(auditEntries.component, 'dsgRequest')))
      .orderBy(auditEntries.createdAt)
    expect(audits.map((a) => a.changedFields)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ extendedTo: { from: null, to: sixty }, extensionReason: { from: '', to: 'Akten im Archiv' } }),
        expect.objectContaining({ extendedTo: { from: sixty, to: long.to }, extensionReason: { from: 'Akten im Archiv', to: long.reason } }),
      ]),
    )
    const detail = await load(detailRoute, `/app/dsg/requests/${r.id}`, dsg, r.id)
    expect(JSON.stringify(detail.body)).toContain(long.reason)
  })

  it('answers on a day between receipt and today, naming a health professional in a note; refuses, withdraws and reopens', async () => {
    const service = DsgRequests.for(dsg.access)
    const r = await service.save(null, input({ receivedOn: daysAgo(12) }))
    const path = `/app/dsg/requests/${r.id}/answer`
    const answer = { answeredOn: daysAgo(1), how: 'Eingeschriebener Brief', healthProfessional: 'Dr. med. Vera Arzt', version: '1' }
    expect(fieldErrors((await post(answerRoute, path, dsg, { ...answer, answeredOn: daysAgo(13) }, r.id)).body).answeredOn).toEqual([
      'dsg:requests.error.beforeReceipt',
    ])
    expect(fieldErrors((await post(answerRoute, path, dsg, { ...answer, answeredOn: addDays(today, 1) }, r.id)).body).answeredOn).toEqual([
      'dsg:requests.error.future',
    ])
    expect(fieldErrors((await post(answerRoute, path, dsg, { ...answer, how: '' }, r.id)).body).how).toEqual(['validation.required'])
    expect((await post(answerRoute, path, dsg, answer, r.id)).status).toBe(302)
    expect(await row(r.id)).toMatchObject({
      state: 'answered',
      answeredOn: daysAgo(1),
      answerMethod: 'Eingeschriebener Brief',
      healthProfessional: 'Dr. med. Vera Arzt',
    })
    const page = await load(detailRoute, `/app/dsg/requests/${r.id}`, dsg, r.id)
    expect(page.body).toMatchObject({ item: { state: 'answered', healthProfessional: 'Dr. med. Vera Arzt' }, canWrite: true })

    // Reopened, the answer goes; then refused with a reason under Art. 26.
    const reopen = await post(detailRoute, `/app/dsg/requests/${r.id}`, dsg, { version: '2' }, r.id)
    expect(reopen.status).toBe(302)
    expect(await row(r.id)).toMatchObject({ state: 'open', answeredOn: null, answerMethod: '', healthProfessional: '', version: 3 })
    expect((await post(detailRoute, `/app/dsg/requests/${r.id}`, dsg, { version: '3' }, r.id)).status).toBe(409)
    const closePath = `/app/dsg/requests/${r.id}/close`
    const noReason = await post(closeRoute, closePath, dsg, { state: 'refused', on: today, reason: '', version: '3' }, r.id)
    expect(fieldErrors(noReason.body).reason).toEqual(['validation.required'])
    const refusal = { state: 'refused', on: today, reason: 'Offensichtlich unbegründet (Art. 26 Abs. 1 lit. c DSG)', version: '3' }
    expect((await post(closeRoute, closePath, dsg, refusal, r.id)).status).toBe(302)
    expect(await row(r.id)).toMatchObject({ state: 'refused', answeredOn: today, answerMethod: refusal.reason })
    await service.reopen(r.id, 4)
    await service.withdraw(r.id, { on: today, reason: 'Telefonisch zurückgezogen' }, 5)
    expect(await row(r.id)).toMatchObject({ state: 'withdrawn', answerMethod: 'Telefonisch zurückgezogen' })
    // Answering a closed request is a conflict.
    await expect(service.answer(r.id, { answeredOn: today, how: 'Brief', healthProfessional: '' }, 6)).rejects.toMatchObject({ code: 'conflict' })
  })

  it('lists overdue and due-soon requests as the rules judge them, by deadline, filtered and paged on the server', async () => {
    const fund = (await customerFactory()).id
    const m = await memberFactory({ customer: fund, traits: ['dsg'] })
    const service = DsgRequests.for(m.access)
    // Receipts around the edges: deadline yesterday, today, in 7 and 8 days, and far off.
    for (const [name, ago] of [
      ['Overdue long', 45],
      ['Overdue yesterday', 31],
      ['Due today', 30],
      ['Due in 5', 25],
      ['Due in 7', 23],
      ['Due in 8', 22],
      ['Due later', 2],
    ] as const)
      await service.save(null, input({ requesterName: name, receivedOn: daysAgo(ago) }))
    // Overdue on its own date, but extended into the coming week; and an old one answered.
    const extended = await service.save(null, input({ requesterName: 'Extended', receivedOn: daysAgo(40) }))
    await service.extend(extended.id, { to: addDays(today, 3), reason: 'Umfang', toldOn: daysAgo(15) }, 1)
    const answered = await service.save(null, input({ requesterName: 'Answered', receivedOn: daysAgo(60) }))
    await service.answer(answered.id, { answeredOn: daysAgo(35), how: 'Brief', healthProfessional: '' }, 1)

    const all = await system().select().from(dsgRequests).where(eq(dsgRequests.customerId, fund))
    const names = (rows: { requesterName: string }[]) => rows.map((r) => r.requesterName).sort()
    const list = async (q: string) => (await load(listRoute, `/app/dsg/requests${q}`, m)).body as ListBody

    const overdue = await list('?due=overdue')
    expect(names(overdue.rows)).toEqual(names(all.filter((r) => isRequestOverdue(r, today))))
    expect(names(overdue.rows)).toEqual(['Overdue long', 'Overdue yesterday'])
    const soon = await list('?due=soon')
    expect(names(soon.rows)).toEqual(names(all.filter((r) => isRequestDueSoon(r, today))))
    expect(names(soon.rows)).toEqual(['Due in 5', 'Due in 7', 'Due today', 'Extended'])

    // By deadline, the one that counts (the extension's), by default.
    const byDeadline = await list('')
    expect(byDeadline.total).toBe(9)
    expect(byDeadline.rows.map((r) => r.requesterName)).toEqual(
      [...all].sort((a, b) => requestDeadline(a).localeCompare(requestDeadline(b)) || a.idkey - b.idkey).map((r) => r.requesterName),
    )
    expect(byDeadline.rows.map((r) => r.requesterName).slice(0, 4)).toEqual(['Answered', 'Overdue long', 'Overdue yesterday', 'Due today'])
    // Filters on the server: state, kind, text over name and reference; paging.
    expect(names((await list('?state=answered')).rows)).toEqual(['Answered'])
    expect((await list('?kind=erasure')).total).toBe(0)
    expect(names((await list('?q=due%20in')).rows)).toEqual(['Due in 5', 'Due in 7', 'Due in 8'])
    await system().update(dsgRequests).set({ requesterReference: 'VN-77_1' }).where(eq(dsgRequests.id, answered.id))
    expect(names((await list('?q=vn-77_')).rows)).toEqual(['Answered'])
    expect(names((await list('?q=%25')).rows)).toEqual([])
    const page2 = await list('?size=25&page=2')
    expect(page2).toMatchObject({ total: 9, rows: [] })
    // Unknown filter values are ignored rather than failing.
    expect((await list('?state=nonsense&kind=x&due=y&sort=evil&dir=sideways')).total).toBe(9)
  })

  it('shows requests only to the dsg role and admins: 403 for the list, 404 for a request, to everyone else', async () => {
    const r = await DsgRequests.for(dsg.access).save(null, input({ requesterName: 'Geheim Person' }))
    const norights = await memberFactory({ customer: alpha, traits: ['norights'] })
    for (const who of [writer, reader, norights]) {
      expect((await load(listRoute, '/app/dsg/requests', who)).status).toBe(403)
      expect((await load(detailRoute, `/app/dsg/requests/${r.id}`, who, r.id)).status).toBe(404)
      expect((await load(editRoute, `/app/dsg/requests/${r.id}/edit`, who, r.id)).status).toBe(404)
      expect((await load(editRoute, '/app/dsg/requests/new', who)).status).toBe(403)
      expect((await post(editRoute, '/app/dsg/requests/new', who, form())).status).toBe(403)
      expect((await post(editRoute, `/app/dsg/requests/${r.id}/edit`, who, form({ version: '1' }), r.id)).status).toBe(404)
      const ext = { to: addDays(r.dueOn, 5), reason: 'x', toldOn: today, version: '1' }
      expect((await post(extendRoute, `/app/dsg/requests/${r.id}/extend`, who, ext, r.id)).status).toBe(404)
      const ans = { answeredOn: today, how: 'Brief', healthProfessional: '', version: '1' }
      expect((await post(answerRoute, `/app/dsg/requests/${r.id}/answer`, who, ans, r.id)).status).toBe(404)
      expect((await post(deleteRoute, `/app/dsg/requests/${r.id}/delete`, who, { version: '1' }, r.id)).status).toBe(404)
      expect((await post(detailRoute, `/app/dsg/requests/${r.id}`, who, { version: '1' }, r.id)).status).toBe(404)
      // The service refuses on its own, whatever the route does.
      const service = DsgRequests.for(who.access)
      expect(service.maySee).toBe(false)
      expect(() => service.list({ sort: 'deadline', dir: 'asc' }, { limit: 25, offset: 0 })).toThrow(DomainError)
      expect(await service.get(r.id)).toBeNull()
      await expect(service.save(null, input())).rejects.toMatchObject({ code: 'forbidden' })
      await expect(service.extend(r.id, { to: addDays(r.dueOn, 5), reason: 'x', toldOn: today }, 1)).rejects.toMatchObject({ code: 'not-found' })
      await expect(service.remove(r.id, 1)).rejects.toMatchObject({ code: 'not-found' })
    }
    expect(await row(r.id)).toMatchObject({ version: 1, state: 'open' })

    for (const who of [dsg, admin]) {
      const list = (await load(listRoute, '/app/dsg/requests?q=Geheim', who)).body as ListBody
      expect(list.rows.map((x) => x.id)).toEqual([r.id])
      expect(list.canWrite).toBe(true)
      expect((await load(detailRoute, `/app/dsg/requests/${r.id}`, who, r.id)).status).toBe(200)
      expect((await load(extendRoute, `/app/dsg/requests/${r.id}/extend`, who, r.id)).status).toBe(200)
    }
    const saved = await post(
      editRoute,
      `/app/dsg/requests/${r.id}/edit`,
      admin,
      form({ requesterName: 'Geheim Person', note: 'vom Admin', version: '1' }),
      r.id,
    )
    expect(saved.status).toBe(302)
    expect(await row(r.id)).toMatchObject({ note: 'vom Admin', version: 2 })
  })

  it('keeps another fund’s requests out of reach', async () => {
    const r = await DsgRequests.for(dsg.access).save(null, input({ requesterName: 'Alpha Versicherte' }))
    const list = (await load(listRoute, '/app/dsg/requests', betaDsg)).body as ListBody
    expect(list.rows.map((x) => x.id)).not.toContain(r.id)
    expect((await load(detailRoute, `/app/dsg/requests/${r.id}`, betaDsg, r.id)).status).toBe(404)
    expect((await post(editRoute, `/app/dsg/requests/${r.id}/edit`, betaDsg, form({ version: '1' }), r.id)).status).toBe(404)
    const ans = { answeredOn: today, how: 'Brief', healthProfessional: '', version: '1' }
    expect((await post(answerRoute, `/app/dsg/requests/${r.id}/answer`, betaDsg, ans, r.id)).status).toBe(404)
    expect((await post(deleteRoute, `/app/dsg/requests/${r.id}/delete`, betaDsg, { version: '1' }, r.id)).status).toBe(404)
    expect(await DsgRequests.for(betaDsg.access).get(r.id)).toBeNull()
    // Beta's own request is numbered in Beta's series and is not Alpha's.
    const own = await DsgRequests.for(betaDsg.access).save(null, input({ requesterName: 'Beta Assuré' }))
    expect(own).toMatchObject({ customerId: beta, idkey: 1 })
    expect(await DsgRequests.for(dsg.access).get(own.id)).toBeNull()
    expect(await row(r.id)).toMatchObject({ version: 1, state: 'open' })
  })

  it('audits every change without the requester’s name, and a deleted request leaves its trace', async () => {
    const service = DsgRequests.for(dsg.access)
    const r = await service.save(null, input({ requesterName: 'Spur Person', receivedOn: daysAgo(20) }))
    await service.extend(r.id, { to: addDays(r.dueOn, 20), reason: 'Umfang', toldOn: daysAgo(1) }, 1)
    await service.answer(r.id, { answeredOn: today, how: 'Brief', healthProfessional: '' }, 2)
    await service.reopen(r.id, 3)
    await service.refuse(r.id, { on: today, reason: 'Art. 26 Abs. 1 lit. c DSG' }, 4)
    const del = await post(deleteRoute, `/app/dsg/requests/${r.id}/delete`, dsg, { version: '5' }, r.id)
    expect(del.status).toBe(302)
    expect(del.location).toBe('/app/dsg/requests')
    expect(await row(r.id)).toBeUndefined()
    const audit = await system().select().from(auditEntries).where(eq(auditEntries.entityId, r.id)).orderBy(auditEntries.createdAt, sql`${auditEntries.id}`)
    expect(audit.every((a) => a.component === 'dsgRequest' && a.customerId === alpha && a.userId === dsg.user.id)).toBe(true)
    expect(audit.map((a) => a.action)).toEqual(['Created', 'Updated', 'Updated', 'Updated', 'Updated', 'Deleted'])
    expect(audit[1].changedFields).toMatchObject({ extendedTo: { from: null, to: addDays(r.dueOn, 20) }, extensionReason: { from: '', to: 'Umfang' } })
    expect(audit[2].changedFields).toMatchObject({ state: { from: 'open', to: 'answered' } })
    expect(audit[5].changedFields).toMatchObject({ idkey: { from: r.idkey, to: null }, kind: { from: 'access', to: null } })
    // No entry of the trail, which cannot be deleted, holds the requester's name: only that it was set.
    expect(JSON.stringify(audit.map((a) => a.changedFields))).not.toContain('Spur Person')
    expect(audit[0].changedFields).toMatchObject({ requesterName: { from: '***', to: '***' } })
  })

  it('seeds a demo fund with one answered request and one open request due soon, as the rules judge them, once', async () => {
    const fund = (await customerFactory()).id
    expect(await asSystem('test: seed', (tx) => seedDsgRequests(tx, fund, null))).toBe(2)
    expect(await asSystem('test: seed', (tx) => seedDsgRequests(tx, fund, null))).toBe(0)
    const rows = await system().select().from(dsgRequests).where(eq(dsgRequests.customerId, fund)).orderBy(dsgRequests.idkey)
    expect(rows.map((r) => [r.idkey, r.state])).toEqual([
      [1, 'answered'],
      [2, 'open'],
    ])
    for (const r of rows) expect(r.dueOn).toBe(requestDueOn(r.receivedOn))
    expect(rows[0].healthProfessional).not.toBe('')
    expect(isRequestDueSoon(rows[1], today)).toBe(true)
    expect(rows.some((r) => isRequestOverdue(r, today))).toBe(false)
  })
})
