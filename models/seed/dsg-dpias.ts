import { and, asc, eq, ilike, or, sql } from 'drizzle-orm'
import { addDays, todayInZurich } from '../core/dates.ts'
import type { Executor } from '../core/db.server.ts'
import { dsgActivities, dsgDpiaRisks, dsgDpias, dsgMeasureLinks, measures, probabilityLevels, severityLevels } from '../schema/index.ts'

/**
 * One approved impact assessment for the demo fund's disability benefits (health data on a large
 * scale, Art. 22 para. 2 lit. a DSG), if the record holds such an activity and it has none yet:
 * two risks on the fund's levels, a low residual risk, the advisor consulted, a DSG measure linked.
 * Answers whether it added one.
 */
export async function seedDsgDpias(db: Executor, customerId: string, approverUserId: string): Promise<boolean> {
  const [activity] = await db
    .select({ id: dsgActivities.id })
    .from(dsgActivities)
    .where(
      and(
        eq(dsgActivities.customerId, customerId),
        or(ilike(dsgActivities.name, '%invalid%'), ilike(dsgActivities.name, '%disabilit%')),
        sql`not exists (select 1 from ${dsgDpias} where ${dsgDpias.activityId} = ${dsgActivities.id})`,
      ),
    )
    .orderBy(asc(dsgActivities.idkey))
    .limit(1)
  if (!activity) return false
  const level = async (table: typeof probabilityLevels | typeof severityLevels, ref: number) =>
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.customerId, customerId), eq(table.ref, ref)))
    )[0]?.id ?? null
  const today = todayInZurich()
  const [dpia] = await db
    .insert(dsgDpias)
    .values({
      customerId,
      activityId: activity.id,
      state: 'approved',
      largeScaleSensitive: true,
      screenedOn: addDays(today, -60),
      screenedByUserId: approverUserId,
      description:
        'Prüfung von Ansprüchen auf Invalidenleistungen: Arztberichte, IV-Verfügungen und Lohnangaben der versicherten Person werden erfasst, durch die Fachstelle Leistungen beurteilt und dem Vertrauensarzt zur Stellungnahme vorgelegt.',
      residualProbabilityLevelId: await level(probabilityLevels, 2),
      residualSeverityLevelId: await level(severityLevels, 2),
      residualNote: 'Zugriff nur für die Fachstelle Leistungen, Versand nur verschlüsselt.',
      advisorConsulted: true,
      approvedByUserId: approverUserId,
      approvedOn: addDays(today, -30),
      createdByUserId: approverUserId,
    })
    .returning()
  await db.insert(dsgDpiaRisks).values([
    {
      customerId,
      dpiaId: dpia.id,
      position: 1,
      description: 'Gesundheitsdaten gelangen durch unverschlüsselten Versand an Unbefugte.',
      probabilityLevelId: await level(probabilityLevels, 3),
      severityLevelId: await level(severityLevels, 4),
    },
    {
      customerId,
      dpiaId: dpia.id,
      position: 2,
      description: 'Mitarbeitende ohne Bezug zum Leistungsfall sehen Arztberichte ein.',
      probabilityLevelId: await level(probabilityLevels, 2),
      severityLevelId: await level(severityLevels, 4),
    },
  ])
  const [measure] = await db
    .select({ id: measures.id })
    .from(measures)
    .where(and(eq(measures.customerId, customerId), eq(measures.dsgMeasure, true)))
    .orderBy(asc(measures.dueDate))
    .limit(1)
  if (measure) await db.insert(dsgMeasureLinks).values({ customerId, dpiaId: dpia.id, measureId: measure.id })
  return true
}
