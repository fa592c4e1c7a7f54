import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { hash } from '@node-rs/argon2'
import { expect, type Page, test as base } from '@playwright/test'
import { Secret } from 'otpauth'
import pg from 'pg'
import { codeAt } from '../../app/auth/second-factor.server.ts'
import { provisionCustomer } from '../../models/reference/provision.server.ts'
import { connectDatabase } from '../../models/core/db.server.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { seal } from '../../models/core/seal.server.ts'

export const DEMO_PASSWORD = 'Vorsorge-2026'
export { expect }

/** The demo accounts of the README, by the role each stands for; all sign in with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = {
  sadmin: 'sadmin@example.com',
  admin: 'admin@example.com',
  writer: 'writer@example.com',
  reader: 'reader@example.com',
  dsg: 'dsg@example.com',
  norights: 'norights@example.com',
  beta: 'beta@example.com',
} as const
export type DemoRole = keyof typeof DEMO_ACCOUNTS
/**
 * An account of a test's own (insertUser, insertCustomerWithUser, insertSuperAdmin). With `totpSecret`
 * the account has the second factor on: signing in enters the code computed from it.
 */
export type Account = { email: string; password: string; totpSecret?: string }
export type SignInOptions = {
  /** Another password than the account's (a wrong one, or one the test has just set). */
  password?: string
  /** The sign-in is meant to fail: do not wait for the app to open. */
  expectFailure?: boolean
  /** Fill the sign-in form of the page that is open (after a redirect), instead of going to / first. */
  onThisPage?: boolean
}

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
    // The same role on every tool, a rights row each (decision 0057).
    `with m as (insert into memberships (user_id, customer_id) select $1, id from customers where name = $3 returning id, customer_id)
     insert into membership_tool_rights (membership_id, customer_id, tool, enabled, role)
     select m.id, m.customer_id, t.tool, true, $2::role from m cross join unnest(enum_range(null::tool)) as t(tool)`,
    [rows[0].id, role, customer],
  )
  return { id: rows[0].id, email, password }
}

/**
 * A super admin of the test's own with the second factor on (super admins must have it, issue 12): the
 * secret is sealed with the SECRET_KEY the app shares (playwright.config.ts). One per test, since a
 * code is good once per user and step, so parallel workers never take each other's code.
 */
export async function insertSuperAdmin(
  opts: { language?: 'de' | 'fr' | 'en'; firstName?: string; lastName?: string } = {},
): Promise<Account & { id: string; totpSecret: string }> {
  const email = `e2e-sadmin-${crypto.randomBytes(5).toString('hex')}@example.test`
  const password = 'E2e-Passwort-1'
  const totpSecret = new Secret({ size: 20 }).base32
  const { rows } = await database().query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, language, is_super_admin, totp_secret, totp_enabled_at)
     values ($1, $2, $4, $5, $6, true, $3, now()) returning id`,
    [email, await hash(password), seal(totpSecret), opts.firstName ?? 'Stefan', opts.lastName ?? 'Meier', opts.language ?? 'de'],
  )
  return { id: rows[0].id, email, password, totpSecret }
}

/**
 * The second step of a sign-in: the current code of the secret. A code is good once per step: when the
 * account's current step was taken already (set up a moment ago), the next step's code follows.
 */
export async function enterSecondFactor(page: Page, secret: string) {
  await page.waitForURL(/\/login\/second-factor/)
  for (const offset of [0, 30_000]) {
    await page.locator('input[name="code"]').fill(codeAt(secret, Date.now() + offset))
    // The answer to the code's POST (a document with JavaScript off, a data request with it on): 401 is a refused code.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/login/second-factor')),
      page.locator('form[method="post"] button[type="submit"]').last().click(),
    ])
    if (answer.status() !== 401) break
    await page.waitForLoadState()
  }
  await page.waitForURL(/\/app(\/|$)/)
}

/**
 * Signs in through the form; unless a failure is expected, waits until the app has opened. 'sadmin'
 * is a super admin of the test's own with the second factor on (insertSuperAdmin): the demo operator
 * has none and would be led to its setup.
 */
async function signInOn(page: Page, who: DemoRole | Account, opts: SignInOptions = {}) {
  const account = who === 'sadmin' ? await insertSuperAdmin() : typeof who === 'string' ? { email: DEMO_ACCOUNTS[who], password: DEMO_PASSWORD } : who
  if (!opts.onThisPage) await page.goto('/')
  await page.locator('input[name="email"]').fill(account.email)
  await page.locator('input[name="password"]').fill(opts.password ?? account.password)
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  if (opts.expectFailure) return page
  if (account.totpSecret) await enterSecondFactor(page, account.totpSecret)
  await page.waitForURL(/\/app(\/|$)/)
  return page
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
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
    for (const f of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; subject: string; text: string }
      if (mail.to.includes(to)) return mail
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail to ${to}`)
}

/**
 * The specs' test, extended in the manner of the Epic Stack's playwright-utils:
 * - `signIn(role | account, options?)` signs the page in through the form, as a demo account
 *   (`'writer'`, `'sadmin'`, …) or an account of the test's own, and returns the page;
 * - `noJs` is true in the project that runs every journey with JavaScript off, for the few
 *   steps that differ (a `@js-only` tag, which the nojs project leaves out, for what needs JavaScript).
 */
export const test = base.extend<{ signIn: (who: DemoRole | Account, opts?: SignInOptions) => Promise<Page>; noJs: boolean }>({
  signIn: async ({ page }, use) => {
    await use((who, opts) => signInOn(page, who, opts))
  },
  noJs: async ({ javaScriptEnabled }, use) => {
    await use(!javaScriptEnabled)
  },
})

/** A pension fund of its own with one user (both in the given language), so a test may fill an inventory without meeting another test. */
export async function insertCustomerWithUser(opts: { role?: 'write' | 'admin'; language?: 'de' | 'fr' | 'en' } = {}) {
  const name = `E2E Pensionskasse ${crypto.randomBytes(3).toString('hex')}`
  const language = opts.language ?? 'de'
  const { rows } = await database().query<{ id: string }>(`insert into customers (name, language) values ($1, $2) returning id`, [name, language])
  // What the operator's "new pension fund" does: default risk levels and control matrix.
  connectDatabase(process.env.E2E_DATABASE_URL!, 2)
  await asSystem('e2e fixture: provision', (tx) => provisionCustomer(tx, rows[0].id, language))
  const user = await insertUser({ customer: name, role: opts.role ?? 'admin', language })
  return { ...user, customer: name }
}

/**
 * Moves a fund's inventories and their audit entries back to `at`, as if they had been written then: a
 * snapshot of an earlier reporting date counts only what existed at that date.
 */
export async function backdateFund(customer: string, at: string) {
  const fund = `(select id from customers where name = $1)`
  for (const table of ['risks', 'ics_processes', 'measures', 'documents', 'control_matrix_rows', 'ics_quality', 'audit_entries']) {
    const updated = table === 'audit_entries' ? '' : ', updated_at = $2'
    await database().query(`update ${table} set created_at = $2${updated} where customer_id = ${fund}`, [customer, at])
  }
}

/** Opens a step of the stepper and waits until it is shown, so a click lands on that step's buttons. */
export async function goStep(page: Page, number: number, name: string) {
  await page.getByRole('link', { name: `${number} ${name}` }).click()
  await expect(page.locator('main h2').first()).toHaveText(name)
}

/** Evaluates the open risk with the probability and severity at these positions of the selects. */
export async function evaluate(page: Page, p: number, s: number) {
  await goStep(page, 3, 'Bewertung')
  await page.getByRole('button', { name: 'Bearbeiten' }).click()
  await page.getByRole('combobox', { name: 'Eintrittswahrscheinlichkeit' }).selectOption({ index: p })
  await page.getByRole('combobox', { name: 'Schadensausmass' }).selectOption({ index: s })
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
}
