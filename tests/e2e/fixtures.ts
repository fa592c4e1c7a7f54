import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { hash } from '@node-rs/argon2'
import { expect, type Page, test as base } from '@playwright/test'
import pg from 'pg'
import { provisionCustomer } from '../../models/reference/provision.server.ts'
import { connectDatabase, db } from '../../models/core/db.server.ts'

export const DEMO_PASSWORD = 'Vorsorge-2026'
export { expect }

let pool: pg.Pool | null = null
export function database() {
  pool ??= new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 })
  return pool
}

/** A fresh user of its own, so a test may change passwords or languages without touching others. */
export async function insertUser(opts: { customer?: string; role?: 'read' | 'write' | 'admin'; language?: 'de' | 'fr' | 'en'; password?: string } = {}) {
  const email = `e2e-${crypto.randomBytes(5).toString('hex')}@example.test`
  const password = opts.password ?? 'E2e-Passwort-1'
  const db = database()
  const { rows } = await db.query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, language) values ($1, $2, 'Erika', 'Muster', $3) returning id`,
    [email, await hash(password), opts.language ?? 'de'],
  )
  const customer = opts.customer ?? 'Pensionskasse Alpha'
  const role = opts.role ?? 'write'
  await db.query(
    `insert into memberships (user_id, customer_id, risk_enabled, risk_role, iks_enabled, iks_role)
     select $1, id, true, $2, true, $2 from customers where name = $3`,
    [rows[0].id, role, customer],
  )
  return { id: rows[0].id, email, password }
}

/** Signs in through the form; unless a failure is expected, waits until the app has opened. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, opts: { expectFailure?: boolean } = {}) {
  await page.goto('/')
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  if (!opts.expectFailure) await page.waitForURL(/\/app(\/|$)/)
}

export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click()
  await page.locator('form[action="/logout"] button').click()
  await expect(page).toHaveURL(/\/$/)
}

/** The newest mail the SMTP peer received for an address. */
export async function waitForMail(to: string, timeoutMs = 10_000) {
  const dir = process.env.E2E_MAIL_DIR!
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    const files = fs.readdirSync(dir).sort().reverse()
    for (const f of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; subject: string; text: string }
      if (mail.to.includes(to)) return mail
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail to ${to}`)
}

export const test = base

/** A pension fund of its own with one user (both in the given language), so a test may fill an inventory without meeting another test. */
export async function insertCustomerWithUser(opts: { role?: 'write' | 'admin'; language?: 'de' | 'fr' | 'en' } = {}) {
  const name = `E2E Pensionskasse ${crypto.randomBytes(3).toString('hex')}`
  const language = opts.language ?? 'de'
  const { rows } = await database().query<{ id: string }>(`insert into customers (name, language) values ($1, $2) returning id`, [name, language])
  // What the operator's "new pension fund" does: default risk levels and control matrix.
  connectDatabase(process.env.E2E_DATABASE_URL!, 2)
  await provisionCustomer(db(), rows[0].id, language)
  const user = await insertUser({ customer: name, role: opts.role ?? 'admin', language })
  return { ...user, customer: name }
}
