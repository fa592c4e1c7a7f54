import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../core/db.server.ts'
import { nextNumber } from '../core/counters.server.ts'
import { addDays, todayInZurich } from '../core/dates.ts'
import { dsgBreaches, dsgMeasureLinks, measures } from '../schema/index.ts'

const HOUR = 3_600_000

/**
 * A data security breach of the demo fund, long closed: discovered about four months ago, judged a
 * high risk, reported to the FDPIC within the 72 hours and its data subjects informed. Only for a fund
 * that has no breach yet; its first DSG measure, if any, is linked.
 */
export async function seedDsgBreaches(db: Executor, customerId: string, reporterUserId: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(dsgBreaches).where(eq(dsgBreaches.customerId, customerId))
  if (n > 0) return false
  const today = todayInZurich()
  // 09:40 in Zurich on a day about four months back (the hour is a summer or a winter one: either is fine).
  const discoveredAt = new Date(`${addDays(today, -124)}T08:40:00Z`)
  const [breach] = await db
    .insert(dsgBreaches)
    .values({
      customerId,
      idkey: await nextNumber(db, customerId, 'dsg_breach'),
      title: 'Vorsorgeausweise an falsche Adressen versandt',
      state: 'closed',
      discoveredAt,
      description:
        'Beim Jahresversand der Vorsorgeausweise ordnete der Druckdienstleister 38 Ausweise falschen Umschlägen zu. Zwei Empfänger meldeten sich bei der Kasse; der Fehler lag in einer Sortierung der Adressdatei.',
      period: 'Ein Versandlauf am Tag der Entdeckung; die Umschläge waren zwei Tage unterwegs.',
      subjectCategories: 'Aktive Versicherte',
      dataCategories: 'Name, Adresse, AHV-Nummer, versicherter Lohn, Altersguthaben, Leistungen bei Invalidität und Tod',
      subjectsCount: 38,
      recordsCount: 38,
      consequences:
        'Dritte erhielten Einblick in Lohn und Vorsorgeguthaben der Betroffenen. Risiko von Identitätsmissbrauch mit der AHV-Nummer gering, Verlust der Vertraulichkeit hoch.',
      measuresTaken:
        'Versand gestoppt, falsch zugestellte Ausweise zurückgefordert und vernichtet, Sortierung beim Dienstleister korrigiert, Vier-Augen-Kontrolle der Adressdatei vor jedem Versand eingeführt.',
      highRisk: true,
      fdpicNotifiedAt: new Date(discoveredAt.getTime() + 41 * HOUR),
      fdpicReference: 'EDÖB-2026-0412',
      informSubjects: true,
      subjectsInformedOn: addDays(today, -120),
      closedOn: addDays(today, -95),
      reportedAt: new Date(discoveredAt.getTime() + 2 * HOUR),
      createdByUserId: reporterUserId,
    })
    .returning({ id: dsgBreaches.id })
  const [measure] = await db
    .select({ id: measures.id })
    .from(measures)
    .where(and(eq(measures.customerId, customerId), eq(measures.dsgMeasure, true)))
    .orderBy(measures.idkey)
    .limit(1)
  if (measure) await db.insert(dsgMeasureLinks).values({ customerId, breachId: breach.id, measureId: measure.id })
  return true
}
