import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as editRoute from './mails/edit.tsx'
import * as listRoute from './mails/index.tsx'
import { db } from '#models/core/db.server.ts'
import { addDeputy } from '../account/deputies.server.ts'
import { renderTemplate } from '#models/core/mail.server.ts'
import { mailTemplates } from '#models/schema/index.ts'
import { customerFactory, memberFactory, operatorFactory, request, run } from '../../../tests/factories/index.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'

const peer = useSmtpPeer()

describe('mail templates', () => {
  it('the operator edits a language of a template; unknown placeholders and stale saves are refused', async () => {
    const { cookie } = await operatorFactory()
    const list = await run(listRoute.loader, request('/app/sadmin/mails', { cookie }))
    expect((list.body as { templates: { key: string; languages: string[] }[] }).templates).toContainEqual(
      expect.objectContaining({ key: 'password-reset', languages: expect.arrayContaining(['de', 'fr', 'en']) }),
    )
    const p = { key: 'password-reset', language: 'en' }
    const view = await run(editRoute.loader, request('/app/sadmin/mails/password-reset/en', { cookie }), p)
    const seen = new Date((view.body as { template: { updatedAt: Date } }).template.updatedAt).toISOString()
    const bad = await run(
      editRoute.action,
      request('/app/sadmin/mails/password-reset/en', { cookie, form: { subject: 'Reset', body: 'Hello {{nickname}} {{link}}', seen } }),
      p,
    )
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('sadmin:mails.unknownPlaceholder')
    const ok = await run(
      editRoute.action,
      request('/app/sadmin/mails/password-reset/en', {
        cookie,
        form: { subject: 'Set your password', body: 'Hello {{firstName}}, follow {{link}} within {{minutes}} minutes.', seen },
      }),
      p,
    )
    expect(ok.status).toBe(302)
    const mail = await renderTemplate('password-reset', 'en', { firstName: 'Ann', link: 'https://x.test/l', minutes: '30' })
    expect(mail).toEqual({ subject: 'Set your password', text: 'Hello Ann, follow https://x.test/l within 30 minutes.', template: 'password-reset' })
    const stale = await run(editRoute.action, request('/app/sadmin/mails/password-reset/en', { cookie, form: { subject: 'Old', body: 'x {{link}}', seen } }), p)
    expect(stale.status).toBe(409)
    const [row] = await db()
      .select()
      .from(mailTemplates)
      .where(and(eq(mailTemplates.key, 'password-reset'), eq(mailTemplates.language, 'en')))
    expect(row.subject).toBe('Set your password')
    expect((await run(editRoute.loader, request('/app/sadmin/mails/nonsense/en', { cookie }), { key: 'nonsense', language: 'en' })).status).toBe(404)
  })

  it('is for super admins only', async () => {
    const { cookie } = await memberFactory({ customer: await customerFactory(), traits: ['admin'] })
    expect((await run(listRoute.loader, request('/app/sadmin/mails', { cookie }))).status).toBe(403)
    expect(
      (await run(editRoute.action, request('/app/sadmin/mails/welcome/de', { cookie, form: { subject: 'x', body: 'y' } }), { key: 'welcome', language: 'de' }))
        .status,
    ).toBe(403)
  })

  it('a new deputy is told by mail, in their language', async () => {
    const c = await customerFactory({ attributes: { name: 'Pensionskasse Omega' } })
    const { access } = await memberFactory({ customer: c, traits: ['risk-write'], attributes: { user: { firstName: 'Paula', lastName: 'Prinzipal' } } })
    const { user: deputy } = await memberFactory({ customer: c, traits: ['french', 'risk-read', 'signed-out'] })
    expect(await addDeputy(access, deputy.id)).toBe('ok')
    const mail = await peer().waitFor(deputy.email)
    expect(mail.subject).toContain('Paula Prinzipal')
    expect(mail.text).toContain('Pensionskasse Omega')
    expect(mail.text).toMatch(/suppl/i)
  })
})
