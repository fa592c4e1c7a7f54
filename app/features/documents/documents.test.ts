import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as deleteRoute from './delete.tsx'
import * as editRoute from './edit.tsx'
import * as listRoute from './index.tsx'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, documents } from '#models/schema/index.ts'
import { createCustomer, memberFactory, request, right, run } from '../../../tests/factories.ts'

const member = (customer: string, role: 'read' | 'write' | 'admin' | 'dsg' = 'write', iks: 'none' | 'write' = 'write') =>
  memberFactory({ customer, attributes: { rights: { risk: right(role), iks: right(iks, iks !== 'none') } } })

const docForm = (extra: Record<string, string> = {}) => ({
  category: 'dsg',
  name: 'Bearbeitungsverzeichnis',
  link: 'https://intranet.example/bv.pdf',
  linkText: 'PDF',
  ...extra,
})

describe('documents', () => {
  let alpha: string
  let beta: string
  beforeAll(async () => {
    alpha = (await createCustomer()).id
    beta = (await createCustomer()).id
  })

  it('adds a document without URL, which lists with no link, and audits it', async () => {
    const w = await member(alpha)
    const res = await run(editRoute.action, request('/app/docs/new?tab=dsg', { cookie: w.cookie, form: docForm({ link: '', name: 'Ohne Link' }) }))
    expect(res.status).toBe(302)
    expect(res.location).toBe('/app/docs?tab=dsg')
    const [row] = await system().select().from(documents).where(eq(documents.name, 'Ohne Link'))
    expect(row.link).toBeNull()
    const list = await run(listRoute.loader, request('/app/docs?tab=dsg', { cookie: w.cookie }))
    expect((list.body as { rows: { name: string; link: string | null }[] }).rows).toContainEqual(expect.objectContaining({ name: 'Ohne Link', link: null }))
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, row.id))
    expect(audits).toEqual([expect.objectContaining({ component: 'document', action: 'Created', userId: w.user.id })])
  })

  it('refuses links other than http, https and mailto', async () => {
    const w = await member(alpha)
    for (const link of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'ftp://example.com/x', 'not a url']) {
      const res = await run(editRoute.action, request('/app/docs/new', { cookie: w.cookie, form: docForm({ link, name: `Bad ${link}` }) }))
      expect(res.status, link).toBe(400)
      expect(JSON.stringify(res.body)).toContain('documents.linkScheme')
    }
    for (const link of ['https://example.ch/a.pdf', 'http://intranet/x', 'mailto:datenschutz@pk.example']) {
      expect((await run(editRoute.action, request('/app/docs/new', { cookie: w.cookie, form: docForm({ link, name: `Good ${link}` }) }))).status, link).toBe(
        302,
      )
    }
    const bad = await system().select().from(documents).where(eq(documents.name, 'Bad javascript:alert(1)'))
    expect(bad).toHaveLength(0)
  })

  it('RM documents need the risk tool; readers cannot change documents', async () => {
    const w = await member(alpha)
    await run(editRoute.action, request('/app/docs/new', { cookie: w.cookie, form: docForm({ category: 'risk', name: 'Risikopolitik' }) }))
    const [doc] = await system().select().from(documents).where(eq(documents.name, 'Risikopolitik'))
    const reader = await member(alpha, 'read', 'none')
    expect((await run(listRoute.loader, request('/app/docs?tab=risk', { cookie: reader.cookie }))).status).toBe(200)
    expect(
      (
        await run(editRoute.action, request(`/app/docs/${doc.id}/edit`, { cookie: reader.cookie, form: docForm({ category: 'risk', version: '1' }) }), {
          id: doc.id,
        })
      ).status,
    ).toBe(403)
    const dsg = await member(alpha, 'dsg', 'none')
    expect((await run(listRoute.loader, request('/app/docs?tab=risk', { cookie: dsg.cookie }))).status).toBe(403)
    expect((await run(listRoute.loader, request('/app/docs?tab=dsg', { cookie: dsg.cookie }))).status).toBe(200)
  })

  it('tenant isolation and stale versions', async () => {
    const w = await member(alpha)
    await run(editRoute.action, request('/app/docs/new', { cookie: w.cookie, form: docForm({ name: 'Alpha intern' }) }))
    const [doc] = await system().select().from(documents).where(eq(documents.name, 'Alpha intern'))
    const b = await member(beta, 'admin')
    const list = await run(listRoute.loader, request('/app/docs?tab=dsg', { cookie: b.cookie }))
    expect((list.body as { rows: { name: string }[] }).rows.map((r) => r.name)).not.toContain('Alpha intern')
    expect((await run(editRoute.loader, request(`/app/docs/${doc.id}/edit`, { cookie: b.cookie }), { id: doc.id })).status).toBe(404)
    expect(
      (await run(editRoute.action, request(`/app/docs/${doc.id}/edit`, { cookie: b.cookie, form: docForm({ version: '1' }) }), { id: doc.id })).status,
    ).toBe(404)
    expect((await run(deleteRoute.action, request(`/app/docs/${doc.id}/delete`, { cookie: b.cookie, form: { version: '1' } }), { id: doc.id })).status).toBe(
      404,
    )
    const ok = await run(
      editRoute.action,
      request(`/app/docs/${doc.id}/edit`, { cookie: w.cookie, form: docForm({ name: 'Alpha intern', comment: 'neu', version: '1' }) }),
      { id: doc.id },
    )
    expect(ok.status).toBe(302)
    const stale = await run(
      editRoute.action,
      request(`/app/docs/${doc.id}/edit`, { cookie: w.cookie, form: docForm({ name: 'Alpha intern', comment: 'alt', version: '1' }) }),
      { id: doc.id },
    )
    expect(stale.status).toBe(409)
    const del = await run(deleteRoute.action, request(`/app/docs/${doc.id}/delete`, { cookie: w.cookie, form: { version: '2' } }), { id: doc.id })
    expect(del.status).toBe(302)
    expect(await system().select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(0)
  })
})
