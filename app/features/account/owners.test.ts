// Who may take something on (issue 12, decision 0039): no auditor, no ended membership, no disabled
// account is offered or taken as a new owner or contact; the current one stays, so an unchanged save
// never drops it, whatever became of them.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DomainError } from '#models/core/errors.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { customers, memberships, users } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { customerFactory, type Member, memberFactory, setMembershipRights } from '../../../tests/factories/index.ts'
import { checkToolOwner, listContactChoices, listToolOwners, updateCompanyData } from '#app/auth/customers.server.ts'

async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return { field: e.field, message: e.messageKey }
    throw e
  }
  return null
}

describe('owners and contacts who may take something on', () => {
  let customer: string
  let admin: Member
  let auditor: Member
  let ended: Member
  let disabled: Member
  let active: Member
  let noRights: Member
  beforeAll(async () => {
    customer = (await customerFactory()).id
    admin = await memberFactory({ customer, traits: ['admin'] })
    auditor = await memberFactory({ customer, traits: ['write'] })
    ended = await memberFactory({ customer, traits: ['write'] })
    disabled = await memberFactory({ customer, traits: ['write'] })
    active = await memberFactory({ customer, traits: ['write'] })
    noRights = await memberFactory({ customer, traits: ['write'] })
    await system()
      .update(memberships)
      .set({ kind: 'auditor', endsOn: addDays(todayInZurich(), 30) })
      .where(eq(memberships.id, auditor.permId))
    await system()
      .update(memberships)
      .set({ endsOn: addDays(todayInZurich(), -1) })
      .where(eq(memberships.id, ended.permId))
    await system().update(users).set({ state: 'disabled' }).where(eq(users.id, disabled.user.id))
  })

  it('the contact person: offered and taken only among those who may, the current one kept', async () => {
    const offered = (await listContactChoices(admin.access)).map((m) => m.id)
    expect(offered).toContain(active.user.id)
    for (const gone of [auditor, ended, disabled]) expect(offered).not.toContain(gone.user.id)
    const company = async () => (await system().select().from(customers).where(eq(customers.id, customer)))[0]
    const save = async (contactId: string) => {
      const c = await company()
      return updateCompanyData(admin.access, { address: c.address, comment: c.comment, language: c.language, contactId }, c.version)
    }
    expect(await refusal(save(auditor.user.id))).toEqual({ field: 'contactId', message: 'validation.ownerMayNotOwn' })
    expect(await refusal(save(disabled.user.id))).toEqual({ field: 'contactId', message: 'validation.ownerMayNotOwn' })
    // The contact chosen while they could; their membership ended since: kept on the list and on an unchanged save.
    await system().update(customers).set({ contactId: ended.user.id }).where(eq(customers.id, customer))
    expect((await listContactChoices(admin.access)).map((m) => m.id)).toContain(ended.user.id)
    expect(await refusal(save(ended.user.id))).toBeNull()
    expect((await company()).contactId).toBe(ended.user.id)
  })

  it('the owner of a risk: a disabled account or one without rights stays offered as the current owner, and a new one is refused with a message', async () => {
    await setMembershipRights({ id: noRights.permId }, { riskEnabled: false, iksEnabled: false })
    const offered = (await listToolOwners(admin.access, 'risk')).map((m) => m.id)
    expect(offered).toContain(active.user.id)
    for (const gone of [auditor, ended, disabled, noRights]) expect(offered).not.toContain(gone.user.id)
    for (const kept of [disabled, noRights, ended]) expect((await listToolOwners(admin.access, 'risk', kept.user.id)).map((m) => m.id)).toContain(kept.user.id)

    const check = (userId: string, current?: string) => withCustomer(admin.access, (tx) => checkToolOwner(tx, 'risk', userId, current))
    expect(await refusal(check(disabled.user.id))).toEqual({ field: 'ownerUserId', message: 'validation.ownerMayNotOwn' })
    expect(await refusal(check(auditor.user.id))).toEqual({ field: 'ownerUserId', message: 'validation.ownerMayNotOwn' })
    expect(await refusal(check(noRights.user.id))).toEqual({ field: 'ownerUserId', message: 'validation.ownerNoRights' })
    expect(await refusal(check(disabled.user.id, disabled.user.id))).toBeNull()
    expect(await refusal(check(noRights.user.id, noRights.user.id))).toBeNull()
    expect(await refusal(check(active.user.id))).toBeNull()
  })
})
