import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '../../models/core/db.server.ts'
import { fillEveryTable, readCatalogue } from '../upgrade/fill.ts'

// Migration 0045 (issue 28): a database at the migration before it, with approvals of every kind and no
// decision, gets one council decision per approval, linked, numbered after the fund's counter; the
// appetite's and the reports' approvals stay refused to any later change.

const name = `backfill_${crypto.randomBytes(6).toString('hex')}`
const TAG = '0045_decisions_backfill'
let owner: pg.Client
let ownerUrl = ''
let folder = ''

async function migrateWith(migrationsFolder: string) {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 })
  try {
    await migrate(drizzle(pool), { migrationsFolder })
  } finally {
    await pool.end()
  }
}

beforeAll(async () => {
  const admin = new pg.Client(inject('adminUrl'))
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(inject('adminUrl'))
  url.pathname = `/${name}`
  ownerUrl = url.toString()
  // The migrations up to the one before the backfill.
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backfill-'))
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((e) => e.tag === TAG)
  expect(at).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, at)
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  await migrateWith(folder)
  owner = new pg.Client(ownerUrl)
  await owner.connect()
  await fillEveryTable(owner, await readCatalogue(owner))
  // Approvals of before the register: no decision (the filler may have linked some).
  await owner.query('alter table risk_appetite_approvals disable trigger risk_appetite_approval_kept')
  await owner.query('alter table report_approvals disable trigger report_approvals_append_only')
  await owner.query('update risk_appetite_approvals set decision_id = null')
  await owner.query('update report_approvals set decision_id = null')
  await owner.query('alter table risk_appetite_approvals enable trigger risk_appetite_approval_kept')
  await owner.query('alter table report_approvals enable trigger report_approvals_append_only')
  await owner.query('update risk_acceptances set decision_id = null')
  await owner.query('update ics_settings set minimum_decision_id = null')
  await owner.query("update findings set acceptance_decision_id = null, state = 'open' where acceptance_decision_id is not null")
  await owner.query(
    "update loyalty_campaigns set review_decision_id = null, reviewed_on = coalesce(reviewed_on, date '2025-05-01'), review_reference = 'SR 2/25', review_names = 'A. Muster'",
  )
  await owner.query("update risk_acceptances set decision_reference = '' where ctid = (select min(ctid) from risk_acceptances)")
  await owner.query('delete from council_decisions where not exists (select 1 from council_decision_documents d where d.decision_id = council_decisions.id)')
  // The current migrations, as the app runs them at start.
  await migrateWith(MIGRATIONS_FOLDER)
}, 120_000)

afterAll(async () => {
  await owner?.end()
  if (folder) fs.rmSync(folder, { recursive: true, force: true })
  const admin = new pg.Client(inject('adminUrl'))
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
})

describe('migration 0045: a council decision for every approval recorded before the register', () => {
  it('links each approval to a decision of its fund and subject, with its date, reference and who decided', async () => {
    const q = async (sql: string) => (await owner.query(sql)).rows
    const appetite =
      await q(`select a.approved_on = d.decided_on as same_day, a.decision_reference = d.reference as same_ref, a.approved_by = d.decided_by as same_by,
        d.subject::text, a.customer_id = d.customer_id as same_fund
      from risk_appetite_approvals a join council_decisions d on d.id = a.decision_id`)
    expect(appetite.length).toBeGreaterThan(0)
    for (const row of appetite) expect(row).toEqual({ same_day: true, same_ref: true, same_by: true, subject: 'riskAppetite', same_fund: true })
    expect(await q('select id from risk_appetite_approvals where decision_id is null')).toEqual([])
    const acceptances = await q(
      `select d.subject::text, d.reference, a.accepted_on = d.decided_on as same_day from risk_acceptances a join council_decisions d on d.id = a.decision_id`,
    )
    expect(acceptances.length).toBeGreaterThan(0)
    for (const row of acceptances) expect(row).toMatchObject({ subject: 'riskAcceptance', same_day: true })
    // Without a reference of its own, the acceptance's day stands for it (a decision needs one).
    expect(acceptances.every((r) => r.reference !== '')).toBe(true)
    expect(await q('select id from risk_acceptances where decision_id is null')).toEqual([])
    const reviews = await q(
      `select d.subject::text, d.reference, d.decided_by from loyalty_campaigns l join council_decisions d on d.id = l.review_decision_id`,
    )
    expect(reviews.length).toBeGreaterThan(0)
    for (const row of reviews) expect(row).toEqual({ subject: 'loyaltyReview', reference: 'SR 2/25', decided_by: 'A. Muster' })
    const reports = await q(
      `select d.subject::text, a.names = d.decided_by as same_by from report_approvals a join council_decisions d on d.id = a.decision_id`,
    )
    expect(reports.length).toBeGreaterThan(0)
    for (const row of reports) expect(row).toEqual({ subject: 'annualReport', same_by: true })
    expect(await q('select id from report_approvals where decision_id is null')).toEqual([])
  })

  it('numbers the decisions after the fund’s counter, without a gap or a repeat, and moves the counter on', async () => {
    const rows = (
      await owner.query<{ customer_id: string; numbers: number[]; counter: number | null }>(`
        select d.customer_id, array_agg(d.number order by d.number) as numbers,
          (select value from customer_counters c where c.customer_id = d.customer_id and c.name = 'councilDecision') as counter
        from council_decisions d group by d.customer_id`)
    ).rows
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) {
      expect(new Set(r.numbers).size).toBe(r.numbers.length)
      expect(r.counter).toBeGreaterThanOrEqual(Math.max(...r.numbers))
    }
  })

  it('leaves the appetite’s and the reports’ approvals refused to any change, as before', async () => {
    const refused = async (sql: string) => {
      try {
        await owner.query(sql)
        return 'changed'
      } catch (error) {
        return (error as { code?: string }).code
      }
    }
    expect(await refused("update risk_appetite_approvals set remark = 'später'")).toBe('23001')
    expect(await refused("update report_approvals set names = 'später'")).not.toBe('changed')
    // Run again, nothing changes.
    const before = (await owner.query('select count(*)::int as n from council_decisions')).rows[0].n
    await migrateWith(MIGRATIONS_FOLDER)
    expect((await owner.query('select count(*)::int as n from council_decisions')).rows[0].n).toBe(before)
  })
})
