import { dsgActivities, dsgBreaches, dsgDpias, dsgRequests, dsgSettings } from '#models/schema/index.ts'
import { system } from '../system-db.ts'
import { type CustomerRef, customerId } from './customers.ts'

/*
 * Records of the data protection area written straight into the database, for tests that count or
 * mail them (the overview's head row, the dashboard, the digest, dsgSql against the rules) and so
 * need dates no form would take (a review 13 months ago, a breach found last night). Not exported
 * from the index: the area's services have factories of their own.
 */

let next = 1000
const idkey = () => next++

export async function dsgActivityRecord(customer: CustomerRef, attributes: Partial<typeof dsgActivities.$inferInsert> = {}) {
  const [row] = await system()
    .insert(dsgActivities)
    .values({ customerId: customerId(customer), idkey: idkey(), name: 'Verwaltung der Versicherten', state: 'active', ...attributes })
    .returning()
  return row
}

export async function dsgDpiaRecord(customer: CustomerRef, attributes: Partial<typeof dsgDpias.$inferInsert> = {}) {
  const activity = attributes.activityId ? null : await dsgActivityRecord(customer, { lastReviewedOn: '2100-01-01' })
  const [row] = await system()
    .insert(dsgDpias)
    .values({ customerId: customerId(customer), activityId: activity?.id ?? attributes.activityId!, ...attributes })
    .returning()
  return row
}

export async function dsgBreachRecord(customer: CustomerRef, attributes: Partial<typeof dsgBreaches.$inferInsert> = {}) {
  const [row] = await system()
    .insert(dsgBreaches)
    .values({ customerId: customerId(customer), idkey: idkey(), title: 'E-Mail an falschen Empfänger', discoveredAt: new Date(), ...attributes })
    .returning()
  return row
}

export async function dsgRequestRecord(customer: CustomerRef, attributes: Partial<typeof dsgRequests.$inferInsert> & { dueOn: string }) {
  const [row] = await system()
    .insert(dsgRequests)
    .values({ customerId: customerId(customer), idkey: idkey(), kind: 'access', receivedOn: attributes.dueOn, requesterName: 'Max Muster', ...attributes })
    .returning()
  return row
}

export async function dsgSettingsRecord(customer: CustomerRef, breachNoticeHours: number) {
  await system()
    .insert(dsgSettings)
    .values({ customerId: customerId(customer), breachNoticeHours })
}
