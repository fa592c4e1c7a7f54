import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { dsgActivities, dsgBreaches, dsgDpias, dsgRequests } from '#models/schema/index.ts'
import { DSG_DPIA_STATES, DSG_REQUEST_STATES } from '#models/core/constants.ts'
import { system } from '../../../tests/system-db.ts'
import { customerFactory } from '../../../tests/factories/index.ts'
import { dsgActivityRecord, dsgBreachRecord, dsgDpiaRecord, dsgRequestRecord } from '../../../tests/factories/dsg-records.ts'
import { isBreachOverdue, isDpiaOpen, isRequestDueSoon, isRequestOverdue, isReviewDue } from './rules.ts'
import { dsgSql } from './rules.server.ts'

/**
 * `dsgSql` states the rules of rules.ts for PostgreSQL. Here both judge the same rows in the real
 * database on the dates where they could part: month ends, leap days, the day a year is up, the
 * night summer time begins, the hour a breach turns overdue. Each condition is also tried with its
 * moment given as an SQL expression, as a statement built once hands it (a placeholder).
 */
describe('dsgSql decides as the rules do', () => {
  let customer: string
  const ids = async (table: PgTable & { id: PgColumn; customerId: PgColumn }, where: SQL) =>
    (
      await system()
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.customerId, customer), where))
    )
      .map((r) => r.id)
      .sort()
  const expected = <R extends { id: string }>(rows: R[], rule: (r: R) => boolean) =>
    rows
      .filter(rule)
      .map((r) => r.id)
      .sort()

  beforeAll(async () => {
    customer = (await customerFactory()).id
  })

  it('activities due for review: 12 calendar months after the last review or the recording in Zurich', async () => {
    const reviewed = ['2024-02-29', '2025-02-28', '2025-03-31', '2025-11-22', '2025-11-23', '2025-11-24', '2025-12-31', '2026-01-31']
    const rows = []
    for (const lastReviewedOn of reviewed) {
      for (const state of ['active', 'draft', 'retired'] as const) rows.push(await dsgActivityRecord(customer, { lastReviewedOn, state }))
    }
    // Never reviewed: the day it was recorded counts, in Zurich (23:30 UTC is the next day there).
    for (const createdAt of ['2025-11-22T23:30:00Z', '2025-11-23T22:59:59Z', '2025-11-23T23:00:00Z', '2025-06-30T21:59:59Z', '2025-06-30T22:00:00Z']) {
      rows.push(await dsgActivityRecord(customer, { lastReviewedOn: null, createdAt: new Date(createdAt) }))
    }
    const days = [
      '2026-02-28',
      '2026-03-01',
      '2026-02-27',
      '2026-03-30',
      '2026-03-31',
      '2026-04-30',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-06-30',
      '2026-07-01',
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
    ]
    for (const today of days) {
      const want = expected(rows, (a) => isReviewDue(a, today))
      expect(await ids(dsgActivities, dsgSql.activityReviewDue(today)), today).toEqual(want)
      expect(await ids(dsgActivities, dsgSql.activityReviewDue(sql`${today}`)), `${today} as SQL`).toEqual(want)
    }
  })

  it('assessments open while screened or being assessed', async () => {
    const rows = []
    for (const state of DSG_DPIA_STATES) rows.push(await dsgDpiaRecord(customer, { state }))
    expect(await ids(dsgDpias, dsgSql.dpiaOpen())).toEqual(expected(rows, isDpiaOpen))
  })

  it('requests overdue after their deadline, due soon within 7 days, an extension counting', async () => {
    const rows = []
    const dues = ['2026-02-28', '2026-03-01', '2026-03-07', '2026-03-08', '2026-03-09', '2026-12-31', '2027-01-07', '2027-01-08']
    for (const dueOn of dues) {
      for (const state of DSG_REQUEST_STATES) rows.push(await dsgRequestRecord(customer, { dueOn, state }))
      rows.push(await dsgRequestRecord(customer, { dueOn, extendedTo: '2027-03-01' }))
      rows.push(await dsgRequestRecord(customer, { dueOn: '2026-01-01', extendedTo: dueOn }))
    }
    for (const today of ['2026-02-21', '2026-02-28', '2026-03-01', '2026-03-02', '2026-12-31', '2027-01-01', '2027-01-08', '2027-01-09']) {
      const soon = expected(rows, (r) => isRequestDueSoon(r, today))
      const overdue = expected(rows, (r) => isRequestOverdue(r, today))
      expect(await ids(dsgRequests, dsgSql.requestDueSoon(today)), `soon ${today}`).toEqual(soon)
      expect(await ids(dsgRequests, dsgSql.requestDueSoon(sql`${today}`)), `soon ${today} as SQL`).toEqual(soon)
      expect(await ids(dsgRequests, dsgSql.requestOverdue(today)), `overdue ${today}`).toEqual(overdue)
      expect(await ids(dsgRequests, dsgSql.requestOverdue(sql`${today}`)), `overdue ${today} as SQL`).toEqual(overdue)
    }
  })

  it('breaches overdue in elapsed hours, across the night summer time begins', async () => {
    // Found at 01:30 in Zurich on 29 March 2026, when the clocks jump from 02:00 to 03:00.
    const found = new Date('2026-03-29T00:30:00Z')
    const rows = []
    for (const highRisk of [true, false, null]) {
      for (const fdpicNotifiedAt of [null, new Date('2026-03-30T08:00:00Z')]) {
        for (const state of ['open', 'closed'] as const) rows.push(await dsgBreachRecord(customer, { discoveredAt: found, highRisk, fdpicNotifiedAt, state }))
      }
    }
    const moments = ['2026-03-30T00:30:00Z', '2026-03-30T00:30:01Z', '2026-04-01T00:30:00Z', '2026-04-01T00:30:01Z', '2026-04-02T12:00:00Z']
    for (const hours of [24, 72]) {
      for (const moment of moments) {
        const now = new Date(moment)
        const want = expected(rows, (b) => isBreachOverdue(b, hours, now))
        expect(await ids(dsgBreaches, dsgSql.breachOverdue(hours, now)), `${hours} h at ${moment}`).toEqual(want)
        expect(await ids(dsgBreaches, dsgSql.breachOverdue(sql`${hours}`, sql`${moment}`)), `${hours} h at ${moment} as SQL`).toEqual(want)
      }
    }
    expect(await ids(dsgBreaches, dsgSql.breachOpen())).toEqual(expected(rows, (b) => b.state === 'open'))
  })
})
