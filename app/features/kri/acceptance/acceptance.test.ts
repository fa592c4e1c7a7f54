import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACCEPTANCE_MONTHS } from '#models/core/constants.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { auditEntries, riskAcceptances, riskAppetiteApprovals } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, riskFactory, run } from '../../../../tests/factories.ts'
import { system } from '../../../../tests/system-db.ts'
import * as riskList from '../../inventory/risk/index.tsx'
import { Acceptances, addMonths, stateOf } from './acceptance.server.ts'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'

const today = todayInZurich()
type Over = { acceptedOn?: string; acceptedBy?: string; decisionReference?: string; title?: string; justification?: string; validUntil?: string | null }
/** An acceptance recording its council decision with it (the register of decisions). */
const input = (over: Over = {}) => ({
  decision: {
    subject: 'riskAcceptance' as const,
    decidedOn: over.acceptedOn ?? today,
    reference: over.decisionReference ?? 'SR-2026-07',
    title: over.title ?? 'Akzeptanz des Restrisikos',
    decidedBy: over.acceptedBy ?? 'Stiftungsrat',
  },
  justification: over.justification ?? 'Kontrollen wirksam, Restrisiko tragbar',
  validUntil: over.validUntil,
})

/** The code of a refusal, and its message key. */
async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}${error.messageKey ? ` ${error.messageKey}` : ''}`
    throw error
  }
  return 'accepted'
}

describe('the acceptance of a risk', () => {
  let fund: Customer
  let admin: Member
  let writer: Member
  let reader: Member
  let otherAdmin: Member
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Akzeptanz' } })
    admin = await memberFactory({ customer: fund, traits: ['risk-admin'] })
    writer = await memberFactory({ customer: fund, traits: ['risk-write'] })
    reader = await memberFactory({ customer: fund, traits: ['risk-read'] })
    otherAdmin = await memberFactory({ customer: await customerFactory(), traits: ['risk-admin'] })
  })

  it('adds months keeping the day, or the month’s last day', () => {
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15')
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(stateOf({ acceptedOn: today, validUntil: addDays(today, 10), revokedOn: null }, today)).toBe('lapsing')
    expect(stateOf({ acceptedOn: today, validUntil: addDays(today, 100), revokedOn: null }, today)).toBe('inForce')
    expect(stateOf({ acceptedOn: '2020-01-01', validUntil: addDays(today, -1), revokedOn: null }, today)).toBe('lapsed')
    expect(stateOf({ acceptedOn: today, validUntil: addDays(today, 100), revokedOn: today }, today)).toBe('revoked')
  })

  it('accepts only a rated risk inside the appetite, by the default limit and then by the council’s approval', async () => {
    const service = Acceptances.for(admin.access)
    const inside = await riskFactory({ customer: fund, traits: ['assessed'] }) // 3 × 3 = 9 = the default limit
    const outside = await riskFactory({ customer: fund, traits: ['critical'] }) // 25
    const unrated = await riskFactory({ customer: fund })
    expect(await refusal(service.accept(outside.id, input()))).toBe('conflict kri:acceptance.errors.outsideAppetite')
    expect(await refusal(service.accept(unrated.id, input()))).toBe('conflict kri:acceptance.errors.unrated')
    const made = await service.accept(inside.id, input())
    expect(made).toMatchObject({ netScore: 9, validUntil: addMonths(today, ACCEPTANCE_MONTHS), acceptedBy: 'Stiftungsrat', revokedOn: null })
    const [audit] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, made.id), eq(auditEntries.action, 'Created')))
    expect(audit).toMatchObject({ component: 'riskAcceptance', customerId: fund.id })
    expect(Object.keys(audit!.changedFields)).toEqual(expect.arrayContaining(['riskId', 'acceptedOn', 'justification', 'validUntil', 'netScore']))

    // The council narrows the appetite to 4: a 3 × 3 risk is outside it now.
    await system()
      .insert(riskAppetiteApprovals)
      .values({ customerId: fund.id, approvedOn: today, decisionReference: 'SR-A', approvedBy: 'Stiftungsrat', scoreLimit: 4 })
    const another = await riskFactory({ customer: fund, traits: ['assessed'] })
    expect(await refusal(service.accept(another.id, input()))).toBe('conflict kri:acceptance.errors.outsideAppetite')
    const page = await service.ofRisk(another.id)
    expect(page).toMatchObject({ limit: 4, inside: false, current: null, risk: { netScore: 9 } })
    await system().delete(riskAppetiteApprovals).where(eq(riskAppetiteApprovals.customerId, fund.id))
  })

  it('checks the dates and texts', async () => {
    const service = Acceptances.for(admin.access)
    const risk = await riskFactory({ customer: fund, traits: ['assessed'] })
    expect(await refusal(service.accept(risk.id, input({ acceptedOn: addDays(today, 1) })))).toBe('invalid decisions:errors.future')
    expect(await refusal(service.accept(risk.id, input({ acceptedOn: '2026-02-30' })))).toBe('invalid validation.date')
    expect(await refusal(service.accept(risk.id, input({ validUntil: today })))).toBe('invalid kri:acceptance.errors.untilBeforeAccepted')
    expect(await refusal(service.accept(risk.id, input({ acceptedOn: '2024-01-10', validUntil: '2024-06-30' })))).toBe(
      'invalid kri:acceptance.errors.untilPast',
    )
    expect(await refusal(service.accept(risk.id, input({ justification: '  ' })))).toBe('invalid validation.required')
    expect(await refusal(service.accept(risk.id, input({ title: ' ' })))).toBe('invalid validation.required')
    expect(await refusal(service.accept(risk.id, input({ decisionReference: '' })))).toBe('invalid validation.required')
    // An acceptance from the past, until a date of its own.
    const made = await service.accept(risk.id, input({ acceptedOn: addDays(today, -30), validUntil: addDays(today, 200) }))
    expect(made).toMatchObject({ acceptedOn: addDays(today, -30), validUntil: addDays(today, 200) })
  })

  it('keeps one acceptance in force per risk; a revoked or lapsed one makes room for a new one', async () => {
    const service = Acceptances.for(admin.access)
    const risk = await riskFactory({ customer: fund, traits: ['assessed'] })
    const first = await service.accept(risk.id, input())
    expect(await refusal(service.accept(risk.id, input()))).toBe('conflict kri:acceptance.errors.alreadyInForce')
    expect(await refusal(service.revoke(first.id, first.version, addDays(today, 1)))).toBe('invalid kri:acceptance.errors.revokedInFuture')
    expect(await refusal(service.revoke(first.id, first.version, addDays(today, -1)))).toBe('invalid kri:acceptance.errors.revokedBeforeAccepted')
    expect(await refusal(service.revoke(first.id, first.version + 1, today))).toBe('stale')
    const revoked = await service.revoke(first.id, first.version, today)
    expect(revoked).toMatchObject({ revokedOn: today, version: first.version + 1 })
    expect(await refusal(service.revoke(first.id, revoked.version, today))).toBe('conflict kri:acceptance.errors.alreadyRevoked')
    const [updated] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, first.id), eq(auditEntries.action, 'Updated')))
    expect(updated!.changedFields).toMatchObject({ revokedOn: { from: null, to: today } })
    const second = await service.accept(risk.id, input())
    // Lapsed (made so by hand): a new one may follow.
    await system()
      .update(riskAcceptances)
      .set({ acceptedOn: '2024-01-01', validUntil: addDays(today, -1) })
      .where(eq(riskAcceptances.id, second.id))
    const third = await service.accept(risk.id, input())
    const page = await service.ofRisk(risk.id)
    expect(page.current?.id).toBe(third.id)
    expect(page.acceptances.map((a) => [a.id, a.state])).toEqual(
      expect.arrayContaining([
        [first.id, 'revoked'],
        [second.id, 'lapsed'],
        [third.id, 'inForce'],
      ]),
    )
  })

  it('is recorded by the RM admin only, read by readers of RM, and not across funds', async () => {
    const risk = await riskFactory({ customer: fund, traits: ['assessed'] })
    expect(await refusal(Acceptances.for(writer.access).accept(risk.id, input()))).toBe('forbidden')
    expect(await refusal(Acceptances.for(reader.access).accept(risk.id, input()))).toBe('forbidden')
    expect(await refusal(Acceptances.for(otherAdmin.access).accept(risk.id, input()))).toBe('not-found')
    expect(await refusal(Acceptances.for(otherAdmin.access).ofRisk(risk.id))).toBe('not-found')
    const made = await Acceptances.for(admin.access).accept(risk.id, input())
    expect(await refusal(Acceptances.for(writer.access).revoke(made.id, made.version, today))).toBe('forbidden')
    expect(await refusal(Acceptances.for(otherAdmin.access).revoke(made.id, made.version, today))).toBe('not-found')
    expect((await Acceptances.for(reader.access).ofRisk(risk.id)).current?.id).toBe(made.id)
    expect((await Acceptances.for(otherAdmin.access).list('all')).map((a) => a.id)).not.toContain(made.id)

    // The pages: the form posted without JavaScript, refused for a writer, 404 for another fund.
    const other = await riskFactory({ customer: fund, traits: ['assessed'] })
    const form = {
      intent: 'accept',
      decidedOn: today,
      decidedBy: 'Stiftungsrat',
      decisionReference: 'SR-9',
      decisionTitle: 'Restrisiko akzeptiert',
      justification: 'tragbar',
      validUntil: '',
    }
    const path = `/app/risk/${other.id}/acceptance`
    expect((await run(editRoute.action, request(path, { cookie: writer.cookie, form }), { id: other.id })).status).toBe(403)
    expect((await run(editRoute.action, request(path, { cookie: otherAdmin.cookie, form }), { id: other.id })).status).toBe(404)
    expect((await run(editRoute.loader, request(path, { cookie: otherAdmin.cookie }), { id: other.id })).status).toBe(404)
    const empty = await run(editRoute.action, request(path, { cookie: admin.cookie, form: { ...form, justification: '' } }), { id: other.id })
    expect(empty.status).toBe(400)
    const ok = await run(editRoute.action, request(path, { cookie: admin.cookie, form }), { id: other.id })
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(`/app/risk/${other.id}?step=evaluation`)
    const again = await run(editRoute.action, request(path, { cookie: admin.cookie, form }), { id: other.id })
    expect(again.status).toBe(409)
    expect(JSON.stringify(again.body)).toContain('kri:acceptance.errors.alreadyInForce')
    const page = await run(editRoute.loader, request(path, { cookie: reader.cookie }), { id: other.id })
    expect(page.body).toMatchObject({ mayManage: false, current: { acceptedBy: 'Stiftungsrat', decisionReference: 'SR-9', decision: { reference: 'SR-9' } } })
    const current = (page.body as { current: { id: string; version: number } }).current
    const revoke = { intent: 'revoke', id: current.id, version: String(current.version), revokedOn: today }
    // Another risk's page does not revoke this risk's acceptance.
    expect((await run(editRoute.action, request(`/app/risk/${risk.id}/acceptance`, { cookie: admin.cookie, form: revoke }), { id: risk.id })).status).toBe(404)
    expect((await run(editRoute.action, request(path, { cookie: admin.cookie, form: revoke }), { id: other.id })).status).toBe(302)
  })

  it('lists acceptances by state, and the inventory filters and marks accepted risks', async () => {
    const service = Acceptances.for(admin.access)
    const soon = await riskFactory({ customer: fund, traits: ['assessed'] })
    const later = await riskFactory({ customer: fund, traits: ['assessed'] })
    const a = await service.accept(soon.id, input({ acceptedOn: addDays(today, -300), validUntil: addDays(today, 10) }))
    const b = await service.accept(later.id, input())
    const ids = async (view: string) =>
      ((await run(listRoute.loader, request(`/app/risk/acceptances?view=${view}`, { cookie: reader.cookie }))).body as { rows: { id: string }[] }).rows.map(
        (r) => r.id,
      )
    expect(await ids('lapsing')).toContain(a.id)
    expect(await ids('lapsing')).not.toContain(b.id)
    expect(await ids('inForce')).toEqual(expect.arrayContaining([a.id, b.id]))
    expect(await ids('ended')).not.toContain(b.id)
    await service.revoke(b.id, b.version, today)
    expect(await ids('ended')).toContain(b.id)
    expect(await ids('inForce')).not.toContain(b.id)

    const inventory = async (q: string) =>
      ((await run(riskList.loader, request(`/app/risk?${q}`, { cookie: admin.cookie }))).body as { rows: { id: string; acceptedUntil: string | null }[] }).rows
    const accepted = await inventory('accepted=yes')
    expect(accepted.find((r) => r.id === soon.id)?.acceptedUntil).toBe(addDays(today, 10))
    expect(accepted.map((r) => r.id)).not.toContain(later.id)
    expect((await inventory('accepted=no')).map((r) => r.id)).toContain(later.id)
  })
})
