import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as dashboard from '../dashboard/index.tsx'
import * as editRoute from './edit.tsx'
import { todayInZurich, addDays } from '#models/core/dates.ts'
import { db } from '#models/core/db.server.ts'
import { news } from '#models/schema/index.ts'
import { customerFactory, memberFactory, operatorFactory, request, run } from '../../../tests/factories/index.ts'

describe('news', () => {
  it('the operator publishes news; members see what is valid today and meant for them', async () => {
    const op = await operatorFactory()
    const alpha = await customerFactory()
    const beta = await customerFactory()
    const today = todayInZurich()
    const post = (form: Record<string, string>) => run(editRoute.action, request('/app/sadmin/news/new', { cookie: op.cookie, form }))
    const base = { date: today, lead: '', body: '' }
    expect((await post({ ...base, title: 'Für alle', visibleFor: 'all' })).status).toBe(302)
    expect((await post({ ...base, title: 'Nur IKS', visibleFor: 'iks' })).status).toBe(302)
    expect((await post({ ...base, title: 'Nur Beta', visibleFor: 'customer', customerId: beta.id })).status).toBe(302)
    expect((await post({ ...base, title: 'Abgelaufen', visibleFor: 'all', validUntil: addDays(today, -1) })).status).toBe(302)
    expect((await post({ ...base, title: 'Künftig', visibleFor: 'all', validFrom: addDays(today, 1) })).status).toBe(302)
    const noCustomer = await post({ ...base, title: 'x', visibleFor: 'customer' })
    expect(JSON.stringify(noCustomer.body)).toContain('sadmin:news.customerNeeded')
    const order = await post({ ...base, title: 'x', visibleFor: 'all', validFrom: addDays(today, 5), validUntil: today })
    expect(JSON.stringify(order.body)).toContain('sadmin:news.validOrder')

    const { cookie } = await memberFactory({ customer: alpha, traits: ['risk-read'] })
    const res = await run(dashboard.loader, request('/app', { cookie }))
    const titles = (res.body as { news: { title: string }[] }).news.map((n) => n.title)
    expect(titles).toContain('Für alle')
    expect(titles).not.toContain('Nur IKS')
    expect(titles).not.toContain('Nur Beta')
    expect(titles).not.toContain('Abgelaufen')
    expect(titles).not.toContain('Künftig')

    const bc = await memberFactory({ customer: beta, traits: ['read'] })
    const betaTitles = ((await run(dashboard.loader, request('/app', { cookie: bc.cookie }))).body as { news: { title: string }[] }).news.map((n) => n.title)
    expect(betaTitles).toEqual(expect.arrayContaining(['Für alle', 'Nur IKS', 'Nur Beta']))

    // Not for members: they get 403.
    expect((await run(editRoute.action, request('/app/sadmin/news/new', { cookie, form: { ...base, title: 'x', visibleFor: 'all' } }))).status).toBe(403)
    expect(await db().select().from(news).where(eq(news.title, 'x'))).toHaveLength(0)
  })

  it('readers get the news in their language, else in German, else in the language it was written in', async () => {
    const op = await operatorFactory()
    const customer = await customerFactory()
    const today = todayInZurich()
    const post = (form: Record<string, string>) =>
      run(
        editRoute.action,
        request('/app/sadmin/news/new', { cookie: op.cookie, form: { date: today, visibleFor: 'customer', customerId: customer.id, ...form } }),
      )
    expect((await post({ title: 'Neues Reglement', body: 'Ab 1. Januar gilt …', titleFr: 'Nouveau règlement', bodyFr: 'Dès le 1er janvier …' })).status).toBe(
      302,
    )
    expect((await post({ titleFr: 'Seulement en français', leadFr: 'Pour les assurés romands' })).status).toBe(302)
    // No title at all, or a lead without its title, is refused.
    expect(JSON.stringify((await post({ lead: 'ohne Titel' })).body)).toContain('sadmin:news.oneTitle')
    expect(JSON.stringify((await post({ title: 'Titel', leadEn: 'A lead without a title' })).body)).toContain('sadmin:news.titleNeeded')

    const { cookie } = await memberFactory({ customer, traits: ['risk-read'] })
    const read = async (lng: string) =>
      (
        (await run(dashboard.loader, request(`/app?lng=${lng}`, { cookie }))).body as {
          news: { title: string; lead: string; body: string; language: string }[]
        }
      ).news
        .filter((n) => n.title !== 'Für alle') // the first test's news for everyone
        .map((n) => `${n.language}:${n.title}:${n.lead}:${n.body}`)
        .sort()
    expect(await read('fr')).toEqual(['fr:Nouveau règlement::Dès le 1er janvier …', 'fr:Seulement en français:Pour les assurés romands:'])
    expect(await read('de')).toEqual(['de:Neues Reglement::Ab 1. Januar gilt …', 'fr:Seulement en français:Pour les assurés romands:'])
    expect(await read('en')).toEqual(['de:Neues Reglement::Ab 1. Januar gilt …', 'fr:Seulement en français:Pour les assurés romands:'])
  })
})
