import { eq, sql } from 'drizzle-orm'
import { DSG_REQUEST_DAYS } from '../core/constants.ts'
import { nextNumber } from '../core/counters.server.ts'
import { addDays, todayInZurich } from '../core/dates.ts'
import type { Executor } from '../core/db.server.ts'
import { dsgRequests } from '../schema/index.ts'

/**
 * Two requests of data subjects for a demo fund, relative to the seeding day: an access request
 * answered through the requester's doctor (Art. 25 para. 3 DSG), and a rectification request still
 * open and due within the week. Only for a fund that has none yet.
 *
 * The due date is the receipt + 30 days of `requestDueOn` (app/features/dsg/rules.ts), written out
 * with its constant because models/ imports nothing from app/; requests.test.ts holds the two together.
 */
export async function seedDsgRequests(db: Executor, customerId: string, createdByUserId: string | null, today: string = todayInZurich()) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(dsgRequests).where(eq(dsgRequests.customerId, customerId))
  if (n > 0) return 0
  const dueOn = (receivedOn: string) => addDays(receivedOn, DSG_REQUEST_DAYS)
  const answeredReceipt = addDays(today, -45)
  const openReceipt = addDays(today, -26)
  const items = [
    {
      kind: 'access' as const,
      state: 'answered' as const,
      receivedOn: answeredReceipt,
      requesterName: 'Peter Muster',
      requesterReference: 'VN 100417',
      identityChecked: true,
      dueOn: dueOn(answeredReceipt),
      answeredOn: addDays(today, -20),
      answerMethod: 'Eingeschriebener Brief; Gesundheitsdaten über die Vertrauensärztin',
      healthProfessional: 'Dr. med. Claudia Weber',
      note: 'Kopie des Ausweises geprüft und vernichtet.',
    },
    {
      kind: 'rectification' as const,
      state: 'open' as const,
      receivedOn: openReceipt,
      requesterName: 'Maria Beispiel',
      requesterReference: 'VN 100982',
      identityChecked: true,
      dueOn: dueOn(openReceipt),
      note: 'Falsche Adresse im Versichertenausweis.',
    },
  ]
  for (const item of items) {
    await db.insert(dsgRequests).values({ ...item, customerId, createdByUserId, idkey: await nextNumber(db, customerId, 'dsg_request') })
  }
  return items.length
}
