import { asc, eq, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { Language, MatrixCell } from '#models/core/constants.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { type DecisionInput, decisionById, decisionForApproval, decisionOptions } from '#models/core/decisions.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { mainName } from './processes.server.ts'
import { controlMatrixRows, icsMainThemes, icsQuality, icsSettings, qualityLevelTexts } from '#models/schema/index.ts'

/** The quality index and the control matrix are kept by the admins of the ICS tool. */
function requireIcsAdmin(access: CustomerAccess) {
  if (!permissionsOf(access).tools.iks.editSettings) throw new DomainError('forbidden')
}

/** A main process's control executions of a year (issue 25): planned, done (submitted or approved), effective, deficient. */
export type ExecutionFigures = { planned: number; done: number; effective: number; deficient: number }

/**
 * Each main process with the customer's level (null: not assessed), the level texts, the council's
 * minimum, and beside the self-assessed level what the executions of `year` (their period ends in it) show.
 */
export async function qualityIndex(access: CustomerAccess, language: Language, year = Number(todayInZurich().slice(0, 4))) {
  const [themes, texts, settings, figures] = await withCustomer(access, (tx) =>
    Promise.all([
      tx
        .select({
          id: icsMainThemes.id,
          leadingNumber: icsMainThemes.leadingNumber,
          name: mainName(language),
          level: icsQuality.level,
          version: icsQuality.version,
        })
        .from(icsMainThemes)
        .leftJoin(icsQuality, eq(icsQuality.mainThemeId, icsMainThemes.id))
        .orderBy(asc(icsMainThemes.leadingNumber)),
      tx.select().from(qualityLevelTexts).orderBy(asc(qualityLevelTexts.level)),
      tx.query.icsSettings.findFirst(),
      tx.execute<ExecutionFigures & { main_theme_id: string }>(sql`
        select p.main_theme_id, count(*)::int as planned,
          (count(*) filter (where e.state in ('submitted', 'approved')))::int as done,
          (count(*) filter (where e.state in ('submitted', 'approved') and e.result = 'effective'))::int as effective,
          (count(*) filter (where e.state in ('submitted', 'approved') and e.result = 'deficient'))::int as deficient
        from control_executions e join ics_processes p on p.id = e.process_id
        where e.period_end between make_date(${year}::int, 1, 1) and make_date(${year}::int, 12, 31)
        group by p.main_theme_id`),
    ]),
  )
  const none: ExecutionFigures = { planned: 0, done: 0, effective: 0, deficient: 0 }
  const byTheme = new Map(figures.rows.map(({ main_theme_id, ...f }) => [main_theme_id, f]))
  const pick = (r: typeof qualityLevelTexts.$inferSelect, k: 'title' | 'text') =>
    language === 'fr' ? r[`${k}Fr`] : language === 'en' ? r[`${k}En`] : r[`${k}De`]
  return {
    themes: themes.map((th) => ({ ...th, executions: byTheme.get(th.id) ?? none })),
    year,
    texts: texts.map((r) => ({ level: r.level, title: pick(r, 'title'), text: pick(r, 'text') })),
    councilMinimum: settings?.councilMinimum ?? 3,
    /** The council's decision that set the minimum (issue 28), cited "SB-7". */
    minimumDecision: settings?.minimumDecisionId ? ((await withCustomer(access, (tx) => decisionById(tx, settings.minimumDecisionId!))) ?? null) : null,
    settingsVersion: settings?.version ?? 0,
  }
}

/**
 * Sets the level of each main process given (1–5, or null to clear), and the council's minimum. A new
 * minimum rests on a council decision (issue 28): one of the register or one recorded with it, linked
 * as `minimum_decision_id`; without one the change is refused (400). A decision given for the same
 * minimum links it too.
 */
export async function saveQualityIndex(
  access: CustomerAccess,
  levels: { mainThemeId: string; level: number | null }[],
  councilMinimum: number,
  decision?: DecisionInput | null,
) {
  requireIcsAdmin(access)
  if (councilMinimum < 1 || councilMinimum > 5) throw new DomainError('invalid', 'councilMinimum')
  await withCustomer(access, async (tx) => {
    const known = new Set((await tx.select({ id: icsMainThemes.id }).from(icsMainThemes)).map((m) => m.id))
    for (const { mainThemeId, level } of levels) {
      if (!known.has(mainThemeId)) throw new DomainError('not-found')
      if (level !== null && (level < 1 || level > 5)) throw new DomainError('invalid', 'level')
      const where = eq(icsQuality.mainThemeId, mainThemeId)
      const [before] = await tx.select().from(icsQuality).where(where)
      if ((before?.level ?? null) === level) continue
      if (level === null) await tx.delete(icsQuality).where(where)
      else if (before)
        await tx
          .update(icsQuality)
          .set({ level, version: sql`${icsQuality.version} + 1`, updatedAt: new Date() })
          .where(where)
      else await tx.insert(icsQuality).values({ customerId: access.customer.id, mainThemeId, level })
      await writeAudit(tx, access, {
        component: 'icsQuality',
        action: before ? (level === null ? 'Deleted' : 'Updated') : 'Created',
        entityId: mainThemeId,
        changes: { level: { from: before?.level ?? null, to: level } },
      })
    }
    const [settings] = await tx.select().from(icsSettings).for('update')
    const changed = (settings?.councilMinimum ?? 3) !== councilMinimum
    if (changed && !decision) throw new DomainError('invalid', 'decisionId', 'decisions:errors.minimumNeedsDecision')
    const linked = decision ? await decisionForApproval(tx, access, decision, 'icsMinimum') : null
    const minimumDecisionId = linked?.id ?? settings?.minimumDecisionId ?? null
    if (!settings) await tx.insert(icsSettings).values({ customerId: access.customer.id, councilMinimum, minimumDecisionId })
    else if (settings.councilMinimum !== councilMinimum || settings.minimumDecisionId !== minimumDecisionId) {
      await tx
        .update(icsSettings)
        .set({ councilMinimum, minimumDecisionId, version: sql`${icsSettings.version} + 1` })
        .where(eq(icsSettings.customerId, settings.customerId))
    }
    if (!settings || settings.councilMinimum !== councilMinimum || settings.minimumDecisionId !== minimumDecisionId) {
      await writeAudit(tx, access, {
        component: 'icsSettings',
        action: settings ? 'Updated' : 'Created',
        entityId: access.customer.id,
        changes: diff(
          { councilMinimum: settings?.councilMinimum ?? null, minimumDecisionId: settings?.minimumDecisionId ?? null },
          { councilMinimum, minimumDecisionId },
        ),
      })
    }
  })
}

/** The decisions the quality index's form offers for the minimum (the ICS minimum's and 'other'). */
export async function minimumDecisionOptions(access: CustomerAccess) {
  requireIcsAdmin(access)
  return withCustomer(access, (tx) => decisionOptions(tx, ['icsMinimum']))
}

export async function controlMatrix(access: CustomerAccess) {
  return withCustomer(access, (tx) => tx.select().from(controlMatrixRows).orderBy(asc(controlMatrixRows.position)))
}

export type MatrixRowInput = {
  id: string | null
  task: string
  revision: MatrixCell | null
  management: MatrixCell | null
  responsible: MatrixCell | null
  department: string
  controller: string
  cycle: string
  comment: string
  version: number | null
  remove: boolean
}

/** Saves the whole matrix: changed rows, new rows (no id) and removed rows, all or nothing. */
export async function saveControlMatrix(access: CustomerAccess, rows: MatrixRowInput[]) {
  requireIcsAdmin(access)
  await withCustomer(access, async (tx) => {
    let position = 0
    for (const row of rows) {
      const values = {
        task: row.task,
        revision: row.revision,
        management: row.management,
        responsible: row.responsible,
        department: row.department,
        controller: row.controller,
        cycle: row.cycle,
        comment: row.comment,
      }
      if (!row.id) {
        if (row.remove || !row.task) continue
        const [created] = await tx
          .insert(controlMatrixRows)
          .values({ ...values, customerId: access.customer.id, position: ++position })
          .returning()
        await writeAudit(tx, access, { component: 'controlMatrix', action: 'Created', entityId: created.id, changes: diff(null, values) })
        continue
      }
      const before = await lockVersioned(tx, controlMatrixRows, row.id, row.version)
      if (row.remove) {
        await deleteVersioned(tx, access, { table: controlMatrixRows, before, audit: { component: 'controlMatrix' } })
        continue
      }
      position++
      const set = { ...values, position }
      if (!Object.keys(diff(before, set)).length) continue
      await updateVersioned(tx, access, { table: controlMatrixRows, before, set, audit: { component: 'controlMatrix' } })
    }
  })
}
