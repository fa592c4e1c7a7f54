import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { checkRequest } from '#app/utils/request-gate.server.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { loyaltyCampaigns, loyaltyDeclarations, storedFiles } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, run } from '../../../../tests/factories.ts'
import { loyaltyDeclarationFactory, loyaltyPersonFactory } from '../../../../tests/factories/loyalty-declarations.ts'
import { system } from '../../../../tests/system-db.ts'
import { issueDeclarationToken } from '../tokens.server.ts'
import * as detailRoute from './detail.tsx'
import * as exportRoute from './export.ts'
import * as listRoute from './index.tsx'
import * as linkRoute from './link.tsx'

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('Unterzeichnete Erklaerung\n'.repeat(50)), Buffer.from('%%EOF\n')])

const signed = {
  'interests[0].kind': 'mandate',
  'interests[0].organisation': 'Beispiel Stiftung',
  'interests[0].description': 'Stiftungsrätin',
  advantagesConfirmed: 'on',
  ownAccountConfirmed: 'on',
  remarks: '',
}
const row = async (id: string) => (await system().select().from(loyaltyDeclarations).where(eq(loyaltyDeclarations.id, id)))[0]!

describe('loyalty declarations: the pages', () => {
  let fund: Customer
  let declarer: Member
  let colleague: Member
  let admin: Member
  beforeAll(async () => {
    fund = await customerFactory()
    declarer = await memberFactory({ customer: fund, traits: ['read'], attributes: { user: { lastName: 'Rochat' } } })
    colleague = await memberFactory({ customer: fund, traits: ['read'] })
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
  })
  const mine = async () => {
    const person = await loyaltyPersonFactory({ customer: fund, userId: declarer.user.id, firstName: 'Claire', lastName: 'Rochat' })
    return (await loyaltyDeclarationFactory({ customer: fund, person })).declaration
  }

  it('the person opens their own; another member gets 404; the list is the readers’', async () => {
    const d = await mine()
    const path = `/app/loyalty/declarations/${d.id}`
    expect((await run(detailRoute.loader, request(path, { cookie: declarer.cookie }), { id: d.id })).status).toBe(200)
    expect((await run(detailRoute.loader, request(path, { cookie: colleague.cookie }), { id: d.id })).status).toBe(404)
    expect(
      (await run(detailRoute.action, request(path, { cookie: colleague.cookie, form: { intent: 'sign', ...signed, signedName: 'Rochat' } }), { id: d.id }))
        .status,
    ).toBe(404)
    expect((await run(listRoute.loader, request('/app/loyalty/declarations', { cookie: colleague.cookie }))).status).toBe(403)
    const list = await run(listRoute.loader, request('/app/loyalty/declarations?q=Rochat', { cookie: admin.cookie }))
    expect((list.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toContain(d.id)
    const csv = await run(exportRoute.loader, request('/app/loyalty/declarations/export.csv?q=Rochat', { cookie: admin.cookie }))
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain(`LE-${d.number}`)
    const xlsx = await run(exportRoute.loader, request('/app/loyalty/declarations/export.xlsx', { cookie: admin.cookie }))
    expect([xlsx.status, xlsx.headers.get('Content-Type')]).toEqual([200, expect.stringContaining('spreadsheetml')])
    expect((await run(exportRoute.loader, request('/app/loyalty/declarations/export.csv', { cookie: declarer.cookie }))).status).toBe(403)
  })

  it('adds a row keeping what was typed, refuses a bad signature with 400, then signs', async () => {
    const d = await mine()
    const path = `/app/loyalty/declarations/${d.id}`
    const added = await run(detailRoute.action, request(path, { cookie: declarer.cookie, form: { intent: 'addInterest', ...signed, remarks: 'getippt' } }), {
      id: d.id,
    })
    expect(added.status).toBe(200)
    const draft = (added.body as { draft: { interests: { organisation: string }[]; remarks: string } }).draft
    expect(draft.interests.map((r) => r.organisation)).toEqual(['Beispiel Stiftung', ''])
    expect(draft.remarks).toBe('getippt')
    const bad = await run(
      detailRoute.action,
      request(path, { cookie: declarer.cookie, form: { intent: 'sign', ...signed, ownAccountConfirmed: '', signedName: '' } }),
      {
        id: d.id,
      },
    )
    expect(bad.status).toBe(400)
    expect(Object.keys((bad.body as { result: { error: Record<string, unknown> } }).result.error)).toEqual(
      expect.arrayContaining(['ownAccountConfirmed', 'signedName']),
    )
    const other = await run(detailRoute.action, request(path, { cookie: declarer.cookie, form: { intent: 'sign', ...signed, signedName: 'Hans Meier' } }), {
      id: d.id,
    })
    expect(other.status).toBe(400)
    const ok = await run(detailRoute.action, request(path, { cookie: declarer.cookie, form: { intent: 'sign', ...signed, signedName: 'Claire Rochat' } }), {
      id: d.id,
    })
    expect(ok.status).toBe(302)
    expect((await row(d.id)).channel).toBe('app')
    const history = await run(detailRoute.loader, request(`${path}?history=1`, { cookie: admin.cookie }), { id: d.id })
    expect(history.status).toBe(200)
    const entries = (history.body as { history: { entries: { actionLabel: string; changes: { label: string }[] }[] } }).history.entries
    expect(entries.flatMap((e) => e.changes.map((c) => c.label))).toContain('Abgegeben über')
    const again = await run(detailRoute.action, request(path, { cookie: declarer.cookie, form: { intent: 'save', ...signed } }), { id: d.id })
    expect(again.status).toBe(409)
  })

  it('an admin records a paper declaration with its scan in one multipart form; without the scan, 400 and nothing kept', async () => {
    const d = await mine()
    const path = `/app/loyalty/declarations/${d.id}`
    const post = (withScan: boolean) => {
      const form = new FormData()
      form.append('intent', 'paper')
      for (const [k, v] of Object.entries(signed)) form.append(k, v)
      form.append('signedName', 'C. Rochat')
      form.append('signedOn', '15.02.2026')
      if (withScan) form.append('scan', new File([PDF], 'Erklaerung Rochat.pdf', { type: 'application/pdf' }))
      const req = new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: admin.cookie } })
      return run(detailRoute.action, req, { id: d.id })
    }
    expect((await post(false)).status).toBe(400)
    expect((await row(d.id)).state).toBe('requested')
    expect((await post(true)).status).toBe(302)
    const after = await row(d.id)
    expect([after.state, after.channel, after.recordedByUserId, after.signedAt?.toISOString()]).toEqual([
      'declared',
      'paper',
      admin.user.id,
      '2026-02-15T11:00:00.000Z',
    ])
    expect((await system().select().from(storedFiles).where(eq(storedFiles.declarationId, d.id))).map((f) => f.name)).toEqual(['Erklaerung Rochat.pdf'])
  })

  describe('the personal link', () => {
    it('opens in the person’s language, never cached; signs once, then 409; closed 410; unknown 404', async () => {
      const { declaration, person, campaign } = await loyaltyDeclarationFactory({ customer: fund, language: 'fr' })
      const token = await asSystem('test: token', (tx) => issueDeclarationToken(tx, declaration, null))
      const path = `/declaration/${token}`
      const first = await run(linkRoute.loader, request(path), { token })
      expect(first.status).toBe(302)
      expect(await localeCookie.parse(first.headers.get('Set-Cookie')!.split(';')[0])).toBe('fr')
      const page = await run(linkRoute.loader, request(`${path}?first=1`, { cookie: 'lng=fr' }), { token })
      expect(page.status).toBe(200)
      expect(page.headers.get('Cache-Control')).toBe('no-store')
      expect(linkRoute.headers()).toEqual({ 'Cache-Control': 'no-store' })
      const name = `${person.firstName} ${person.lastName}`
      expect((await run(linkRoute.action, request(path, { form: { intent: 'sign', ...signed, signedName: name } }), { token })).status).toBe(302)
      const d = await row(declaration.id)
      expect([d.state, d.channel, d.recordedByUserId]).toEqual(['declared', 'link', null])
      expect((await run(linkRoute.loader, request(`${path}?first=1&signed=1`, { cookie: 'lng=fr' }), { token })).status).toBe(200)
      expect((await run(linkRoute.loader, request(`${path}?first=1`, { cookie: 'lng=fr' }), { token })).status).toBe(409)
      const reuse = await run(linkRoute.action, request(path, { form: { intent: 'sign', ...signed, signedName: name } }), { token })
      expect([reuse.status, (reuse.body as { refused: string }).refused]).toEqual([409, 'signed'])
      await system().update(loyaltyCampaigns).set({ closedAt: new Date() }).where(eq(loyaltyCampaigns.id, campaign.id))
      expect((await run(linkRoute.loader, request(path, { cookie: 'lng=fr' }), { token })).status).toBe(410)
      expect((await run(linkRoute.loader, request('/declaration/nope'), { token: 'nope' })).status).toBe(404)
      expect((await run(linkRoute.action, request('/declaration/x', { form: { intent: 'save' } }), { token: 'x'.repeat(43) })).status).toBe(404)
    })
  })

  it('the link page’s posts pass the request gate like every other page: same origin only', async () => {
    const post = (path: string, headers: Record<string, string>) =>
      checkRequest(
        new Request(`http://localhost${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
          body: 'intent=save',
        }),
      )
    const token = 'A'.repeat(43)
    expect(await post(`/declaration/${token}`, { Origin: 'http://localhost' })).toBeNull()
    expect((await post(`/declaration/${token}`, { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }))?.status).toBe(403)
    expect((await post(`/declaration/${token}`, { Origin: 'https://evil.example' }))?.status).toBe(403)
  })
})
