// What a KRI's figure sets off (issue 27, decision 0067): a value outside the appetite proposes a measure
// on each risk the KRI watches and tells the KRI's owner once; a coverage ratio below 100 % opens the
// underfunding duties, and a later one back at 100 % or more closes them once every duty is done.

import { randomInt } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { getFixedT } from '#app/i18n/resources.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { type Changes, diff, writeAudit } from '#models/core/audit.server.ts'
import {
  COVERAGE_RATIO_KEY,
  type KriDirection,
  type KriStatus,
  type KriUnit,
  type Language,
  UNDERFUNDING_DUTIES,
  UNDERFUNDING_DUTY_DAYS,
} from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { appUrl, renderTemplate, sendLater, sendMail } from '#models/core/mail.server.ts'
import { asSystem, outsideScope } from '#models/core/scope.server.ts'
import { auditEntries, kriValues, measures, underfundingCases, underfundingDuties } from '#models/schema/index.ts'
import { judge, THRESHOLD_IN_FORCE } from './status.ts'
import { formatKriValue } from '#models/core/kri-format.ts'

/** Days a proposed measure is given. */
export const PROPOSED_MEASURE_DAYS = 30

/** The coverage ratio below which a fund is underfunded (Art. 44 BVV 2). */
const FULL_COVERAGE = 100

/**
 * Who sets a figure off: a person of the fund (their access), or the daily job (no person: the trail
 * shows the system, the measures have no creator).
 */
export type KriActor = {
  customer: { id: string; name: string; language: Language }
  access: CustomerAccess | null
}

export const actorOf = (access: CustomerAccess): KriActor => ({ customer: access.customer, access })

/** An audit entry of the person acting, or of the system for the job. */
export async function auditKri(tx: Executor, actor: KriActor, entry: { component: string; action: 'Created' | 'Updated'; entityId: string; changes: Changes }) {
  if (actor.access) {
    await writeAudit(tx, actor.access, entry)
    return
  }
  if (entry.action === 'Updated' && !Object.keys(entry.changes).length) return
  await tx.insert(auditEntries).values({
    component: entry.component,
    action: entry.action,
    entityId: entry.entityId,
    changedFields: entry.changes,
    userId: null,
    customerId: actor.customer.id,
  })
}

type JudgedValue = {
  id: string
  kriId: string
  periodEnd: string
  value: string
  alertedAt: Date | null
  ownerUserId: string | null
  key: string
  nameDe: string
  nameFr: string
  nameEn: string
  unit: KriUnit
  direction: KriDirection
  amber: string | null
  red: string | null
  /** No later value of the KRI exists: only the latest value sets off today's alerts. */
  latest: boolean
}

const nameIn = (v: Pick<JudgedValue, 'nameDe' | 'nameFr' | 'nameEn'>, lang: Language) => (lang === 'fr' ? v.nameFr : lang === 'en' ? v.nameEn : v.nameDe)

/** The values with their KRI, its catalogue entry and the thresholds in force on each value's date. */
async function valuesWithBounds(tx: Executor, ids: string[]): Promise<JudgedValue[]> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select v.id, v.kri_id, v.period_end::text as period_end, v.value::text as value, v.alerted_at, k.owner_user_id,
           c.key, c.name_de, c.name_fr, c.name_en, c.unit, c.direction, th.amber::text as amber, th.red::text as red,
           not exists (select 1 from kri_values l where l.kri_id = v.kri_id and l.period_end > v.period_end) as latest
      from kri_values v
      join kris k on k.id = v.kri_id
      join kri_catalog c on c.id = k.catalog_id
      left join lateral ${sql.raw(THRESHOLD_IN_FORCE)} th on true
     where v.id = any(${`{${ids.join(',')}}`}::uuid[])
     order by v.period_end, v.id`)
  return rows.map((r) => ({
    id: r.id as string,
    kriId: r.kri_id as string,
    periodEnd: r.period_end as string,
    value: r.value as string,
    alertedAt: r.alerted_at ? new Date(r.alerted_at as string) : null,
    ownerUserId: (r.owner_user_id as string | null) ?? null,
    key: r.key as string,
    nameDe: r.name_de as string,
    nameFr: r.name_fr as string,
    nameEn: r.name_en as string,
    unit: r.unit as KriUnit,
    direction: r.direction as KriDirection,
    amber: (r.amber as string | null) ?? null,
    red: (r.red as string | null) ?? null,
    latest: Boolean(r.latest),
  }))
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)

/**
 * After values of KRIs were written (entered, imported or computed), in the same transaction: each value
 * is judged by the thresholds in force on its date (status.ts judge). Only the KRI's latest value (no later
 * one exists) sets anything off; a backdated one is history. Amber or red proposes a measure on
 * each risk the KRI watches (in edit, tagged with the KRI) unless one for that KRI and risk is still
 * pending, and tells the KRI's owner once per value (alerted_at; the mail leaves after the commit). A
 * latest coverage ratio below 100 % opens the underfunding case of its reporting date with its six duties unless
 * one is open; one of 100 % or more after an open case's date closes it when every duty is done.
 */
export async function afterKriValues(tx: Tx, access: CustomerAccess, valueIds: string[]): Promise<void> {
  await judgeKriValues(tx, actorOf(access), valueIds)
}

/** afterKriValues for any actor (the daily job's computed values have no person). */
export async function judgeKriValues(tx: Tx, actor: KriActor, valueIds: string[]): Promise<void> {
  const ids = [...new Set(valueIds)].filter(isUuid)
  if (!ids.length) return
  const values = await valuesWithBounds(tx, ids)
  const mails: OwnerMail[] = []
  for (const v of values) {
    const status = judge(v.value, v.direction, v.amber !== null && v.red !== null ? { amber: v.amber, red: v.red } : null)
    // A backdated value (a later one of the KRI exists) is judged on the pages but sets nothing off today.
    if (v.latest && (status === 'amber' || status === 'red')) {
      await proposeMeasures(tx, actor, v, status)
      const mail = await tellOwner(tx, actor, v, status)
      if (mail) mails.push(mail)
    }
    if (v.key === COVERAGE_RATIO_KEY) await followCoverage(tx, actor, v)
  }
  if (mails.length) await sendAfterCommit(tx, mails)
}

/** The bounds in words, in a language: for the measure's body and the mail. */
function boundsText(v: JudgedValue, lang: Language) {
  const t = getFixedT(lang)
  return t('kri:alerts.bounds', {
    amber: formatKriValue(v.amber, v.unit),
    red: formatKriValue(v.red, v.unit),
    direction: t(`kri:direction.${v.direction}`),
  })
}

async function proposeMeasures(tx: Tx, actor: KriActor, v: JudgedValue, status: Exclude<KriStatus, 'green'>) {
  const { rows: risks } = await tx.execute<{ risk_id: string; owner_user_id: string | null; idkey: string; title: string }>(sql`
    select r.id as risk_id, r.owner_user_id, r.idkey, r.title
      from kri_risks kr join risks r on r.id = kr.risk_id
     where kr.kri_id = ${v.kriId}
       and not exists (select 1 from measures m where m.kri_id = ${v.kriId} and m.risk_id = r.id and m.state = 'pending')
     order by r.idkey`)
  if (!risks.length) return
  const lang = actor.customer.language
  const t = getFixedT(lang)
  const figure = { kri: nameIn(v, lang), date: formatDate(v.periodEnd), value: formatKriValue(v.value, v.unit) }
  const title = t(status === 'red' ? 'kri:alerts.measureTitleRed' : 'kri:alerts.measureTitleAmber', figure)
  const body = [t('kri:alerts.measureBody', { ...figure, status: t(`kri:status.${status}`) }), boundsText(v, lang)].join('\n')
  const dueDate = addDays(todayInZurich(), PROPOSED_MEASURE_DAYS)
  for (const r of risks) {
    const values = {
      customerId: actor.customer.id,
      idkey: await nextNumber(tx, actor.customer.id, 'measure'),
      source: 'risk' as const,
      title,
      body,
      ownerUserId: v.ownerUserId ?? r.owner_user_id,
      dueDate,
      inEdit: true,
      riskId: r.risk_id,
      kriId: v.kriId,
      createdByUserId: actor.access?.user.id ?? null,
    }
    const [row] = await tx.insert(measures).values(values).returning({ id: measures.id })
    await auditKri(tx, actor, { component: 'measure', action: 'Created', entityId: row.id, changes: diff(null, { ...values, customerId: undefined }) })
  }
}

/**
 * The KRI's owner learns of a value outside the appetite once: alerted_at is stamped in the transaction;
 * the mail it answers leaves only when that stamp committed (sendAfterCommit).
 */
async function tellOwner(tx: Tx, actor: KriActor, v: JudgedValue, status: Exclude<KriStatus, 'green'>): Promise<OwnerMail | null> {
  if (!v.ownerUserId || v.alertedAt) return null
  const { rows } = await tx.execute<{ email: string; first_name: string; last_name: string; language: Language; state: string }>(
    sql`select email, first_name, last_name, language, state from users where id = ${v.ownerUserId}`,
  )
  const owner = rows[0]
  if (owner?.state !== 'active') return null
  const stamp = new Date()
  const [claimed] = await tx
    .update(kriValues)
    .set({ alertedAt: stamp })
    .where(and(eq(kriValues.id, v.id), isNull(kriValues.alertedAt)))
    .returning({ id: kriValues.id })
  if (!claimed) return null
  const lang = owner.language
  const t = getFixedT(lang)
  const values = {
    firstName: owner.first_name,
    lastName: owner.last_name,
    customer: actor.customer.name,
    kri: nameIn(v, lang),
    periodEnd: formatDate(v.periodEnd),
    value: formatKriValue(v.value, v.unit),
    status: t(`kri:status.${status}`),
    bounds: boundsText(v, lang),
    link: `${appUrl()}/app/risk/kri/${v.kriId}`,
  }
  return { valueId: v.id, stamp, to: owner.email, language: lang, values }
}

/** A mail to a KRI's owner, to send once the stamp of its value has committed. */
type OwnerMail = { valueId: string; stamp: Date; to: string; language: Language; values: Record<string, string> }

/** The first key of the advisory locks by which a transaction's alert mails wait for its end ('kria'). */
const ALERT_LOCK_CLASS = 0x6b726961

/**
 * The mails leave after the commit: the writing transaction holds an advisory lock of its own until it
 * ends; the mails' own transaction, started outside its scope, waits for that lock, then reads which
 * stamps committed (a rolled-back value, new or not, sends nothing). Each mail apart: one failing
 * address does not keep the others back.
 */
async function sendAfterCommit(tx: Tx, mails: OwnerMail[]) {
  const token = randomInt(-2_147_483_648, 2_147_483_647)
  await tx.execute(sql`select pg_advisory_xact_lock(${ALERT_LOCK_CLASS}::int, ${token}::int)`)
  const ids = `{${mails.map((m) => m.valueId).join(',')}}`
  // The waiting holds no connection of the pool: each try takes one for a moment and gives it back, so a
  // writing transaction that needs another connection before it ends is never kept from ending.
  const tryOnce = () =>
    asSystem('kri alert', async (own) => {
      const { rows: got } = await own.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${ALERT_LOCK_CLASS}::int, ${token}::int) as locked`)
      if (!got[0]?.locked) return null
      const { rows } = await own.execute<{ id: string; alerted_at: string | Date | null }>(
        sql`select id, alerted_at from kri_values where id = any(${ids}::uuid[])`,
      )
      return new Map(rows.map((r) => [r.id, r.alerted_at ? new Date(r.alerted_at).getTime() : null]))
    })
  const committed = async () => {
    for (let attempt = 0; attempt < 1200; attempt++) {
      const stamps = await tryOnce()
      if (stamps) return stamps
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return new Map<string, number | null>()
  }
  outsideScope(() =>
    sendLater(
      'kri alert',
      committed().then(async (stamps) => {
        for (const m of mails) {
          if (stamps.get(m.valueId) !== m.stamp.getTime()) continue
          sendLater(
            `kri alert to ${m.to}`,
            renderTemplate('kriOutsideAppetite', m.language, m.values).then((mail) => sendMail(m.to, mail)),
          )
        }
      }),
    ),
  )
}

/** The coverage ratio opens and closes the underfunding case (Art. 65c–65d BVG, Art. 44 BVV 2). */
async function followCoverage(tx: Tx, actor: KriActor, v: JudgedValue) {
  const [open] = await tx.select().from(underfundingCases).where(isNull(underfundingCases.closedOn)).limit(1).for('update')
  if (Number(v.value) < FULL_COVERAGE) {
    // Only the latest coverage ratio tells whether the fund is underfunded now.
    if (open || !v.latest) return
    const [opened] = await tx
      .insert(underfundingCases)
      .values({ customerId: actor.customer.id, periodEnd: v.periodEnd, coverageRatio: v.value })
      .onConflictDoNothing()
      .returning()
    if (!opened) return
    await auditKri(tx, actor, {
      component: 'underfundingCase',
      action: 'Created',
      entityId: opened.id,
      changes: diff(null, { periodEnd: opened.periodEnd, coverageRatio: opened.coverageRatio }),
    })
    const duties = UNDERFUNDING_DUTIES.map((duty) => ({
      customerId: actor.customer.id,
      caseId: opened.id,
      duty,
      dueOn: addDays(v.periodEnd, UNDERFUNDING_DUTY_DAYS[duty]),
    }))
    const rows = await tx.insert(underfundingDuties).values(duties).returning()
    for (const d of rows)
      await auditKri(tx, actor, {
        component: 'underfundingDuty',
        action: 'Created',
        entityId: d.id,
        changes: diff(null, { caseId: d.caseId, duty: d.duty, dueOn: d.dueOn }),
      })
    return
  }
  if (open && v.periodEnd > open.periodEnd) await closeIfRecovered(tx, actor, open.id)
}

/**
 * Closes an open case when every duty is done and the fund's latest coverage ratio (the last reporting
 * date, whatever was reported in between) is 100 % or more and lies after the case's date: closed on the
 * later of that reporting date and the last duty's date. Called when such a value arrives and when a duty
 * is recorded done.
 */
export async function closeIfRecovered(tx: Executor, actor: KriActor, caseId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ id: string; closed_on: string; version: number }>(sql`
    select c.id, greatest(latest.period_end, (select max(d.done_on) from underfunding_duties d where d.case_id = c.id))::text as closed_on, c.version
      from underfunding_cases c
      cross join lateral (
        select v.period_end, v.value from kri_values v
          join kris k on k.id = v.kri_id
          join kri_catalog kc on kc.id = k.catalog_id
         where kc.key = ${COVERAGE_RATIO_KEY} and v.customer_id = c.customer_id
         order by v.period_end desc limit 1) latest
     where c.id = ${caseId} and c.closed_on is null
       and latest.period_end > c.period_end and latest.value >= ${FULL_COVERAGE}
       and not exists (select 1 from underfunding_duties d where d.case_id = c.id and d.done_on is null)`)
  const found = rows[0]
  if (!found) return false
  await tx
    .update(underfundingCases)
    .set({ closedOn: found.closed_on, version: sql`${underfundingCases.version} + 1`, updatedAt: new Date() })
    .where(and(eq(underfundingCases.id, caseId), isNull(underfundingCases.closedOn)))
  await auditKri(tx, actor, { component: 'underfundingCase', action: 'Updated', entityId: caseId, changes: { closedOn: { from: null, to: found.closed_on } } })
  return true
}
