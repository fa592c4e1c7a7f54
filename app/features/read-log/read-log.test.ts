import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { dsgBreaches, readLog } from '#models/schema/index.ts'
import { inRequest } from '#models/core/scope.server.ts'
import { system } from '../../../tests/system-db.ts'
import { dsgActivityRecord, dsgBreachRecord, dsgRequestRecord } from '../../../tests/factories/dsg-records.ts'
import { createCustomer, memberFactory, operatorFactory, processFactory, request, riskFactory, run } from '../../../tests/factories.ts'
import * as breachRoute from '../dsg/breaches/detail.tsx'
import * as breachNotification from '../dsg/breaches/notification.tsx'
import * as breachList from '../dsg/breaches/index.tsx'
import * as activityRoute from '../dsg/processing/detail.tsx'
import * as activityEdit from '../dsg/processing/edit.tsx'
import * as activitiesCsv from '../dsg/processing/export-csv.ts'
import * as requestRoute from '../dsg/requests/detail.tsx'
import * as requestEdit from '../dsg/requests/edit.tsx'
import * as requestAnswer from '../dsg/requests/answer.tsx'
import * as breachNotify from '../dsg/breaches/notify.tsx'
import * as requestList from '../dsg/requests/index.tsx'
import * as icsDetail from '#app/features/inventory/ics/detail.tsx'
import * as riskDetail from '#app/features/inventory/risk/detail.tsx'
import * as debugRoute from '../shell/debug.tsx'
import * as readLogPage from './index.tsx'
import { purgeReadLog } from '#models/core/read-log.server.ts'

const entriesOf = (recordId: string) => system().select().from(readLog).where(eq(readLog.recordId, recordId)).orderBy(readLog.readAt)

describe('the read log of sensitive data', () => {
  let alpha: string
  let beta: string
  let dsg: Awaited<ReturnType<typeof memberFactory>>
  let admin: Awaited<ReturnType<typeof memberFactory>>
  let betaAdmin: Awaited<ReturnType<typeof memberFactory>>
  let writer: Awaited<ReturnType<typeof memberFactory>>
  beforeAll(async () => {
    alpha = (await createCustomer({ name: 'Alpha RL', language: 'de' })).id
    beta = (await createCustomer({ name: 'Beta RL', language: 'de' })).id
    dsg = await memberFactory({ customer: alpha, traits: ['dsg'], attributes: { user: { firstName: 'Dora', lastName: 'Schutz' } } })
    admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    betaAdmin = await memberFactory({ customer: beta, traits: ['admin'] })
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
  })

  it('logs the reading of a breach, with who and through which page, once per page', async () => {
    const breach = await dsgBreachRecord(alpha)
    const res = await run(breachRoute.loader, request(`/app/dsg/breaches/${breach.id}?x=1`, { cookie: dsg.cookie }), { id: breach.id })
    expect(res.status).toBe(200)
    const [entry, ...more] = await entriesOf(breach.id)
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      customerId: alpha,
      userId: dsg.user.id,
      userLabel: `Dora Schutz <${dsg.user.email}>`,
      actingForUserId: null,
      recordKind: 'dsgBreach',
      via: `/app/dsg/breaches/${breach.id}`,
    })
    // Its printable notification is a read too.
    await run(breachNotification.loader, request(`/app/dsg/breaches/${breach.id}/notification`, { cookie: dsg.cookie }), { id: breach.id })
    expect((await entriesOf(breach.id)).map((e) => e.via)).toEqual([`/app/dsg/breaches/${breach.id}`, `/app/dsg/breaches/${breach.id}/notification`])
  })

  it('records on whose behalf a deputy read', async () => {
    const principal = await memberFactory({ customer: alpha, traits: ['dsg'] })
    const deputy = await memberFactory({ customer: alpha, traits: ['dsg', 'acting'], deputyOf: principal })
    const breach = await dsgBreachRecord(alpha)
    expect((await run(breachRoute.loader, request(`/app/dsg/breaches/${breach.id}`, { cookie: deputy.cookie }), { id: breach.id })).status).toBe(200)
    const [entry] = await entriesOf(breach.id)
    expect(entry).toMatchObject({ userId: deputy.user.id, actingForUserId: principal.user.id })
  })

  it('logs requests of data subjects, sensitive activities and their exports, and no non-sensitive activity', async () => {
    const req = await dsgRequestRecord(alpha, { dueOn: '2026-12-31' })
    expect((await run(requestRoute.loader, request(`/app/dsg/requests/${req.id}`, { cookie: dsg.cookie }), { id: req.id })).status).toBe(200)
    expect(await entriesOf(req.id)).toMatchObject([{ recordKind: 'dsgRequest', via: `/app/dsg/requests/${req.id}` }])

    const sensitive = await dsgActivityRecord(alpha, { sensitive: true, dataCategories: [{ name: 'Gesundheit', sensitive: true }] })
    const plain = await dsgActivityRecord(alpha, { sensitive: false })
    expect((await run(activityRoute.loader, request(`/app/dsg/processing/${sensitive.id}`, { cookie: writer.cookie }), { id: sensitive.id })).status).toBe(200)
    expect((await run(activityRoute.loader, request(`/app/dsg/processing/${plain.id}`, { cookie: writer.cookie }), { id: plain.id })).status).toBe(200)
    expect(await entriesOf(sensitive.id)).toMatchObject([{ recordKind: 'dsgActivity', userId: writer.user.id }])
    expect(await entriesOf(plain.id)).toEqual([])

    // The record's export: one entry per sensitive activity it holds, naming the export.
    expect((await run(activitiesCsv.loader, request('/app/dsg/processing/export.csv', { cookie: writer.cookie }))).status).toBe(200)
    expect((await entriesOf(sensitive.id)).map((e) => e.via)).toEqual([`/app/dsg/processing/${sensitive.id}`, '/app/dsg/processing/export.csv'])
    expect(await entriesOf(plain.id)).toEqual([])
  })

  it('logs the data protection block of a risk and of an ICS process, and no other step', async () => {
    const risk = await riskFactory({ customer: alpha })
    await run(riskDetail.loader, request(`/app/risk/${risk.id}?step=analysis`, { cookie: writer.cookie }), { id: risk.id })
    expect(await entriesOf(risk.id)).toEqual([])
    expect((await run(riskDetail.loader, request(`/app/risk/${risk.id}?step=dsg`, { cookie: writer.cookie }), { id: risk.id })).status).toBe(200)
    expect(await entriesOf(risk.id)).toMatchObject([{ recordKind: 'risk', via: `/app/risk/${risk.id}` }])

    const process = await processFactory({ customer: alpha })
    expect((await run(icsDetail.loader, request(`/app/iks/${process.id}?step=dsg`, { cookie: writer.cookie }), { id: process.id })).status).toBe(200)
    expect(await entriesOf(process.id)).toMatchObject([{ recordKind: 'icsProcess', userId: writer.user.id, via: `/app/iks/${process.id}` }])
  })

  it('logs one read per request of a data subject the list shows, through the list, and none for a request not shown', async () => {
    const shown = await dsgRequestRecord(alpha, { dueOn: '2026-12-30', requesterName: 'Erna Listig' })
    const other = await dsgRequestRecord(alpha, { dueOn: '2026-12-30', requesterName: 'Otto Anders' })
    const res = await run(requestList.loader, request('/app/dsg/requests?q=Listig', { cookie: dsg.cookie }))
    expect(res.status).toBe(200)
    expect((res.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([shown.id])
    expect(await entriesOf(shown.id)).toMatchObject([{ recordKind: 'dsgRequest', userId: dsg.user.id, via: '/app/dsg/requests' }])
    expect(await entriesOf(other.id)).toEqual([])
  })

  it('logs the dialogs of a request and a breach (edit, answer, notify) once per page, and not the posts that change them', async () => {
    const req = await dsgRequestRecord(alpha, { dueOn: '2026-12-31' })
    const base = `/app/dsg/requests/${req.id}`
    // A full page load of a dialog runs the record's page and the dialog in one request: one entry.
    const both = request(`${base}/edit`, { cookie: dsg.cookie })
    const args = { request: both, params: { id: req.id }, context: {} } as never
    await inRequest(both, async () => {
      await requestRoute.loader(args)
      await requestEdit.loader(args)
    })
    expect((await entriesOf(req.id)).map((e) => e.via)).toEqual([`${base}/edit`])
    await run(requestAnswer.loader, request(`${base}/answer`, { cookie: dsg.cookie }), { id: req.id })
    expect((await entriesOf(req.id)).map((e) => e.via)).toEqual([`${base}/edit`, `${base}/answer`])
    // The edit dialog alone (a client-side visit fetches only its own data) is a read too.
    await run(requestEdit.loader, request(`${base}/edit`, { cookie: dsg.cookie }), { id: req.id })
    expect((await entriesOf(req.id)).map((e) => e.via)).toEqual([`${base}/edit`, `${base}/answer`, `${base}/edit`])

    const breach = await dsgBreachRecord(alpha)
    await run(breachNotify.loader, request(`/app/dsg/breaches/${breach.id}/notify`, { cookie: dsg.cookie }), { id: breach.id })
    expect((await entriesOf(breach.id)).map((e) => e.via)).toEqual([`/app/dsg/breaches/${breach.id}/notify`])
  })

  it('logs the edit form of a sensitive activity, and not that of a non-sensitive one', async () => {
    const sensitive = await dsgActivityRecord(alpha, { sensitive: true, dataCategories: [{ name: 'Gesundheit', sensitive: true }] })
    const plain = await dsgActivityRecord(alpha, { sensitive: false })
    expect((await run(activityEdit.loader, request(`/app/dsg/processing/${sensitive.id}/edit`, { cookie: dsg.cookie }), { id: sensitive.id })).status).toBe(200)
    expect((await run(activityEdit.loader, request(`/app/dsg/processing/${plain.id}/edit`, { cookie: dsg.cookie }), { id: plain.id })).status).toBe(200)
    expect(await entriesOf(sensitive.id)).toMatchObject([{ recordKind: 'dsgActivity', userId: dsg.user.id, via: `/app/dsg/processing/${sensitive.id}/edit` }])
    expect(await entriesOf(plain.id)).toEqual([])
  })

  it('logs one read per breach the list shows, through the list, and none for a breach not shown', async () => {
    const shown = await dsgBreachRecord(alpha, { title: 'Brief an Listenmann' })
    const other = await dsgBreachRecord(alpha, { title: 'Anderer Vorfall' })
    const res = await run(breachList.loader, request('/app/dsg/breaches?q=Listenmann', { cookie: dsg.cookie }))
    expect(res.status).toBe(200)
    expect((res.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([shown.id])
    expect(await entriesOf(shown.id)).toMatchObject([{ recordKind: 'dsgBreach', userId: dsg.user.id, via: '/app/dsg/breaches' }])
    expect(await entriesOf(other.id)).toEqual([])
  })

  it('sends the data protection block only on the DSG step: the other steps of a risk and an ICS process carry none of its fields', async () => {
    const dsgFields = ['dsgRelevant', 'hasPersonalData', 'hasProtectableData', 'dsgMeasureNeeded']
    const risk = await riskFactory({ customer: alpha, attributes: { dsgRelevant: true, hasPersonalData: true } })
    for (const step of ['intro', 'analysis', 'evaluation', 'steering', 'monitoring', 'documents']) {
      const res = await run(riskDetail.loader, request(`/app/risk/${risk.id}?step=${step}`, { cookie: writer.cookie }), { id: risk.id })
      const record = (res.body as { found: { risk: Record<string, unknown> } }).found.risk
      expect(record.title).toBe(risk.title)
      for (const f of dsgFields) expect(record, `${step}: ${f}`).not.toHaveProperty(f)
    }
    expect(await entriesOf(risk.id)).toEqual([])
    const dsgStep = await run(riskDetail.loader, request(`/app/risk/${risk.id}?step=dsg`, { cookie: writer.cookie }), { id: risk.id })
    expect((dsgStep.body as { found: { risk: Record<string, unknown> } }).found.risk).toMatchObject({ dsgRelevant: true, hasPersonalData: true })

    const process = await processFactory({ customer: alpha })
    for (const step of ['intro', 'control', 'assessment', 'objectives', 'documents']) {
      const res = await run(icsDetail.loader, request(`/app/iks/${process.id}?step=${step}`, { cookie: writer.cookie }), { id: process.id })
      const record = (res.body as { found: { process: Record<string, unknown> } }).found.process
      for (const f of dsgFields) expect(record, `${step}: ${f}`).not.toHaveProperty(f)
    }
    expect(await entriesOf(process.id)).toEqual([])
  })

  it('shows admins their own fund’s log, newest first with links, filtered on the server; refuses others', async () => {
    const breach = await dsgBreachRecord(alpha)
    await run(breachRoute.loader, request(`/app/dsg/breaches/${breach.id}`, { cookie: dsg.cookie }), { id: breach.id })
    const betaBreach = await dsgBreachRecord(beta)
    await run(breachRoute.loader, request(`/app/dsg/breaches/${betaBreach.id}`, { cookie: betaAdmin.cookie }), { id: betaBreach.id })

    const page = await run(readLogPage.loader, request('/app/admin/read-log', { cookie: admin.cookie }))
    expect(page.status).toBe(200)
    const body = page.body as { rows: { recordId: string; href: string | null; user: string; kind: string }[]; total: number }
    expect(body.rows[0]).toMatchObject({ recordId: breach.id, kind: 'dsgBreach', href: `/app/dsg/breaches/${breach.id}` })
    expect(body.rows.some((r) => r.recordId === betaBreach.id)).toBe(false)

    const filtered = await run(readLogPage.loader, request(`/app/admin/read-log?kind=dsgRequest&user=${dsg.user.id}`, { cookie: admin.cookie }))
    const rows = (filtered.body as typeof body).rows
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.kind === 'dsgRequest')).toBe(true)
    // A period without reads, and nonsense in the filters, answer without failing.
    const empty = await run(readLogPage.loader, request('/app/admin/read-log?from=2000-01-01&to=2000-01-02', { cookie: admin.cookie }))
    expect((empty.body as typeof body).total).toBe(0)
    expect((await run(readLogPage.loader, request('/app/admin/read-log?from=2026-02-31&user=x&kind=y', { cookie: admin.cookie }))).status).toBe(200)

    expect((await run(readLogPage.loader, request('/app/admin/read-log', { cookie: writer.cookie }))).status).toBe(403)
    expect((await run(readLogPage.loader, request('/app/admin/read-log', { cookie: dsg.cookie }))).status).toBe(403)
  })

  it('names each record read by its number and title, linked while it exists, and says when it was deleted', async () => {
    const breach = await dsgBreachRecord(alpha, { title: 'Brief an falsche Adresse' })
    const gone = await dsgBreachRecord(alpha, { title: 'Verlorener Laptop' })
    const req = await dsgRequestRecord(alpha, { dueOn: '2026-12-31', requesterName: 'Erika Beispiel' })
    const activity = await dsgActivityRecord(alpha, { name: 'Gesundheitsdaten IV', sensitive: true, dataCategories: [{ name: 'Gesundheit', sensitive: true }] })
    await run(breachRoute.loader, request(`/app/dsg/breaches/${breach.id}`, { cookie: dsg.cookie }), { id: breach.id })
    await run(breachRoute.loader, request(`/app/dsg/breaches/${gone.id}`, { cookie: dsg.cookie }), { id: gone.id })
    await run(requestRoute.loader, request(`/app/dsg/requests/${req.id}`, { cookie: dsg.cookie }), { id: req.id })
    await run(activityRoute.loader, request(`/app/dsg/processing/${activity.id}`, { cookie: dsg.cookie }), { id: activity.id })
    await system().delete(dsgBreaches).where(eq(dsgBreaches.id, gone.id))

    const page = await run(readLogPage.loader, request(`/app/admin/read-log?user=${dsg.user.id}`, { cookie: admin.cookie }))
    const rows = (page.body as { rows: { recordId: string; record: string | null; href: string | null }[] }).rows
    const row = (id: string) => rows.find((r) => r.recordId === id)
    expect(row(breach.id)).toMatchObject({ record: `DB-${breach.idkey} Brief an falsche Adresse`, href: `/app/dsg/breaches/${breach.id}` })
    expect(row(gone.id)).toMatchObject({ record: null, href: null })
    // A request by its number: its requester is not for the log.
    expect(row(req.id)).toMatchObject({ record: `DR-${req.idkey}`, href: `/app/dsg/requests/${req.id}` })
    expect(row(activity.id)).toMatchObject({ record: `V-${activity.idkey} Gesundheitsdaten IV`, href: `/app/dsg/processing/${activity.id}` })
    expect(JSON.stringify(rows)).not.toContain('Erika Beispiel')
  })

  it('the housekeeping deletes entries past their year and keeps younger ones', async () => {
    const old = new Date(Date.now() - 366 * 86_400_000)
    const young = new Date(Date.now() - 364 * 86_400_000)
    const rows = await system()
      .insert(readLog)
      .values([
        { customerId: alpha, readAt: old, userId: dsg.user.id, userLabel: 'x', recordKind: 'dsgBreach', recordId: 'retention-old', via: '/x' },
        { customerId: alpha, readAt: young, userId: dsg.user.id, userLabel: 'x', recordKind: 'dsgBreach', recordId: 'retention-young', via: '/x' },
      ])
      .returning()
    expect(rows).toHaveLength(2)
    expect(await purgeReadLog()).toBeGreaterThanOrEqual(1)
    expect(await entriesOf('retention-old')).toEqual([])
    expect(await entriesOf('retention-young')).toHaveLength(1)
  })
})

describe('the diagnostics page', () => {
  it('does not exist for a fund admin or a plain user (404), and shows the operator the figures without secrets', async () => {
    const customer = (await createCustomer({ name: 'Gamma Diag' })).id
    const admin = await memberFactory({ customer, traits: ['admin'] })
    const reader = await memberFactory({ customer, traits: ['read'] })
    expect((await run(debugRoute.loader, request('/app/debug', { cookie: admin.cookie }))).status).toBe(404)
    expect((await run(debugRoute.loader, request('/app/debug', { cookie: reader.cookie }))).status).toBe(404)

    const saved = { ...process.env }
    process.env.SMTP_HOST = 'mail.example.ch'
    process.env.SMTP_PORT = '2525'
    process.env.SMTP_USER = 'mailer'
    process.env.SMTP_PASSWORD = 'smtp-secret-Xy7'
    try {
      const operator = await operatorFactory()
      const res = await run(debugRoute.loader, request('/app/debug', { cookie: operator.cookie }))
      expect(res.status).toBe(200)
      const { diagnostics } = res.body as { diagnostics: Awaited<ReturnType<typeof import('../shell/diagnostics.server.ts').diagnostics>> }
      expect(diagnostics.version).toMatch(/^\d+\.\d+\.\d+/)
      expect(diagnostics.migrations.shipped).toBeGreaterThanOrEqual(29)
      expect(diagnostics.migrations.latestShipped).toMatch(/^\d{4}_/)
      expect(diagnostics.database.server).toMatch(/^\d+/)
      expect(diagnostics.database.size).toBeGreaterThan(0)
      expect(diagnostics.mail).toEqual({ kind: 'smtp', where: 'mail.example.ch:2525' })
      const text = JSON.stringify(res.body)
      expect(text).not.toContain('smtp-secret-Xy7')
      expect(text).not.toContain('mailer')
      // The passwords the test server really connects with: the application role's and the admin's.
      for (const pw of [inject('appRole').password, decodeURIComponent(new URL(inject('adminUrl')).password)]) {
        expect(pw).not.toBe('')
        expect(text).not.toContain(pw)
      }
      // No session or cookie either.
      expect(text).not.toContain(operator.token)
    } finally {
      for (const k of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD']) if (saved[k] === undefined) delete process.env[k]
    }
  })
})
