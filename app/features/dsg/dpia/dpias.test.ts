import { and, asc, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { nextNumber } from '#models/core/counters.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { asSystem } from '#models/core/scope.server.ts'
import { auditEntries, dsgActivities, dsgDpias, memberships, probabilityLevels, severityLevels, users } from '#models/schema/index.ts'
import { system } from '../../../../tests/system-db.ts'
import { customerFactory, type Member, measureFactory, memberFactory, request, run } from '../../../../tests/factories/index.ts'
import { seedDsgDpias } from '#models/seed/dsg-dpias.ts'
import { addYears } from '../rules.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { readChanges } from '#app/accountability/history.server.ts'
import * as deleteRoute from './delete.tsx'
import * as detailRoute from './detail.tsx'
import { DsgDpias } from './dpias.server.ts'
import * as listRoute from './index.tsx'
import * as newRoute from './new.tsx'

type Activity = typeof dsgActivities.$inferSelect

async function activityFactory(customerId: string, attributes: Partial<typeof dsgActivities.$inferInsert> = {}): Promise<Activity> {
  return asSystem('test: activity', async (tx) => {
    const [row] = await tx
      .insert(dsgActivities)
      .values({
        customerId,
        idkey: await nextNumber(tx, customerId, 'dsg_activity'),
        name: `Invalidenleistungen ${Math.random().toString(36).slice(2, 8)}`,
        state: 'active',
        ...attributes,
      })
      .returning()
    return row
  })
}

/** The fund's level of each scale by its ref (five of each, as a new fund is provisioned). */
async function levelsOf(customerId: string) {
  const p = await system().select().from(probabilityLevels).where(eq(probabilityLevels.customerId, customerId)).orderBy(asc(probabilityLevels.ref))
  const s = await system().select().from(severityLevels).where(eq(severityLevels.customerId, customerId)).orderBy(asc(severityLevels.ref))
  return { p: (ref: number) => p.find((l) => l.ref === ref)!.id, s: (ref: number) => s.find((l) => l.ref === ref)!.id }
}

const NONE = { largeScaleSensitive: false, systematicMonitoring: false, newTechnologies: false, profilingHighRisk: false, requiredByLaw: false }

const post = (m: Member, id: string, form: Record<string, string>) =>
  run(detailRoute.action, request(`/app/dsg/dpia/${id}`, { cookie: m.cookie, form }), { id })
const dpiaRow = async (id: string) => (await system().select().from(dsgDpias).where(eq(dsgDpias.id, id)))[0]
const bodyText = (o: { body: unknown }) => JSON.stringify(o.body)

describe('data protection impact assessments', () => {
  let alpha: string
  let beta: string
  let dsg: Member
  let admin: Member
  let reader: Member
  let writer: Member
  let norights: Member
  let betaDsg: Member
  beforeAll(async () => {
    alpha = (await customerFactory()).id
    beta = (await customerFactory()).id
    dsg = await memberFactory({ customer: alpha, traits: ['dsg'] })
    admin = await memberFactory({ customer: alpha, traits: ['risk-admin'] })
    reader = await memberFactory({ customer: alpha, traits: ['read'] })
    writer = await memberFactory({ customer: alpha, traits: ['write'] })
    norights = await memberFactory({ customer: alpha, traits: ['norights'] })
    betaDsg = await memberFactory({ customer: beta, traits: ['dsg'] })
  })

  it('screens: a criterion makes it required, none needs a reason, the exemption of para. 4 prefills it', async () => {
    const a1 = await activityFactory(alpha)
    const screen = (activity: Activity, form: Record<string, string>) =>
      run(newRoute.action, request(`/app/dsg/dpia/new?activity=${activity.id}`, { cookie: dsg.cookie, form: { activityId: activity.id, ...form } }))

    const required = await screen(a1, { largeScaleSensitive: 'on' })
    expect(required.status).toBe(302)
    const [row1] = await system().select().from(dsgDpias).where(eq(dsgDpias.activityId, a1.id))
    expect(row1).toMatchObject({ state: 'open', largeScaleSensitive: true, notRequiredReason: '', screenedOn: todayInZurich(), screenedByUserId: dsg.user.id })
    expect(required.location).toBe(`/app/dsg/dpia/${row1.id}`)
    // Screened already: the screening page leads to the assessment.
    const again = await run(newRoute.loader, request(`/app/dsg/dpia/new?activity=${a1.id}`, { cookie: dsg.cookie }))
    expect(again.location).toBe(`/app/dsg/dpia/${row1.id}`)

    // No criterion and no reason: refused at the reason, the input kept.
    const a2 = await activityFactory(alpha)
    const noReason = await screen(a2, { newTechnologies: '' })
    expect(noReason.status).toBe(400)
    expect(bodyText(noReason)).toContain('dsg:dpia.error.reasonRequired')
    expect((await system().select().from(dsgDpias).where(eq(dsgDpias.activityId, a2.id))).length).toBe(0)
    expect((await screen(a2, { notRequiredReason: 'Nur Name und Adresse der Stiftungsräte' })).status).toBe(302)
    const [row2] = await system().select().from(dsgDpias).where(eq(dsgDpias.activityId, a2.id))
    expect(row2).toMatchObject({ state: 'notRequired', notRequiredReason: 'Nur Name und Adresse der Stiftungsräte' })

    // Required by law: not required even with criteria, the reason prefilled in the user's language.
    const a3 = await activityFactory(alpha)
    expect((await screen(a3, { largeScaleSensitive: 'on', profilingHighRisk: 'on', requiredByLaw: 'on' })).status).toBe(302)
    const [row3] = await system().select().from(dsgDpias).where(eq(dsgDpias.activityId, a3.id))
    expect(row3).toMatchObject({ state: 'notRequired', requiredByLaw: true, largeScaleSensitive: true })
    expect(row3.notRequiredReason).toContain('Art. 22 Abs. 4 DSG')

    // Screening again on the detail page: required now.
    const rescreen = await post(dsg, row2.id, { intent: 'screen', version: String(row2.version), systematicMonitoring: 'on' })
    expect(rescreen.status).toBe(302)
    expect(await dpiaRow(row2.id)).toMatchObject({ state: 'open', systematicMonitoring: true, notRequiredReason: '', version: row2.version + 1 })
    // An assessment not required has no assessment to save.
    const notRequired = await post(dsg, row3.id, { intent: 'assessment', version: String(row3.version), description: 'x' })
    expect(notRequired.status).toBe(409)
    expect(bodyText(notRequired)).toContain('dsg:dpia.error.notRequired')
  })

  it('approves only a complete assessment; the FDPIC must be consulted when the residual risk stays high without the advisor', async () => {
    const activity = await activityFactory(alpha)
    const service = DsgDpias.for(dsg.access)
    const id = await service.screen(activity.id, { ...NONE, newTechnologies: true, notRequiredReason: '' })
    const level = await levelsOf(alpha)
    const version = async () => String((await dpiaRow(id)).version)
    const approve = async () => post(dsg, id, { intent: 'approve', version: await version(), approvedByUserId: admin.user.id, approvedOn: todayInZurich() })

    // Nothing yet: refused, and the page names what is missing.
    const empty = await approve()
    expect(empty.status).toBe(400)
    expect(bodyText(empty)).toContain('dsg:dpia.error.incomplete')
    const page = await run(detailRoute.loader, request(`/app/dsg/dpia/${id}`, { cookie: dsg.cookie }), { id })
    expect((page.body as { gaps: string[] }).gaps).toEqual(['description', 'risks', 'residual'])

    // Description and a high residual risk (4 × 3 is high on the risk map), advisor not consulted.
    const saved = await post(dsg, id, {
      intent: 'assessment',
      version: await version(),
      description: 'Prüfung von IV-Fällen mit Arztberichten',
      residualProbabilityLevelId: level.p(4),
      residualSeverityLevelId: level.s(3),
    })
    expect(saved.status).toBe(302)
    const risk = await post(dsg, id, {
      intent: 'saveRisk',
      version: await version(),
      description: 'Offenlegung von Gesundheitsdaten an Unbefugte',
      probabilityLevelId: level.p(2),
      severityLevelId: level.s(5),
    })
    expect(risk.status).toBe(302)
    let found = (await service.get(id))!
    expect(found).toMatchObject({ residualHigh: true, consultationRequired: true, gaps: ['fdpic'] })
    expect(found.risks).toMatchObject([{ description: 'Offenlegung von Gesundheitsdaten an Unbefugte', probabilityRef: 2, severityRef: 5 }])
    expect((await approve()).status).toBe(400)

    // The advisor consulted (Art. 23 para. 4): no consultation of the FDPIC required.
    await service.saveAssessment(id, { ...pick(found.dpia), advisorConsulted: true }, found.dpia.version)
    found = (await service.get(id))!
    expect(found).toMatchObject({ residualHigh: true, consultationRequired: false, gaps: [] })
    // Or, without the advisor, the FDPIC consulted: complete too.
    await service.saveAssessment(
      id,
      { ...pick(found.dpia), advisorConsulted: false, fdpicConsultedOn: addDays(todayInZurich(), -3), fdpicReference: 'EDÖB-2026-17' },
      found.dpia.version,
    )
    found = (await service.get(id))!
    expect(found).toMatchObject({ consultationRequired: true, gaps: [] })

    // A consultation date in the future is refused, the input kept.
    const future = await post(dsg, id, {
      intent: 'assessment',
      version: await version(),
      description: 'Geändert',
      residualProbabilityLevelId: level.p(4),
      residualSeverityLevelId: level.s(3),
      fdpicConsultedOn: addDays(todayInZurich(), 5),
    })
    expect(future.status).toBe(400)
    expect(bodyText(future)).toContain('dsg:dpia.error.future')
    expect(bodyText(future)).toContain('Geändert')

    // Only a member who may edit data protection approves.
    const byWriter = await post(dsg, id, { intent: 'approve', version: await version(), approvedByUserId: writer.user.id, approvedOn: todayInZurich() })
    expect(byWriter.status).toBe(400)
    expect(bodyText(byWriter)).toContain('dsg:dpia.error.approver')
    const byOtherFund = await post(dsg, id, { intent: 'approve', version: await version(), approvedByUserId: betaDsg.user.id, approvedOn: todayInZurich() })
    expect(byOtherFund.status).toBe(400)
    expect((await approve()).status).toBe(302)
    expect(await dpiaRow(id)).toMatchObject({ state: 'approved', approvedByUserId: admin.user.id, approvedOn: todayInZurich() })
    const approvers = (page.body as { choices: { approvers: { id: string }[] } }).choices.approvers.map((a) => a.id)
    expect(approvers).toEqual(expect.arrayContaining([dsg.user.id, admin.user.id]))
    expect(approvers).not.toContain(writer.user.id)
    expect(approvers).not.toContain(reader.user.id)

    // A change of the assessment withdraws the approval: refused until confirmed, then withdrawn.
    const row = await dpiaRow(id)
    const lower = { ...pick(row), residualProbabilityLevelId: level.p(1), residualSeverityLevelId: level.s(1) }
    await expect(service.saveAssessment(id, lower, row.version)).rejects.toMatchObject({ code: 'invalid', field: 'withdrawApproval' })
    expect(await dpiaRow(id)).toMatchObject({ state: 'approved', version: row.version })
    await service.saveAssessment(id, lower, row.version, true)
    expect(await dpiaRow(id)).toMatchObject({ state: 'open', approvedByUserId: null, approvedOn: null })
    expect((await service.get(id))!).toMatchObject({ residualHigh: false, consultationRequired: false })
  })

  it('refuses another fund’s levels and measures, and links only DSG measures', async () => {
    const activity = await activityFactory(alpha)
    const service = DsgDpias.for(dsg.access)
    const id = await service.screen(activity.id, { ...NONE, largeScaleSensitive: true, notRequiredReason: '' })
    const foreign = await levelsOf(beta)
    const own = await levelsOf(alpha)
    const version = async () => String((await dpiaRow(id)).version)

    const badResidual = await post(dsg, id, { intent: 'assessment', version: await version(), description: 'x', residualProbabilityLevelId: foreign.p(3) })
    expect(badResidual.status).toBe(400)
    expect(bodyText(badResidual)).toContain('dsg:dpia.error.level')
    const badRisk = await post(dsg, id, {
      intent: 'saveRisk',
      version: await version(),
      description: 'x',
      probabilityLevelId: own.p(1),
      severityLevelId: foreign.s(1),
    })
    expect(badRisk.status).toBe(400)
    expect(bodyText(badRisk)).toContain('severityLevelId')
    expect((await service.get(id))!.risks).toEqual([])

    const foreignMeasure = await measureFactory({ customer: beta, owner: betaDsg.user, traits: ['dsg'] })
    expect((await post(dsg, id, { intent: 'link', version: await version(), measureId: foreignMeasure.id })).status).toBe(404)
    const plain = await measureFactory({ customer: alpha, owner: writer.user, traits: ['fund'] })
    const notDsg = await post(dsg, id, { intent: 'link', version: await version(), measureId: plain.id })
    expect(notDsg.status).toBe(400)
    expect(bodyText(notDsg)).toContain('dsg:dpia.error.notDsgMeasure')

    const measure = await measureFactory({ customer: alpha, owner: dsg.user, traits: ['dsg', 'overdue'] })
    const choices = await service.choices(id)
    expect(choices.measures.map((m) => m.id)).toContain(measure.id)
    expect(choices.measures.map((m) => m.id)).not.toContain(plain.id)
    expect(choices.measures.map((m) => m.id)).not.toContain(foreignMeasure.id)
    expect((await post(dsg, id, { intent: 'link', version: await version(), measureId: measure.id })).status).toBe(302)
    expect((await service.get(id))!.measures).toEqual([
      { id: measure.id, idkey: measure.idkey, iteration: measure.iteration, title: measure.title, state: 'pending', dueDate: measure.dueDate },
    ])
    expect((await service.choices(id)).measures.map((m) => m.id)).not.toContain(measure.id)
    expect((await post(dsg, id, { intent: 'unlink', version: await version(), measureId: measure.id })).status).toBe(302)
    expect((await service.get(id))!.measures).toEqual([])
  })

  it('keeps an assessment two years after its activity is retired (409 before)', async () => {
    const today = todayInZurich()
    const del = (m: Member, id: string, version: number) =>
      run(deleteRoute.action, request(`/app/dsg/dpia/${id}/delete`, { cookie: m.cookie, form: { version: String(version) } }), { id })
    // Screened while the processing ran, then (for some) retired: a retired one is no longer screened.
    const screenOf = async (attributes: Partial<Activity>) => {
      const activity = await activityFactory(alpha, {})
      const id = await DsgDpias.for(dsg.access).screen(activity.id, { ...NONE, notRequiredReason: 'Keine besonderen Daten' })
      if (Object.keys(attributes).length) await system().update(dsgActivities).set(attributes).where(eq(dsgActivities.id, activity.id))
      return id
    }
    const ended = await activityFactory(alpha, { state: 'retired', retiredOn: addDays(today, -10) })
    await expect(DsgDpias.for(dsg.access).screen(ended.id, { ...NONE, notRequiredReason: 'x' })).rejects.toMatchObject({ messageKey: 'dsg:dpia.error.retired' })
    const active = await screenOf({})
    const refused = await del(dsg, active, 1)
    expect(refused.status).toBe(409)
    expect(bodyText(refused)).toContain('dsg:dpia.error.deleteBlocked')
    const recent = await screenOf({ state: 'retired', retiredOn: addDays(today, -400) })
    expect((await del(dsg, recent, 1)).status).toBe(409)
    const page = await run(deleteRoute.loader, request(`/app/dsg/dpia/${recent}/delete`, { cookie: dsg.cookie }), { id: recent })
    expect(page.body).toMatchObject({ mayDelete: false })
    const old = await screenOf({ state: 'retired', retiredOn: addYears(today, -2) })
    expect((await del(reader, old, 1)).status).toBe(403)
    const done = await del(dsg, old, 1)
    expect(done.status).toBe(302)
    expect(await dpiaRow(old)).toBeUndefined()
    expect(await dpiaRow(recent)).toBeDefined()
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, old))
    expect(audits.map((a) => `${a.component}/${a.action}`).sort()).toEqual(['dsgDpia/Created', 'dsgDpia/Deleted'])
  })

  it('lets the dsg role and admins change, everyone with a tool read, no one without a tool in', async () => {
    const activity = await activityFactory(alpha)
    const screenForm = { activityId: activity.id, largeScaleSensitive: 'on' }
    const screen = (m: Member) => run(newRoute.action, request(`/app/dsg/dpia/new?activity=${activity.id}`, { cookie: m.cookie, form: screenForm }))
    expect((await screen(reader)).status).toBe(403)
    expect((await screen(writer)).status).toBe(403)
    expect((await run(newRoute.loader, request(`/app/dsg/dpia/new?activity=${activity.id}`, { cookie: writer.cookie }))).status).toBe(403)
    expect((await screen(admin)).status).toBe(302)
    const [row] = await system().select().from(dsgDpias).where(eq(dsgDpias.activityId, activity.id))

    for (const m of [reader, writer, dsg, admin]) {
      const list = await run(listRoute.loader, request('/app/dsg/dpia', { cookie: m.cookie }))
      expect(list.status).toBe(200)
      expect((list.body as { canWrite: boolean }).canWrite).toBe(m === dsg || m === admin)
      const detail = await run(detailRoute.loader, request(`/app/dsg/dpia/${row.id}`, { cookie: m.cookie }), { id: row.id })
      expect(detail.status).toBe(200)
    }
    for (const m of [reader, writer]) expect((await post(m, row.id, { intent: 'assessment', version: String(row.version), description: 'x' })).status).toBe(403)
    expect((await run(listRoute.loader, request('/app/dsg/dpia', { cookie: norights.cookie }))).status).toBe(403)
    expect((await run(detailRoute.loader, request(`/app/dsg/dpia/${row.id}`, { cookie: norights.cookie }), { id: row.id })).status).toBe(403)
  })

  it('lists assessments and the activities not yet screened, filtered and paged on the server', async () => {
    const fund = (await customerFactory()).id
    const m = await memberFactory({ customer: fund, traits: ['dsg'] })
    const service = DsgDpias.for(m.access)
    const screened = await activityFactory(fund, { name: 'A Beiträge' })
    const unscreened = await activityFactory(fund, { name: 'B Bewerbungen' })
    await activityFactory(fund, { name: 'C Altes Verfahren', state: 'retired', retiredOn: '2020-01-01' })
    const notRequired = await activityFactory(fund, { name: 'D Newsletter' })
    await service.screen(screened.id, { ...NONE, profilingHighRisk: true, notRequiredReason: '' })
    await service.screen(notRequired.id, { ...NONE, notRequiredReason: 'Nur E-Mail-Adressen' })
    const names = async (f: Partial<Parameters<typeof service.list>[0]>, page = { limit: 25, offset: 0 }) =>
      (await service.list({ sort: 'activity', dir: 'asc', ...f }, page)).rows.map((r) => `${r.activityName}:${r.state ?? 'unscreened'}`)
    expect(await names({})).toEqual(['A Beiträge:open', 'B Bewerbungen:unscreened', 'D Newsletter:notRequired'])
    expect(await names({ state: 'unscreened' })).toEqual(['B Bewerbungen:unscreened'])
    expect(await names({ open: true })).toEqual(['A Beiträge:open'])
    expect(await names({ activityId: notRequired.id })).toEqual(['D Newsletter:notRequired'])
    expect(await names({ activityId: 'nonsense' })).toEqual([])
    expect(await names({ dir: 'desc' }, { limit: 2, offset: 0 })).toEqual(['D Newsletter:notRequired', 'B Bewerbungen:unscreened'])
    expect((await service.list({ sort: 'activity', dir: 'asc' }, { limit: 1, offset: 1 })).total).toBe(3)
    const page = await run(listRoute.loader, request('/app/dsg/dpia?state=unscreened', { cookie: m.cookie }))
    expect((page.body as { rows: { activityId: string }[] }).rows.map((r) => r.activityId)).toEqual([unscreened.id])
    expect((await service.unscreenedActivities()).map((a) => a.id)).toEqual([unscreened.id])
  })

  it('offers and takes no auditor, ended membership or disabled account as approver; the current approver stays offered', async () => {
    const auditor = await memberFactory({ customer: alpha, traits: ['dsg'] })
    const ended = await memberFactory({ customer: alpha, traits: ['dsg'] })
    const disabled = await memberFactory({ customer: alpha, traits: ['dsg'] })
    const approver = await memberFactory({ customer: alpha, traits: ['dsg'] })
    await system()
      .update(memberships)
      .set({ kind: 'auditor', endsOn: addDays(todayInZurich(), 30) })
      .where(eq(memberships.id, auditor.permId))
    await system()
      .update(memberships)
      .set({ endsOn: addDays(todayInZurich(), -1) })
      .where(eq(memberships.id, ended.permId))
    await system().update(users).set({ state: 'disabled' }).where(eq(users.id, disabled.user.id))
    const activity = await activityFactory(alpha)
    const service = DsgDpias.for(dsg.access)
    const id = await service.screen(activity.id, { ...NONE, newTechnologies: true, notRequiredReason: '' })
    const offered = (await service.choices(id)).approvers.map((a) => a.id)
    expect(offered).toContain(approver.user.id)
    for (const gone of [auditor, ended, disabled]) {
      expect(offered).not.toContain(gone.user.id)
      const refused = await post(dsg, id, {
        intent: 'approve',
        version: String((await dpiaRow(id)).version),
        approvedByUserId: gone.user.id,
        approvedOn: todayInZurich(),
      })
      expect(refused.status).toBe(400)
      expect(bodyText(refused)).toContain('dsg:dpia.error.approver')
    }
    // An approval by someone whose membership ended since: still shown as the current approver.
    await system().update(dsgDpias).set({ state: 'approved', approvedByUserId: approver.user.id, approvedOn: todayInZurich() }).where(eq(dsgDpias.id, id))
    await system()
      .update(memberships)
      .set({ endsOn: addDays(todayInZurich(), -1) })
      .where(eq(memberships.id, approver.permId))
    expect((await service.choices(id)).approvers.map((a) => a.id)).toContain(approver.user.id)
  })

  it('keeps each fund to its own assessments', async () => {
    const activity = await activityFactory(alpha)
    const id = await DsgDpias.for(dsg.access).screen(activity.id, { ...NONE, largeScaleSensitive: true, notRequiredReason: '' })
    expect((await run(detailRoute.loader, request(`/app/dsg/dpia/${id}`, { cookie: betaDsg.cookie }), { id })).status).toBe(404)
    expect((await post(betaDsg, id, { intent: 'assessment', version: '1', description: 'x' })).status).toBe(404)
    expect((await run(deleteRoute.action, request(`/app/dsg/dpia/${id}/delete`, { cookie: betaDsg.cookie, form: { version: '1' } }), { id })).status).toBe(404)
    const screen = await run(
      newRoute.action,
      request(`/app/dsg/dpia/new?activity=${activity.id}`, { cookie: betaDsg.cookie, form: { activityId: activity.id, largeScaleSensitive: 'on' } }),
    )
    expect(screen.status).toBe(404)
    expect((await run(newRoute.loader, request(`/app/dsg/dpia/new?activity=${activity.id}`, { cookie: betaDsg.cookie }))).status).toBe(404)
    const list = await run(listRoute.loader, request('/app/dsg/dpia', { cookie: betaDsg.cookie }))
    expect(JSON.stringify(list.body)).not.toContain(activity.id)
    expect(await dpiaRow(id)).toMatchObject({ version: 1, description: '' })
  })

  it('audits every change in its transaction', async () => {
    const activity = await activityFactory(alpha)
    const service = DsgDpias.for(dsg.access)
    const level = await levelsOf(alpha)
    const id = await service.screen(activity.id, { ...NONE, largeScaleSensitive: true, notRequiredReason: '' })
    let v = 1
    await service.saveAssessment(
      id,
      { ...pick(await dpiaRow(id)), description: 'Beschreibung', residualProbabilityLevelId: level.p(1), residualSeverityLevelId: level.s(2) },
      v++,
    )
    await service.saveRisk(id, null, { description: 'Risiko', probabilityLevelId: level.p(2), severityLevelId: level.s(2) }, v++)
    const [risk] = (await service.get(id))!.risks
    await service.saveRisk(id, risk.id, { description: 'Risiko neu', probabilityLevelId: level.p(2), severityLevelId: level.s(3) }, v++)
    await service.approve(id, { approvedByUserId: dsg.user.id, approvedOn: todayInZurich() }, v++)
    await service.removeRisk(id, risk.id, v++, true)
    // A save that changes nothing is no event.
    await service.saveAssessment(id, pick(await dpiaRow(id)), v)
    await expect(service.saveAssessment(id, pick(await dpiaRow(id)), 1)).rejects.toMatchObject({ code: 'stale' })
    const audits = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.component, 'dsgDpia')))
      .orderBy(asc(auditEntries.createdAt))
    expect(audits.map((a) => a.action)).toEqual(['Created', 'Updated', 'Updated', 'Updated', 'Updated', 'Updated'])
    expect(audits.every((a) => a.userId === dsg.user.id && a.customerId === alpha)).toBe(true)
    expect(audits[1].changedFields).toMatchObject({ description: { from: '', to: 'Beschreibung' } })
    expect(audits[4].changedFields).toMatchObject({ state: { from: 'open', to: 'approved' }, approvedByUserId: { to: dsg.user.id } })
    // Removing a risk withdrew the approval, and says so.
    expect(audits[5].changedFields).toMatchObject({
      [`risk.${risk.id}`]: { from: 'Risiko neu', to: null },
      state: { from: 'approved', to: 'open' },
      approvalWithdrawn: { from: null, to: true },
    })
  })

  /** An assessment screened as required, described, with one risk, approved by the admin (version 4). */
  async function approvedAssessment() {
    const activity = await activityFactory(alpha)
    const service = DsgDpias.for(dsg.access)
    const level = await levelsOf(alpha)
    const id = await service.screen(activity.id, { ...NONE, largeScaleSensitive: true, notRequiredReason: '' })
    await service.saveAssessment(
      id,
      { ...pick(await dpiaRow(id)), description: 'Abklärung', residualProbabilityLevelId: level.p(1), residualSeverityLevelId: level.s(1) },
      1,
    )
    await service.saveRisk(id, null, { description: 'Offenlegung', probabilityLevelId: level.p(2), severityLevelId: level.s(2) }, 2)
    await service.approve(id, { approvedByUserId: admin.user.id, approvedOn: todayInZurich() }, 3)
    return { id, service, level, approved: await dpiaRow(id) }
  }

  it('warns before a change withdraws an approval, refuses it without the confirmation (400, nothing saved) and records the withdrawal', async () => {
    const { id, service, level, approved } = await approvedAssessment()
    const measure = await measureFactory({ customer: alpha, owner: dsg.user, traits: ['dsg'] })
    expect(approved.state).toBe('approved')
    const [risk] = (await service.get(id))!.risks
    const version = String(approved.version)

    // The page carries the warning: the loader says approved, so every form shows the box.
    const page = await run(detailRoute.loader, request(`/app/dsg/dpia/${id}`, { cookie: dsg.cookie }), { id })
    expect((page.body as { dpia: { state: string } }).dpia.state).toBe('approved')

    // Each change of the content without the box: 400 at the box, the approval stands.
    const forms: Record<string, string>[] = [
      { intent: 'assessment', description: 'Abklärung neu', residualProbabilityLevelId: level.p(1), residualSeverityLevelId: level.s(1) },
      { intent: 'saveRisk', riskId: risk.id, description: 'Offenlegung an Dritte', probabilityLevelId: level.p(2), severityLevelId: level.s(2) },
      { intent: 'saveRisk', description: 'Neues Risiko', probabilityLevelId: level.p(1), severityLevelId: level.s(1) },
      { intent: 'removeRisk', riskId: risk.id },
      { intent: 'link', measureId: measure.id },
    ]
    for (const form of forms) {
      const refused = await post(dsg, id, { ...form, version })
      expect(refused.status, form.intent).toBe(400)
      expect(bodyText(refused), form.intent).toContain('dsg:dpia.error.confirmWithdrawal')
      // What was typed stays.
      if (form.description) expect(bodyText(refused)).toContain(form.description)
    }
    expect(await dpiaRow(id)).toMatchObject({ state: 'approved', approvedByUserId: admin.user.id, version: approved.version })

    // Confirmed: saved, the approval withdrawn, and the history says so in words.
    const ok = await post(dsg, id, { ...forms[0], version, withdrawApproval: 'on' })
    expect(ok.status).toBe(302)
    expect(await dpiaRow(id)).toMatchObject({ state: 'open', approvedByUserId: null, approvedOn: null, description: 'Abklärung neu' })
    const [last] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.component, 'dsgDpia')))
      .orderBy(desc(auditEntries.createdAt))
      .limit(1)
    expect(last.changedFields).toMatchObject({
      state: { from: 'approved', to: 'open' },
      approvedByUserId: { from: admin.user.id, to: null },
      approvalWithdrawn: { from: null, to: true },
    })
    const t = getFixedT('de')
    const lines = readChanges(t, 'dsgDpia', last.changedFields as never, {})
    expect(lines).toEqual(expect.arrayContaining([expect.objectContaining({ label: 'Genehmigung zurückgezogen', to: t('common.yes') })]))
    // An open assessment changes without the box.
    expect((await post(dsg, id, { ...forms[2], version: String((await dpiaRow(id)).version) })).status).toBe(302)
  })

  it('asks before a new screening finds an approved assessment not required and drops its approval', async () => {
    const { id, approved } = await approvedAssessment()
    const notRequired = { intent: 'screen', notRequiredReason: 'Nur Name und Adresse' }

    // Without the box: 400 at the box, in the editor's words; the approval stands and the reason typed stays.
    const refused = await post(dsg, id, { ...notRequired, version: String(approved.version) })
    expect(refused.status).toBe(400)
    expect(bodyText(refused)).toContain('dsg:dpia.error.confirmWithdrawal')
    expect(bodyText(refused)).toContain('Nur Name und Adresse')
    expect(await dpiaRow(id)).toMatchObject({ state: 'approved', approvedByUserId: admin.user.id, version: approved.version })

    // Still required: the approval stands without any box.
    expect((await post(dsg, id, { intent: 'screen', largeScaleSensitive: 'on', version: String(approved.version) })).status).toBe(302)
    const again = await dpiaRow(id)
    expect(again).toMatchObject({ state: 'approved', approvedByUserId: admin.user.id })

    // Confirmed: not required, the approval gone, and the history says so.
    expect((await post(dsg, id, { ...notRequired, version: String(again.version), withdrawApproval: 'on' })).status).toBe(302)
    expect(await dpiaRow(id)).toMatchObject({ state: 'notRequired', approvedByUserId: null, approvedOn: null, notRequiredReason: 'Nur Name und Adresse' })
    const [last] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.component, 'dsgDpia')))
      .orderBy(desc(auditEntries.createdAt))
      .limit(1)
    expect(last.changedFields).toMatchObject({ state: { from: 'approved', to: 'notRequired' }, approvedByUserId: { from: admin.user.id, to: null } })
  })

  it('seeds one approved, complete assessment for the disability benefits of a demo fund, once', async () => {
    const fund = (await customerFactory()).id
    const m = await memberFactory({ customer: fund, traits: ['dsg'] })
    expect(await asSystem('test: seed', (tx) => seedDsgDpias(tx, fund, m.user.id))).toBe(false)
    const activity = await activityFactory(fund, { name: 'Invalidenleistungen (Gesundheitsdaten)' })
    const measure = await measureFactory({ customer: fund, owner: m.user, traits: ['dsg'] })
    expect(await asSystem('test: seed', (tx) => seedDsgDpias(tx, fund, m.user.id))).toBe(true)
    expect(await asSystem('test: seed', (tx) => seedDsgDpias(tx, fund, m.user.id))).toBe(false)
    const [row] = await system().select().from(dsgDpias).where(eq(dsgDpias.activityId, activity.id))
    const found = (await DsgDpias.for(m.access).get(row.id))!
    expect(found).toMatchObject({ dpia: { state: 'approved', approvedByUserId: m.user.id }, residualHigh: false, gaps: [] })
    expect(found.risks).toHaveLength(2)
    expect(found.measures.map((x) => x.id)).toEqual([measure.id])
  })
})

/** The assessment's fields of a row, to save it again with a change. */
function pick(d: typeof dsgDpias.$inferSelect) {
  return {
    description: d.description,
    residualProbabilityLevelId: d.residualProbabilityLevelId,
    residualSeverityLevelId: d.residualSeverityLevelId,
    residualNote: d.residualNote,
    advisorConsulted: d.advisorConsulted,
    fdpicConsultedOn: d.fdpicConsultedOn,
    fdpicReference: d.fdpicReference,
  }
}
