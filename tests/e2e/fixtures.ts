import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test as base } from '@playwright/test'
import { Secret } from 'otpauth'
import pg from 'pg'
import { codeAt } from '../../app/auth/second-factor.server.ts'
import { connectDatabase } from '../../models/core/db.server.ts'
import { customerFactory, customerNamed, memberFactory, userFactory } from '../factories/index.ts'

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
/** The suite's database as its owner, for the records a journey needs beside its accounts. */
export function database() {
  pool ??= new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 })
  return pool
}

/**
 * The accounts, memberships and rights of the journeys are made by the factories of the integration
 * tests (tests/factories), which write through the models' pool: in a worker it is opened on the
 * suite's database, which global-setup has named (E2E_DATABASE_URL); the runner, which only lists
 * the tests, has none and needs none.
 */
if (process.env.E2E_DATABASE_URL) connectDatabase(process.env.E2E_DATABASE_URL, 2)

type Language = 'de' | 'fr' | 'en'
type TestRole = 'read' | 'write' | 'admin' | 'dsg'
const E2E_PASSWORD = 'E2e-Passwort-1'

/** Who a journey's own account is: unless a test says otherwise, Erika Muster, in German, writing on every tool. */
const ACCOUNT = { firstName: 'Erika', lastName: 'Muster', language: 'de' as Language, role: 'write' as TestRole }
const OPERATOR = { firstName: 'Stefan', lastName: 'Meier', language: 'de' as Language }
const e2eEmail = (kind = 'e2e') => `${kind}-${crypto.randomBytes(5).toString('hex')}@example.test`

/**
 * A fresh user of its own, so a test may change passwords or languages without touching others: a
 * member of `customer` (by name, the demo fund Alpha unless given) with the same role on every tool.
 * `membership` makes it an auditor or ends its term; `totpSecret` turns its second factor on.
 */
export async function insertUser(
  opts: {
    customer?: string
    role?: TestRole
    language?: Language
    password?: string
    email?: string
    firstName?: string
    lastName?: string
    totpSecret?: string
    membership?: { kind?: 'member' | 'auditor'; endsOn?: string }
  } = {},
) {
  const password = opts.password ?? E2E_PASSWORD
  const member = await memberFactory({
    customer: await customerNamed(opts.customer ?? 'Pensionskasse Alpha'),
    traits: [opts.role ?? ACCOUNT.role, 'signed-out'],
    attributes: {
      user: {
        email: opts.email ?? e2eEmail(),
        firstName: opts.firstName ?? ACCOUNT.firstName,
        lastName: opts.lastName ?? ACCOUNT.lastName,
        language: opts.language ?? ACCOUNT.language,
      },
      membership: opts.membership,
    },
    password,
    totpSecret: opts.totpSecret,
  })
  return { id: member.user.id, email: member.user.email, password, permId: member.permId }
}

/**
 * A super admin of the test's own with the second factor on (super admins must have it, issue 12): the
 * secret is sealed with the SECRET_KEY the app shares (playwright.config.ts). One per test, since a
 * code is good once per user and step, so parallel workers never take each other's code.
 */
export async function insertSuperAdmin(
  opts: { language?: Language; firstName?: string; lastName?: string } = {},
): Promise<Account & { id: string; totpSecret: string }> {
  const password = E2E_PASSWORD
  const totpSecret = new Secret({ size: 20 }).base32
  const user = await userFactory({
    traits: ['super-admin'],
    attributes: {
      email: e2eEmail('e2e-sadmin'),
      firstName: opts.firstName ?? OPERATOR.firstName,
      lastName: opts.lastName ?? OPERATOR.lastName,
      language: opts.language ?? OPERATOR.language,
    },
    password,
    totpSecret,
  })
  return { id: user.id, email: user.email, password, totpSecret }
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
  // The menu is a disclosure: a click landing while the page hydrates may leave it closed, so open it until the button shows.
  const logout = page.locator('form[action="/logout"] button')
  await expect(async () => {
    if (!(await logout.isVisible())) await page.getByTestId('user-menu').click()
    await expect(logout).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await logout.click()
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
export async function insertCustomerWithUser(
  opts: { role?: 'write' | 'admin'; language?: Language; email?: string; firstName?: string; lastName?: string } = {},
) {
  const language = opts.language ?? 'de'
  // Provisioned as the operator's "new pension fund" leaves it: default risk levels and control matrix.
  const { name } = await customerFactory({ attributes: { name: `E2E Pensionskasse ${crypto.randomBytes(3).toString('hex')}`, language } })
  const user = await insertUser({ ...opts, customer: name, role: opts.role ?? 'admin', language })
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
  await page.getByRole('combobox', { name: 'Eintrittswahrscheinlichkeit netto' }).selectOption({ index: p })
  await page.getByRole('combobox', { name: 'Schadensausmass netto' }).selectOption({ index: s })
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
}
