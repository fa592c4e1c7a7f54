import { eq, sql } from 'drizzle-orm'
import { nextNumber } from '../core/counters.server.ts'
import { addDays, todayInZurich } from '../core/dates.ts'
import type { Executor } from '../core/db.server.ts'
import { type DsgDataCategory, dsgActivities } from '../schema/index.ts'

type DemoActivity = {
  name: string
  purpose: string
  role: 'controller' | 'processor'
  dataSubjects: string
  dataCategories: DsgDataCategory[]
  recipients: string
  abroad?: { countries: string; safeguard: 'adequacy' | 'clauses' | 'exception'; note: string }
  retention: string
  security: string
  legalBasis: string
  state: 'draft' | 'active' | 'retired'
  /** Days since the last review; null: never reviewed. More than a year: due. */
  reviewedDaysAgo: number | null
}

const c = (name: string, sensitive = false): DsgDataCategory => ({ name, sensitive })

const ACTIVITIES: DemoActivity[] = [
  {
    name: 'Verwaltung der Versicherten',
    purpose: 'Durchführung der beruflichen Vorsorge: Aufnahme, Führung der Altersguthaben, Mutationen, Austritte und Freizügigkeitsleistungen.',
    role: 'controller',
    dataSubjects: 'Aktive Versicherte, ausgetretene Versicherte, Ehe- und eingetragene Partner',
    dataCategories: [c('Personalien und AHV-Nummer'), c('Lohn- und Beschäftigungsdaten'), c('Zivilstand'), c('Altersguthaben und Einkäufe')],
    recipients: 'Angeschlossene Arbeitgeber, Freizügigkeitseinrichtungen, Sicherheitsfonds BVG, Revisionsstelle, Expertin für berufliche Vorsorge',
    retention: '10 Jahre nach Austritt oder nach Ende der Leistungspflicht (Art. 27i BVV 2 und Art. 41 Abs. 8 BVG)',
    security: 'Rollenbasierte Zugriffe im Verwaltungssystem, Zwei-Faktor-Anmeldung, verschlüsselte Datensicherung, jährliche Berechtigungsprüfung',
    legalBasis: 'Art. 85a ff. BVG (Bearbeitung von Personendaten durch Vorsorgeeinrichtungen)',
    state: 'active',
    reviewedDaysAgo: 120,
  },
  {
    name: 'Invalidenleistungen',
    purpose: 'Abklärung des Anspruchs auf Invalidenrenten und Prämienbefreiung, Koordination mit der IV und dem Unfallversicherer.',
    role: 'controller',
    dataSubjects: 'Versicherte mit Arbeitsunfähigkeit oder Invalidität',
    dataCategories: [c('Personalien'), c('IV-Verfügungen und Arztberichte', true), c('Angaben zur Arbeitsunfähigkeit', true), c('Lohndaten')],
    recipients: 'Vertrauensärztin, Rückversicherer, IV-Stelle, Unfallversicherer',
    retention: '10 Jahre nach Ende der Leistungspflicht',
    security: 'Gesundheitsdaten nur für den Leistungsdienst und die Vertrauensärztin einsehbar; Versand nur verschlüsselt',
    legalBasis: 'Art. 23 ff. BVG, Art. 85a Bst. c BVG',
    state: 'active',
    reviewedDaysAgo: 400,
  },
  {
    name: 'Wohneigentumsförderung (Vorbezüge und Verpfändungen)',
    purpose: 'Prüfung und Auszahlung von WEF-Vorbezügen, Eintragung von Verpfändungen, Meldung an das Grundbuchamt und die ESTV.',
    role: 'controller',
    dataSubjects: 'Versicherte, Ehe- und eingetragene Partner',
    dataCategories: [c('Personalien'), c('Grundbuchauszüge und Kaufverträge'), c('Zustimmung der Ehepartnerin oder des Ehepartners'), c('Bankverbindung')],
    recipients: 'Grundbuchämter, Eidgenössische Steuerverwaltung, Banken der Versicherten',
    retention: 'Bis zur Rückzahlung oder zum Vorsorgefall, danach 10 Jahre',
    security: 'Vier-Augen-Prinzip bei der Auszahlung, Ablage im Dossier mit Zugriffsprotokoll',
    legalBasis: 'Art. 30a ff. BVG, WEFV',
    state: 'active',
    reviewedDaysAgo: 30,
  },
  {
    name: 'Hosting des Versichertenportals',
    purpose: 'Betrieb des Online-Portals, in dem Versicherte ihren Vorsorgeausweis einsehen und Simulationen rechnen.',
    role: 'controller',
    dataSubjects: 'Versicherte mit Portalzugang',
    dataCategories: [c('Anmeldedaten'), c('Vorsorgeausweis'), c('Protokolldaten')],
    recipients: 'IT-Dienstleister (Auftragsbearbeiter) mit Rechenzentrum in der Schweiz; Support-Zugriff aus der EU',
    abroad: {
      countries: 'Deutschland, Irland',
      safeguard: 'adequacy',
      note: 'Support-Zugriff des Dienstleisters; Auftragsbearbeitungsvertrag vom 1. März 2024',
    },
    retention: 'Protokolldaten 12 Monate, Konten bis 3 Monate nach Austritt',
    security: 'Verschlüsselte Übertragung, Zwei-Faktor-Anmeldung, jährlicher Penetrationstest',
    legalBasis: 'Art. 85a BVG',
    state: 'active',
    reviewedDaysAgo: null,
  },
  {
    name: 'Wahl der Arbeitnehmervertretung im Stiftungsrat',
    purpose: 'Durchführung der Wahlen der Arbeitnehmervertreterinnen und -vertreter in den Stiftungsrat.',
    role: 'controller',
    dataSubjects: 'Aktive Versicherte, Kandidierende',
    dataCategories: [c('Personalien'), c('Arbeitgeber'), c('Stimmabgabe')],
    recipients: 'Wahlbüro, Stiftungsrat',
    retention: 'Wahlunterlagen bis zum Ende der Amtsperiode',
    security: 'Getrennte Aufbewahrung der Stimmzettel, Auszählung im Vier-Augen-Prinzip',
    legalBasis: 'Art. 51 BVG (paritätische Verwaltung)',
    state: 'draft',
    reviewedDaysAgo: null,
  },
]

/**
 * The demo fund's record of processing activities: five activities, one due for review, one with a
 * disclosure abroad, one with health data. Only for a fund that has none yet.
 */
export async function seedDemoActivities(db: Executor, customerId: string, responsibleUserId: string | null): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(dsgActivities).where(eq(dsgActivities.customerId, customerId))
  if (n > 0) return false
  const today = todayInZurich()
  for (const a of ACTIVITIES) {
    const reviewed = a.reviewedDaysAgo === null ? null : addDays(today, -a.reviewedDaysAgo)
    await db.insert(dsgActivities).values({
      customerId,
      idkey: await nextNumber(db, customerId, 'dsg_activity'),
      name: a.name,
      purpose: a.purpose,
      role: a.role,
      responsibleUserId,
      dataSubjects: a.dataSubjects,
      dataCategories: a.dataCategories,
      sensitive: a.dataCategories.some((d) => d.sensitive),
      recipients: a.recipients,
      abroad: Boolean(a.abroad),
      abroadCountries: a.abroad?.countries ?? '',
      abroadSafeguard: a.abroad?.safeguard ?? null,
      abroadNote: a.abroad?.note ?? '',
      retention: a.retention,
      security: a.security,
      legalBasis: a.legalBasis,
      state: a.state,
      lastReviewedOn: reviewed,
      // Recorded before its last review (a never reviewed one: recently, so it is not due yet).
      createdAt: new Date(`${addDays(reviewed ?? today, -60)}T08:00:00Z`),
    })
  }
  return true
}
