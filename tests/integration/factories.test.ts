import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { requireCustomer } from '../../app/auth/guards.server.ts'
import { endedAccess, getUser, listPermissionOptions, verifyLogin } from '../../app/auth/users.server.ts'
import { addDays, todayInZurich } from '../../models/core/dates.ts'
import { unseal } from '../../models/core/seal.server.ts'
import * as documentsList from '../../app/features/documents/index.tsx'
import * as icsDetail from '../../app/features/inventory/ics/detail.tsx'
import * as measuresList from '../../app/features/measures/index.tsx'
import * as riskDetail from '../../app/features/inventory/risk/detail.tsx'
import * as riskList from '../../app/features/inventory/risk/index.tsx'
import {
  bodyFactory,
  customerFactory,
  customerNamed,
  deputyFactory,
  documentFactory,
  measureFactory,
  memberFactory,
  processFactory,
  request,
  riskFactory,
  run,
  setDeputyTerm,
  setMembershipTerm,
  updateUser,
} from '../factories/index.ts'

// The factories insert what the app would have written: a member of the customer finds it on the
// screens, a member of another customer does not.
describe('the test factories', () => {
  it('give a member with the rights its traits name, and rows the member finds in the app', async () => {
    const customer = await customerFactory({ traits: ['french'] })
    expect(customer).toMatchObject({ language: 'fr' })
    expect(customer.provisionedAt).not.toBeNull()
    const writer = await memberFactory({ customer, traits: ['risk-write', 'ics-read', 'english'] })
    expect(writer.rights).toEqual({ risk: { enabled: true, role: 'write' }, iks: { enabled: true, role: 'read' } })
    expect(writer.access).toMatchObject({ customer: { id: customer.id, language: 'fr' }, user: { language: 'en' }, actingFor: null })

    const risk = await riskFactory({ customer, owner: writer.user, traits: ['dsg', 'critical'] })
    expect(risk).toMatchObject({ dsgRelevant: true, measureNeeded: true, ownerUserId: writer.user.id })
    expect(risk.idkey).toMatch(/_P$/)
    expect(risk.probabilityLevelId).not.toBeNull()
    const process = await processFactory({ customer, owner: writer.user, traits: ['deficient'] })
    const body = await bodyFactory({ customer })
    const measure = await measureFactory({ customer, body, risk, traits: ['overdue', 'dsg'] })
    expect(measure).toMatchObject({ source: 'risk', riskId: risk.id, dsgMeasure: true, ownerBodyId: body.id })
    const confirmed = await measureFactory({ customer, owner: writer.user, traits: ['fund', 'confirmed'] })
    expect(confirmed).toMatchObject({ state: 'confirmed', confirmedByUserId: writer.user.id })
    expect(confirmed.idkey).toBe(measure.idkey + 1)
    const document = await documentFactory({ customer, process, traits: ['no-link'] })
    expect(document).toMatchObject({ category: 'iks', iksId: process.id, link: null })

    const { cookie } = writer
    expect(JSON.stringify((await run(riskList.loader, request('/app/risk', { cookie }))).body)).toContain(risk.title)
    expect((await run(riskDetail.loader, request(`/app/risk/${risk.id}`, { cookie }), { id: risk.id })).status).toBe(200)
    expect((await run(icsDetail.loader, request(`/app/iks/${process.id}`, { cookie }), { id: process.id })).status).toBe(200)
    expect(JSON.stringify((await run(measuresList.loader, request('/app/measures?tab=risk', { cookie }))).body)).toContain(measure.title)
    expect(JSON.stringify((await run(documentsList.loader, request('/app/docs?tab=iks', { cookie }))).body)).toContain(document.name)

    const stranger = await memberFactory({ customer: await customerFactory(), traits: ['admin'] })
    expect((await run(riskDetail.loader, request(`/app/risk/${risk.id}`, { cookie: stranger.cookie }), { id: risk.id })).status).toBe(404)
    expect(JSON.stringify((await run(riskList.loader, request('/app/risk', { cookie: stranger.cookie }))).body)).not.toContain(risk.title)
  })

  it('make a deputy, and one acting for the principal with the principal’s rights', async () => {
    const customer = await customerFactory()
    const principal = await memberFactory({ customer, traits: ['admin'] })
    const deputy = await memberFactory({ customer, traits: ['read', 'deputy'], deputyOf: principal })
    expect(deputy.deputyship).toMatchObject({ userId: principal.user.id, deputyUserId: deputy.user.id, active: true })
    expect(deputy.access.actingFor).toBeNull()
    const acting = await memberFactory({ customer, traits: ['read', 'acting'], deputyOf: principal })
    expect(acting.access).toMatchObject({ actingFor: { id: principal.user.id }, permId: principal.permId, rights: principal.rights })
    // The session says so too: the app sees the deputy acting for the principal.
    const auth = await requireCustomer({ request: request('/app', { cookie: acting.cookie }) })
    expect(auth.access).toMatchObject({ actingFor: { id: principal.user.id }, rights: { risk: { role: 'admin' } } })
  })

  it('make the accounts of the e2e journeys: a password and second factor of their own, an auditor’s term, a planned deputyship', async () => {
    const customer = await customerFactory()
    expect((await customerNamed(customer.name)).id).toBe(customer.id)
    const member = await memberFactory({ customer, traits: ['write', 'signed-out'], password: 'Eigenes-Passwort-1', totpSecret: 'JBSWY3DPEHPK3PXP' })
    expect(member.cookie).toBe('')
    expect(await verifyLogin(member.user.email, 'Eigenes-Passwort-1')).toMatchObject({ id: member.user.id })
    expect(unseal(member.user.totpSecret!)).toBe('JBSWY3DPEHPK3PXP')
    expect(member.user.totpEnabledAt).not.toBeNull()
    await updateUser({ email: member.user.email }, { password: 'Neues-Passwort-2', firstName: 'Paula' })
    expect(await verifyLogin(member.user.email, 'Neues-Passwort-2')).toMatchObject({ firstName: 'Paula' })

    const today = todayInZurich()
    const auditor = await memberFactory({
      customer,
      traits: ['read', 'signed-out'],
      attributes: { membership: { kind: 'auditor', endsOn: addDays(today, 30) } },
    })
    expect(auditor.membership).toMatchObject({ kind: 'auditor', endsOn: addDays(today, 30) })
    await setMembershipTerm({ email: auditor.user.email }, { endsOn: addDays(today, -1) })
    expect(await endedAccess((await getUser(auditor.user.id))!)).toMatchObject({ customerId: customer.id })

    // Planned from tomorrow, the deputyship is no option yet; moved to today, it is.
    const reader = await memberFactory({ customer, traits: ['read', 'signed-out'] })
    const deputyship = await deputyFactory({ customer, principal: member.user, deputy: reader.user, attributes: { startsOn: addDays(today, 1) } })
    expect(deputyship.startsOn).toBe(addDays(today, 1))
    expect(await listPermissionOptions(reader.user.id)).toHaveLength(1)
    await setDeputyTerm(deputyship.id, { startsOn: today })
    expect(await listPermissionOptions(reader.user.id)).toHaveLength(2)
  })

  // The e2e suite makes its accounts with these factories too (tests/e2e/fixtures.ts): a hand-written
  // statement on the account tables there would drift from what the integration tests write.
  it('are the only writer of accounts, memberships, rights and deputyships in the e2e suite', () => {
    const dir = path.join(import.meta.dirname, '../e2e')
    const written = /\b(insert\s+into|update)\s+(users|memberships|membership_tool_rights|deputies)\b/i
    const offenders = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => written.test(fs.readFileSync(path.join(dir, f), 'utf8')))
    expect(offenders).toEqual([])
  })
})
