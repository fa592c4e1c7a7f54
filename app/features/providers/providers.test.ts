import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { mailTemplateSeeds } from '#models/reference/mail-templates.ts'
import { auditEntries, providerIncidents, providerLinks, providers } from '#models/schema/index.ts'
import {
  type Customer,
  customerFactory,
  type Member,
  memberFactory,
  processFactory,
  providerFactory,
  request,
  riskFactory,
  run,
} from '../../../tests/factories.ts'
import { dsgActivityRecord, dsgBreachRecord } from '../../../tests/factories/dsg-records.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import { system } from '../../../tests/system-db.ts'
import { unknownPlaceholders } from '../operator/mail-templates.server.ts'
import * as detailRoute from './detail.tsx'
import * as editRoute from './edit.tsx'
import * as exportRoute from './export.ts'
import { ProviderIncidents } from './incidents/incidents.server.ts'
import * as incidentRoute from './incidents/edit.tsx'
import * as listRoute from './index.tsx'
import { type ProviderInput, Providers } from './providers.server.ts'
import { reminderDate, runContractReminders } from './reminders.server.ts'
import { assuranceStates } from './assurance/state.server.ts'
import { lastNoticeDay, parseCountries } from './rules.ts'

const peer = useSmtpPeer()
const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))
const today = todayInZurich()

const input = (over: Partial<ProviderInput> = {}): ProviderInput => ({
  name: 'Pensionsverwaltung Muster AG',
  service: 'administration',
  criticality: 'high',
  description: '',
  ownerUserId: null,
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  contractStart: '2024-01-01',
  contractEnd: null,
  noticeMonths: 6,
  dpaSignedOn: null,
  dpaEnd: null,
  dsgRole: 'processor',
  dataCountries: ['CH'],
  abroadSafeguard: null,
  abroadSafeguardNote: '',
  exitPlan: '',
  assuranceRequired: false,
  assuranceDueMonth: 6,
  assuranceProcessId: null,
  ...over,
})

/** The form as the page posts it. */
const form = (over: Record<string, string> = {}) => ({
  name: 'Cloud Hosting Muster',
  service: 'itCloud',
  criticality: 'high',
  dsgRole: 'processor',
  dataCountries: 'CH, IE',
  abroadSafeguard: 'adequacy',
  assuranceDueMonth: '6',
  ...over,
})

async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}${error.messageKey ? ` ${error.messageKey}` : ''}`
    throw error
  }
  return 'done'
}

const row = async (id: string) => (await system().select().from(providers).where(eq(providers.id, id)))[0]

describe('the providers register', () => {
  let fund: Customer
  let other: Customer
  let writer: Member
  let reader: Member
  let dsg: Member
  let auditor: Member
  let nobody: Member
  let foreigner: Member
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Dienstleister' } })
    other = await customerFactory({ attributes: { name: 'Andere Kasse' } })
    writer = await memberFactory({ customer: fund, traits: ['write'] })
    reader = await memberFactory({ customer: fund, traits: ['ics-read'] })
    dsg = await memberFactory({ customer: fund, traits: ['admin'] })
    auditor = await memberFactory({ customer: fund, attributes: { membership: { kind: 'auditor', endsOn: addDays(today, 30) } } })
    nobody = await memberFactory({ customer: fund, traits: ['norights'] })
    foreigner = await memberFactory({ customer: other, traits: ['admin'] })
  })

  it('computes the last notice day and reads countries', () => {
    expect(lastNoticeDay('2026-12-31', 3)).toBe('2026-09-30')
    expect(lastNoticeDay('2027-03-31', 1)).toBe('2027-02-28')
    expect(lastNoticeDay('2027-01-15', 12)).toBe('2026-01-15')
    expect(lastNoticeDay('2027-01-15', null)).toBe('2027-01-15')
    expect(lastNoticeDay(null, 6)).toBeNull()
    expect(parseCountries('ch, ie')).toEqual(['CH', 'IE'])
    expect(parseCountries('CH, Irland')).toBeNull()
  })

  it('lets writers record, change, end and delete; readers and auditors only read; without rights 403', async () => {
    const made = await Providers.for(writer.access).create(input({ name: 'Verwaltung Alpha' }))
    expect(made.number).toBeGreaterThan(0)
    const [created] = await system().select().from(auditEntries).where(eq(auditEntries.entityId, made.id))
    expect(created).toMatchObject({ component: 'provider', action: 'Created' })
    // The factory's access is the membership's rights; the session adds its kind (an auditor reads, never writes).
    for (const access of [reader.access, { ...auditor.access, kind: 'auditor' as const }]) {
      const s = Providers.for(access)
      expect(s.mayRead).toBe(true)
      expect(s.mayWrite).toBe(false)
      expect((await s.get(made.id))?.name).toBe('Verwaltung Alpha')
      expect(await refusal(s.create(input()))).toBe('forbidden')
      expect(await refusal(s.update(made.id, input({ name: 'X' }), made.version))).toBe('forbidden')
      expect(await refusal(s.remove(made.id, made.version))).toBe('forbidden')
    }
    expect((await run(listRoute.loader, request('/app/providers', { cookie: auditor.cookie }))).status).toBe(200)
    expect((await run(editRoute.loader, request('/app/providers/new', { cookie: auditor.cookie }))).status).toBe(403)
    expect((await run(listRoute.loader, request('/app/providers', { cookie: nobody.cookie }))).status).toBe(403)
    const updated = await Providers.for(writer.access).update(made.id, input({ name: 'Verwaltung Alpha AG' }), made.version)
    expect(updated.version).toBe(2)
    // A stale version: 409, nothing changed.
    expect(await refusal(Providers.for(writer.access).update(made.id, input({ name: 'Zu spät' }), made.version))).toBe('stale')
    const stale = await run(editRoute.action, request(`/app/providers/${made.id}/edit`, { cookie: writer.cookie, form: form({ version: '1' }) }), {
      id: made.id,
    })
    expect(stale.status).toBe(409)
    expect((await row(made.id))?.name).toBe('Verwaltung Alpha AG')
    // The history reads with the form's labels, the record named by its number.
    const page = await run(detailRoute.loader, request(`/app/providers/${made.id}?history=1`, { cookie: writer.cookie }), { id: made.id })
    expect(page.status).toBe(200)
    const history = JSON.stringify((page.body as { history: unknown }).history)
    expect(history).toContain('Verwaltung Alpha AG')
    expect(history).toContain('Name')
    expect(history).not.toContain('providers:field')
    const ended = await Providers.for(writer.access).end(made.id, today, updated.version)
    expect(ended.endedOn).toBe(today)
    const active = await Providers.for(writer.access).list({ sort: 'number', dir: 'asc' }, { limit: 100, offset: 0 })
    expect(active.rows.map((r) => r.id)).not.toContain(made.id)
    const gone = await Providers.for(writer.access).list({ state: 'ended', sort: 'number', dir: 'asc' }, { limit: 100, offset: 0 })
    expect(gone.rows.map((r) => r.id)).toContain(made.id)
    await Providers.for(writer.access).remove(made.id, ended.version)
    expect(await row(made.id)).toBeUndefined()
  })

  it('filters and finds by name or number', async () => {
    const abroad = await providerFactory({
      customer: fund,
      attributes: { name: 'Irish Cloud Hosting', dataCountries: ['CH', 'IE'], abroadSafeguard: 'adequacy' },
    })
    const home = await providerFactory({ customer: fund, attributes: { name: 'Druckerei Muster', service: 'printMail', criticality: 'low' } })
    const s = Providers.for(reader.access)
    const ids = async (f: Parameters<typeof s.list>[0]) => (await s.list(f, { limit: 100, offset: 0 })).rows.map((r) => r.id)
    expect(await ids({ abroad: true, sort: 'number', dir: 'asc' })).toContain(abroad.id)
    expect(await ids({ abroad: true, sort: 'number', dir: 'asc' })).not.toContain(home.id)
    expect(await ids({ service: 'printMail', sort: 'name', dir: 'asc' })).toEqual([home.id])
    expect(await ids({ q: `DL-${home.number}`, sort: 'number', dir: 'asc' })).toEqual([home.id])
    expect(await ids({ q: 'irish', sort: 'number', dir: 'asc' })).toEqual([abroad.id])
    const csv = await run(exportRoute.loader, request('/app/providers/export.csv?abroad=yes', { cookie: reader.cookie }))
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('Irish Cloud Hosting')
    expect(String(csv.body)).not.toContain('Druckerei Muster')
    const xlsx = await run(exportRoute.loader, request('/app/providers/export.xlsx', { cookie: auditor.cookie }))
    expect(xlsx.status).toBe(200)
    expect(xlsx.headers.get('Content-Type')).toContain('spreadsheetml')
    expect((await run(exportRoute.loader, request('/app/providers/export.csv', { cookie: nobody.cookie }))).status).toBe(403)
  })

  it('filters by the assurance state and the notice coming, as the list and the dashboard’s tiles read them, the same as the provider’s page', async () => {
    const year = Number(today.slice(0, 4))
    // Due at the end of a month already past this year (January), nothing planned: overdue, unless today is in January.
    const late = await providerFactory({ customer: fund, attributes: { name: 'Verspätete Verwahrung', assuranceRequired: true, assuranceDueMonth: 1 } })
    const later = await providerFactory({ customer: fund, attributes: { name: 'Spätere Prüfung', assuranceRequired: true, assuranceDueMonth: 12 } })
    const notice = await providerFactory({
      customer: fund,
      attributes: { name: 'Kündigung bald', contractStart: `${year - 3}-01-01`, contractEnd: addDays(today, 100), noticeMonths: 3 },
    })
    const s = Providers.for(reader.access)
    const ids = async (f: Parameters<typeof s.list>[0]) => (await s.list(f, { limit: 500, offset: 0 })).rows.map((r) => r.id)
    const overdue = await ids({ assurance: 'overdue', sort: 'number', dir: 'asc' })
    const due = await ids({ assurance: 'due', sort: 'number', dir: 'asc' })
    expect(due).toContain(later.id)
    if (today.slice(5, 7) === '01') expect(due).toContain(late.id)
    else expect(overdue).toEqual(expect.arrayContaining([late.id]))
    expect(overdue).not.toContain(later.id)
    const states = await s.read((tx) => assuranceStates(tx, [late.id, later.id], today))
    for (const id of overdue.filter((i) => i === late.id || i === later.id)) expect(states.get(id)?.state).toBe('overdue')
    for (const id of due.filter((i) => i === late.id || i === later.id)) expect(states.get(id)?.state).toBe('due')
    expect(await ids({ notice: 'due', sort: 'number', dir: 'asc' })).toContain(notice.id)
    expect(await ids({ notice: 'due', sort: 'number', dir: 'asc' })).not.toContain(later.id)
    const page = await run(listRoute.loader, request('/app/providers?assurance=overdue&notice=due', { cookie: reader.cookie }))
    expect(page.status).toBe(200)
    expect((await run(listRoute.loader, request('/app/providers?assurance=nonsense', { cookie: reader.cookie }))).status).toBeLessThan(500)
  })

  it('answers bad input with 400 and the message at its field, the safeguard rule before the database’s check', async () => {
    const bad = await run(
      editRoute.action,
      request('/app/providers/new', { cookie: writer.cookie, form: form({ name: '', dataCountries: 'Irland', noticeMonths: '200', contactEmail: 'keine' }) }),
    )
    expect(bad.status).toBe(400)
    const text = JSON.stringify(bad.body)
    expect(text).toContain('validation.required')
    expect(text).toContain('providers:register.errors.countries')
    expect(text).toContain('providers:register.errors.noticeMonths')
    expect(text).toContain('validation.email')
    const noSafeguard = await run(editRoute.action, request('/app/providers/new', { cookie: writer.cookie, form: form({ abroadSafeguard: '' }) }))
    expect(noSafeguard.status).toBe(400)
    expect(JSON.stringify(noSafeguard.body)).toContain('providers:register.errors.safeguardRequired')
    const order = await run(
      editRoute.action,
      request('/app/providers/new', { cookie: writer.cookie, form: form({ contractStart: '2026-05-01', contractEnd: '2026-04-30' }) }),
    )
    expect(order.status).toBe(400)
    expect(JSON.stringify(order.body)).toContain('providers:register.errors.contractOrder')
    // The service holds the same rules (no 500 from the check constraint).
    const s = Providers.for(writer.access)
    expect(await refusal(s.create(input({ dataCountries: ['CH', 'DE'] })))).toBe('invalid providers:register.errors.safeguardRequired')
    expect((await s.create(input({ dataCountries: ['CH', 'DE'], dsgRole: 'none' }))).abroadSafeguard).toBeNull()
    expect(await refusal(s.create(input({ ownerUserId: foreigner.user.id })))).toBe('invalid providers:register.errors.owner')
    const foreignProcess = await processFactory({ customer: other })
    expect(await refusal(s.create(input({ assuranceRequired: true, assuranceProcessId: foreignProcess.id })))).toBe('invalid providers:register.errors.process')
    // Created without JavaScript: a redirect to its page.
    const created = await run(editRoute.action, request('/app/providers/new', { cookie: writer.cookie, form: form({ name: 'Formular Hosting' }) }))
    expect(created.status).toBe(302)
    const [made] = await system().select().from(providers).where(eq(providers.name, 'Formular Hosting'))
    expect(made).toMatchObject({ customerId: fund.id, dataCountries: ['CH', 'IE'], abroadSafeguard: 'adequacy' })
    expect(created.location).toBe(`/app/providers/${made!.id}`)
  })

  it('keeps another fund’s provider out of sight: 404', async () => {
    const hidden = await providerFactory({ customer: other, attributes: { name: 'Fremder Dienstleister' } })
    expect(await Providers.for(writer.access).get(hidden.id)).toBeNull()
    expect(await refusal(Providers.for(writer.access).update(hidden.id, input(), 1))).toBe('not-found')
    expect(await refusal(Providers.for(writer.access).link(hidden.id, 'risk', (await riskFactory({ customer: fund })).id))).toBe('not-found')
    expect((await run(detailRoute.loader, request(`/app/providers/${hidden.id}`, { cookie: writer.cookie }), { id: hidden.id })).status).toBe(404)
    expect(
      (await run(editRoute.action, request(`/app/providers/${hidden.id}/edit`, { cookie: writer.cookie, form: form({ version: '1' }) }), { id: hidden.id }))
        .status,
    ).toBe(404)
    expect((await run(incidentRoute.loader, request(`/app/providers/${hidden.id}/incidents/new`, { cookie: writer.cookie }), { id: hidden.id })).status).toBe(
      404,
    )
    expect((await row(hidden.id))?.name).toBe('Fremder Dienstleister')
  })

  it('links only the fund’s own risks, processes and activities, and unlinks them', async () => {
    const p = await providerFactory({ customer: fund })
    const risk = await riskFactory({ customer: fund })
    const process = await processFactory({ customer: fund })
    const activity = await dsgActivityRecord(fund)
    const foreignRisk = await riskFactory({ customer: other })
    const foreignActivity = await dsgActivityRecord(other)
    const s = Providers.for(writer.access)
    await s.link(p.id, 'risk', risk.id)
    await s.link(p.id, 'risk', risk.id) // twice is once
    await s.link(p.id, 'process', process.id)
    await s.link(p.id, 'activity', activity.id)
    expect(await refusal(s.link(p.id, 'risk', foreignRisk.id))).toBe('invalid providers:register.errors.linkTarget')
    expect(await refusal(s.link(p.id, 'activity', foreignActivity.id))).toBe('invalid providers:register.errors.linkTarget')
    expect(await refusal(s.link(p.id, 'process', 'not-an-id'))).toBe('invalid providers:register.errors.linkTarget')
    expect(await refusal(Providers.for(reader.access).link(p.id, 'risk', risk.id))).toBe('forbidden')
    const got = await s.get(p.id)
    expect(got?.risks.map((r) => r.id)).toEqual([risk.id])
    expect(got?.processes.map((r) => r.id)).toEqual([process.id])
    expect(got?.activities.map((r) => r.id)).toEqual([activity.id])
    const post = await run(
      detailRoute.action,
      request(`/app/providers/${p.id}`, { cookie: writer.cookie, form: { intent: 'link', kind: 'risk', targetId: foreignRisk.id } }),
      { id: p.id },
    )
    expect(post.status).toBe(400)
    const unlinked = await run(
      detailRoute.action,
      request(`/app/providers/${p.id}`, { cookie: writer.cookie, form: { intent: 'unlink', kind: 'risk', targetId: risk.id } }),
      { id: p.id },
    )
    expect(unlinked.status).toBe(302)
    const links = await system().select().from(providerLinks).where(eq(providerLinks.providerId, p.id))
    expect(links).toHaveLength(2)
    const entries = await system().select().from(auditEntries).where(eq(auditEntries.entityId, p.id))
    expect(entries.filter((e) => e.action === 'Updated').length).toBeGreaterThanOrEqual(4)
  })

  it('records incidents, links a breach only with personal data, of the fund, and only for who sees breaches; then refuses the delete (409)', async () => {
    const p = await providerFactory({ customer: fund })
    const breach = await dsgBreachRecord(fund)
    const foreignBreach = await dsgBreachRecord(other)
    const base = { occurredOn: today, title: 'Ausfall des Portals', description: '', closedOn: null }
    const asDsg = ProviderIncidents.for(dsg.access)
    expect(asDsg.mayBreach).toBe(true)
    expect(await refusal(asDsg.create(p.id, { ...base, personalData: false, breachId: breach.id }))).toBe(
      'invalid providers:incidents.errors.breachNeedsPersonalData',
    )
    expect(await refusal(asDsg.create(p.id, { ...base, personalData: true, breachId: foreignBreach.id }))).toBe('invalid providers:incidents.errors.breach')
    const linked = await asDsg.create(p.id, { ...base, personalData: true, breachId: breach.id })
    expect(linked).toMatchObject({ breachId: breach.id, personalData: true })
    expect(linked.number).toBeGreaterThan(0)
    // A writer without the breach register's right neither sees nor changes the link.
    const asWriter = ProviderIncidents.for(writer.access)
    expect(asWriter.mayBreach).toBe(false)
    expect(await asWriter.breachOptions()).toEqual([])
    const seen = await asWriter.get(p.id, linked.id)
    expect(seen).toMatchObject({ breachId: null, hasBreach: true })
    // Nor on the provider's page: the incident is listed without the breach it is recorded as.
    expect((await Providers.for(writer.access).get(p.id))?.incidents.find((i) => i.id === linked.id)?.breachId).toBeNull()
    expect((await Providers.for(dsg.access).get(p.id))?.incidents.find((i) => i.id === linked.id)?.breachId).toBe(breach.id)
    const kept = await asWriter.update(p.id, linked.id, { ...base, title: 'Ausfall (geklärt)', personalData: true, breachId: null }, linked.version)
    expect(kept.breachId).toBe(breach.id)
    expect(await refusal(asWriter.update(p.id, linked.id, { ...base, personalData: false, breachId: null }, kept.version))).toBe(
      'invalid providers:incidents.errors.breachNeedsPersonalData',
    )
    const plain = await asWriter.create(p.id, { ...base, personalData: true, breachId: breach.id })
    expect(plain.breachId).toBeNull()
    expect(await refusal(ProviderIncidents.for(reader.access).create(p.id, { ...base, personalData: false, breachId: null }))).toBe('forbidden')
    // Through the page: bad input 400, a stale version 409, another provider's incident 404.
    const bad = await run(
      incidentRoute.action,
      request(`/app/providers/${p.id}/incidents/new`, { cookie: writer.cookie, form: { occurredOn: '31.02.2026', title: '' } }),
      { id: p.id },
    )
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('validation.date')
    const stale = await run(
      incidentRoute.action,
      request(`/app/providers/${p.id}/incidents/${linked.id}/edit`, { cookie: writer.cookie, form: { occurredOn: today, title: 'x', version: '1' } }),
      { id: p.id, incidentId: linked.id },
    )
    expect(stale.status).toBe(409)
    const elsewhere = await providerFactory({ customer: fund })
    expect(
      (
        await run(incidentRoute.loader, request(`/app/providers/${elsewhere.id}/incidents/${linked.id}/edit`, { cookie: writer.cookie }), {
          id: elsewhere.id,
          incidentId: linked.id,
        })
      ).status,
    ).toBe(404)
    const [entry] = await system().select().from(auditEntries).where(eq(auditEntries.entityId, linked.id))
    expect(entry).toMatchObject({ component: 'providerIncident' })
    // A provider with incidents stays: 409 with the message, through the page too.
    const current = await row(p.id)
    expect(await refusal(Providers.for(writer.access).remove(p.id, current!.version))).toBe('conflict providers:register.errors.deleteInUse')
    const post = await run(
      editRoute.action,
      request(`/app/providers/${p.id}/edit`, { cookie: writer.cookie, form: { intent: 'delete', version: String(current!.version) } }),
      { id: p.id },
    )
    expect(post.status).toBe(409)
    expect(JSON.stringify(post.body)).toContain('providers:register.errors.deleteInUse')
    expect(await row(p.id)).toBeDefined()
    expect((await system().select().from(providerIncidents).where(eq(providerIncidents.providerId, p.id))).length).toBe(2)
  })
})

describe('the contract reminders', () => {
  let fund: Customer
  let owner: Member
  let admin: Member
  beforeAll(async () => {
    fund = await customerFactory({ attributes: { name: 'Kasse Vertragsende' } })
    owner = await memberFactory({ customer: fund, traits: ['write', 'french'] })
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
  })

  it('picks the notice day, then the end, each once', () => {
    const p = { contractEnd: addDays(today, 40), noticeMonths: 1, noticeRemindedFor: null }
    const notice = lastNoticeDay(p.contractEnd, 1)!
    expect(reminderDate(p, today)).toBe(notice < today ? p.contractEnd : notice)
    expect(reminderDate({ ...p, noticeRemindedFor: p.contractEnd }, today)).toBeNull()
    expect(reminderDate({ contractEnd: addDays(today, 200), noticeMonths: 0, noticeRemindedFor: null }, today)).toBeNull()
    expect(reminderDate({ contractEnd: null, noticeMonths: 3, noticeRemindedFor: null }, today)).toBeNull()
  })

  it('mails the owner in their language, or the admins, once per date', async () => {
    const end = addDays(today, 30)
    const owned = await providerFactory({
      customer: fund,
      attributes: { name: 'Hosting Rappel', contractEnd: end, noticeMonths: 0, ownerUserId: owner.user.id },
    })
    const orphan = await providerFactory({ customer: fund, attributes: { name: 'Druck ohne Betreuer', contractEnd: end, noticeMonths: 0 } })
    const far = await providerFactory({
      customer: fund,
      attributes: { name: 'Fernes Ende', contractEnd: addDays(today, 400), noticeMonths: 3, ownerUserId: owner.user.id },
    })
    const ended = await providerFactory({ customer: fund, attributes: { name: 'Beendet', contractEnd: end, endedOn: today, ownerUserId: owner.user.id } })
    expect(await runContractReminders(new Date())).toBeGreaterThanOrEqual(2)
    const mail = await peer().waitFor(owner.user.email)
    expect(mail.subject).toContain('Kasse Vertragsende')
    expect(mail.text).toContain(`DL-${owned.number} Hosting Rappel`)
    expect(mail.text).toContain('Bonjour')
    expect(mail.text).toContain(`/app/providers/${owned.id}`)
    const adminMail = await peer().waitFor(admin.user.email)
    expect(adminMail.text).toContain('Druck ohne Betreuer')
    expect((await row(owned.id))?.noticeRemindedFor).toBe(end)
    expect((await row(orphan.id))?.noticeRemindedFor).toBe(end)
    expect((await row(far.id))?.noticeRemindedFor).toBeNull()
    expect((await row(ended.id))?.noticeRemindedFor).toBeNull()
    // Again: nothing new.
    const before = mailsTo(owner.user.email).length
    await runContractReminders(new Date())
    expect(mailsTo(owner.user.email)).toHaveLength(before)
    expect(mailsTo(owner.user.email).every((m) => !m.text.includes('Fernes Ende') && !m.text.includes('Beendet'))).toBe(true)
  })

  it('has the template in three languages with known placeholders', () => {
    const seeds = mailTemplateSeeds.filter((t) => t.key === 'providerContractNotice')
    expect(seeds.map((s) => s.language).sort()).toEqual(['de', 'en', 'fr'])
    for (const t of seeds) expect(unknownPlaceholders(t.key, t.subject, t.body)).toEqual([])
  })
})
