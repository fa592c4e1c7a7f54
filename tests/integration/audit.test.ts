import { listAudit, listAuditComponents } from '../../app/accountability/visibility.server.ts'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as customerRoute from '../../app/features/account/company.tsx'
import * as profile from '../../app/features/account/profile.tsx'
import { system } from '../system-db.ts'
import { addDeputy } from '../../app/features/account/deputies.server.ts'
import { auditEntries, customers, deputies, users } from '../../models/schema/index.ts'
import { customerFactory, documentFactory, measureFactory, memberFactory, request, right, run, sessionCookie, userFactory } from '../factories/index.ts'

const profileForm = (version: number, extra: Record<string, string> = {}) => ({
  firstName: 'Regula',
  lastName: 'Muster',
  language: 'fr',
  version: String(version),
  ...extra,
})

describe('audit entries', () => {
  it('a profile change writes one Updated entry with the changed fields and the user', async () => {
    const user = await userFactory()
    const { cookie } = await sessionCookie(user.id)
    const res = await run(profile.action, request('/app/user/profile', { cookie, form: profileForm(user.version, { phone: '+41 44 000 00 00' }) }))
    expect(res.status).toBe(302)
    const entries = await system().select().from(auditEntries).where(eq(auditEntries.entityId, user.id))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ component: 'user', action: 'Updated', userId: user.id })
    expect(Object.keys(entries[0].changedFields).sort()).toEqual(['firstName', 'language', 'lastName', 'phone', 'remindersEnabled'])
  })

  it('a stale version changes nothing and writes no entry', async () => {
    const user = await userFactory()
    const { cookie } = await sessionCookie(user.id)
    await run(profile.action, request('/app/user/profile', { cookie, form: profileForm(user.version) }))
    const stale = await run(profile.action, request('/app/user/profile', { cookie, form: profileForm(user.version, { firstName: 'Überholt' }) }))
    expect(stale.status).toBe(409)
    expect(JSON.stringify(stale.body)).toContain('validation.staleVersion')
    const [row] = await system().select().from(users).where(eq(users.id, user.id))
    expect(row.firstName).toBe('Regula')
    expect(await system().select().from(auditEntries).where(eq(auditEntries.entityId, user.id))).toHaveLength(1)
  })

  it('is written in the same transaction: when the entry cannot be written, the change is rolled back', async () => {
    const customer = await customerFactory()
    const { user, access: own } = await memberFactory({ customer, traits: ['risk-write', 'signed-out'] })
    const { user: deputy } = await memberFactory({ customer, traits: ['signed-out'] })
    // An acting-for user that does not exist makes the audit insert fail (foreign key).
    const access = { ...own, actingFor: { ...own.user, id: '00000000-0000-4000-8000-000000000000' } }
    await expect(addDeputy(access, deputy.id)).rejects.toThrow()
    expect(
      await system()
        .select()
        .from(deputies)
        .where(and(eq(deputies.userId, user.id), eq(deputies.deputyUserId, deputy.id))),
    ).toHaveLength(0)
  })

  it('company data: only admins change it, each change audited for the customer', async () => {
    const customer = await customerFactory()
    const a = await memberFactory({ customer, traits: ['risk-admin'] })
    const admin = a.user
    const w = await memberFactory({ customer, traits: ['risk-write'] })
    const form = { address: 'Bahnhofstrasse 1\n8001 Zürich', language: 'de', comment: '', version: '1' }
    expect((await run(customerRoute.action, request('/app/user/customer', { cookie: w.cookie, form }))).status).toBe(403)
    const ok = await run(customerRoute.action, request('/app/user/customer', { cookie: a.cookie, form }))
    expect(ok.status).toBe(302)
    const [row] = await system().select().from(customers).where(eq(customers.id, customer.id))
    expect(row.address).toBe(form.address)
    const entries = await system().select().from(auditEntries).where(eq(auditEntries.customerId, customer.id))
    expect(entries).toEqual([expect.objectContaining({ component: 'customer', action: 'Updated', userId: admin.id })])
  })
})

// The trail left the debug page (issue 12: /app/debug is the operator's diagnostics, 404 for everyone
// else); the same reads are checked on the trail's service, which the admin's audit page lists.
const PAGE = { sort: 'createdAt', dir: 'desc', limit: 25, offset: 0 } as const
async function trailOf(access: Parameters<typeof listAudit>[0], component?: string) {
  const [{ rows }, components] = await Promise.all([listAudit(access, { ...PAGE, component }), listAuditComponents(access)])
  return { audit: { rows, components } }
}

describe('the audit trail (formerly on the debug page)', () => {
  it('lists the customer’s entries with who acted, for admins only', async () => {
    const { loader } = await import('../../app/features/shell/debug.tsx')
    const customer = await customerFactory()
    const a = await memberFactory({ customer, traits: ['risk-admin'] })
    const admin = a.user
    const form = { address: 'Seestrasse 1', language: 'de', comment: '', version: '1' }
    await run(customerRoute.action, request('/app/user/customer', { cookie: a.cookie, form }))
    const rows = (await trailOf(a.access, 'customer')).audit.rows
    expect(rows).toEqual([expect.objectContaining({ component: 'customer', user: `${admin.firstName} ${admin.lastName}` })])
    const r = await memberFactory({ customer, traits: ['risk-read'] })
    expect((await run(loader, request('/app/debug', { cookie: r.cookie }))).status).toBe(404)
  })

  it('shows each admin only entries about what they may read', async () => {
    const customer = await customerFactory()
    const { user: writer } = await memberFactory({ customer, traits: ['write', 'signed-out'] })
    const iksMeasure = await measureFactory({ customer, traits: ['ics'] })
    const fundMeasure = await measureFactory({ customer, traits: ['fund'] })
    const riskMeasure = await measureFactory({ customer, traits: ['risk'] })
    const riskDoc = await documentFactory({ customer, traits: ['risk'] })
    const entry = (component: string, entityId: string | null) => ({
      customerId: customer.id,
      component,
      action: 'Updated' as const,
      entityId,
      userId: writer.id,
      changedFields: {},
    })
    const gone = '00000000-0000-4000-8000-000000000001'
    await system()
      .insert(auditEntries)
      .values([
        entry('risk', null),
        entry('icsProcess', null),
        entry('controlMatrix', null),
        entry('customer', customer.id),
        entry('measure', iksMeasure.id),
        entry('measure', fundMeasure.id),
        entry('measure', riskMeasure.id),
        entry('measure', gone),
        entry('document', riskDoc.id),
      ])
    const seen = async (risk: Parameters<typeof right>[0], iks: Parameters<typeof right>[0]) => {
      const { access } = await memberFactory({ customer, attributes: { rights: { risk: right(risk, risk !== 'none'), iks: right(iks, iks !== 'none') } } })
      const body = await trailOf(access)
      return {
        rows: body.audit.rows
          .map(
            (r) =>
              `${r.component}:${r.entityId === iksMeasure.id ? 'iks' : r.entityId === fundMeasure.id ? 'fund' : r.entityId === riskMeasure.id ? 'risk' : r.entityId === gone ? 'gone' : '-'}`,
          )
          .sort(),
        components: body.audit.components,
      }
    }
    const icsAdmin = await seen('none', 'admin')
    expect(icsAdmin.rows).toEqual(['controlMatrix:-', 'customer:-', 'icsProcess:-', 'measure:fund', 'measure:iks'])
    expect(icsAdmin.components).not.toContain('risk')
    const rmAdmin = await seen('admin', 'none')
    expect(rmAdmin.rows).toEqual(['customer:-', 'document:-', 'measure:fund', 'measure:risk', 'risk:-'])
    const both = await seen('admin', 'read')
    expect(both.rows).toHaveLength(9)
  })
})
