import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { seal } from '../../models/core/seal.server.ts'
import { startTestProvider, type TestProvider } from '../oidc-provider.ts'
import { database, expect, insertCustomerWithUser, test } from './fixtures.ts'

/*
 * Sign-in through the fund's own OpenID provider (issue 12, decision 0038), with a real provider
 * (oidc-provider) that this spec starts on a loopback port the app reaches: the person gives their
 * e-mail, signs in at the provider's login form and is back in the app as that fund's member.
 */
const port = Number(process.env.E2E_PORT ?? 3210)
let idp: TestProvider
let domain: string
let member: { email: string; customer: string }

test.beforeAll(async () => {
  idp = await startTestProvider({ redirectUris: [`http://localhost:${port}/login/provider/callback`] })
  domain = `pk-e2e-${crypto.randomBytes(3).toString('hex')}.ch`
  const email = `erika.${crypto.randomBytes(3).toString('hex')}@${domain}`
  const created = await insertCustomerWithUser({ role: 'write', language: 'de', email })
  member = { email, customer: created.customer }
  // The secret sealed with the key the app has too (playwright.config.ts sets SECRET_KEY for both).
  await database().query(
    `insert into identity_providers (customer_id, issuer, client_id, client_secret, allowed_domains, enabled)
     select id, $2, $3, $4, array[$5], true from customers where name = $1`,
    [member.customer, idp.issuer, idp.clientId, seal(idp.clientSecret), domain],
  )
})

test.afterAll(async () => {
  await idp?.close()
})

test('a member signs in through the fund’s provider and is back in the app', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Mit Ihrer Organisation anmelden' }).click()
  await expect(page).toHaveURL(/\/login\/provider$/)
  await page.locator('input[name="email"]').fill(member.email)
  await page.getByRole('button', { name: 'Weiter' }).click()
  // The provider's own login form (its development login: the login is the e-mail).
  await page.waitForURL(new RegExp(`^${idp.issuer}/interaction/`))
  await page.locator('input[name="login"]').fill(member.email)
  await page.locator('input[name="password"]').fill('any password')
  await page.locator('button[type="submit"]').click()
  await page.waitForURL(/\/app(\/|$)/)
  await expect(page.getByTestId('user-menu')).toBeVisible()
  const { rows } = await database().query<{ method: string }>(
    'select s.method from sessions s join users u on u.id = s.user_id where u.email = $1 order by s.created_at desc limit 1',
    [member.email],
  )
  expect(rows[0]?.method).toBe('provider')
})

test('a person of the domain without access to the fund is refused with a clear message', async ({ page }) => {
  const stranger = `nobody.${crypto.randomBytes(3).toString('hex')}@${domain}`
  await page.goto('/login/provider')
  await page.locator('input[name="email"]').fill(stranger)
  await page.getByRole('button', { name: 'Weiter' }).click()
  await page.waitForURL(new RegExp(`^${idp.issuer}/interaction/`))
  await page.locator('input[name="login"]').fill(stranger)
  await page.locator('input[name="password"]').fill('any password')
  await page.locator('button[type="submit"]').click()
  await page.waitForURL(/\/login\/provider\/callback/)
  await expect(page.getByRole('heading', { name: 'Anmeldung nicht möglich' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('keinen laufenden Zugang zu dieser Vorsorgeeinrichtung')
  await expect(page.getByRole('link', { name: 'Anmeldung neu beginnen' })).toBeVisible()
})

test('the sign-in page’s link to the provider sign-in keeps where the person wanted to go', async ({ page }) => {
  await page.goto('/?redirectTo=%2Fapp%2Frisks')
  await page.getByRole('link', { name: 'Mit Ihrer Organisation anmelden' }).click()
  await expect(page).toHaveURL(/\/login\/provider\?redirectTo=%2Fapp%2Frisks$/)
  await expect(page.locator('form#provider-sign-in input[name="redirectTo"]')).toHaveValue('/app/risks')
})

test('an address no provider serves gets a message, not a hint about accounts', async ({ page }) => {
  await page.goto('/login/provider')
  await page.locator('input[name="email"]').fill(`someone@unknown-${crypto.randomBytes(3).toString('hex')}.ch`)
  await page.getByRole('button', { name: 'Weiter' }).click()
  await expect(page.getByRole('alert')).toContainText('Für diese E-Mail-Adresse ist keine Anmeldung über eine Organisation eingerichtet')
})

test('the operator sets a fund’s provider: connection tested, secret never shown again, the list says so', async ({ page, signIn }) => {
  const fund = await insertCustomerWithUser({ role: 'admin' })
  await signIn('sadmin')
  await page.goto(`/app/sadmin/customers?q=${encodeURIComponent(fund.customer)}`)
  await page.getByRole('link', { name: `Anbieter: ${fund.customer}` }).click()
  await expect(page.getByText(`http://localhost:${port}/login/provider/callback`)).toBeVisible()
  await page.getByLabel('Aussteller-URL (Issuer)').fill(idp.issuer)
  await page.getByRole('button', { name: 'Verbindung testen' }).click()
  await expect(page.getByText(`Der Anbieter hat geantwortet: Aussteller ${idp.issuer}.`)).toBeVisible()
  await page.getByLabel('Client-ID').fill(idp.clientId)
  await page.getByLabel('Geheimer Clientschlüssel (Client-Secret)').fill('operator-typed-secret')
  await page.getByLabel('Erlaubte E-Mail-Domänen').fill(`Ops-${domain}, ops-${domain}`)
  await page.getByRole('button', { name: 'Speichern' }).click()
  const row = page.getByTestId('customers').getByRole('row').filter({ hasText: fund.customer })
  await expect(row.getByText('Ein', { exact: true })).toBeVisible()
  await page.goto(
    `/app/sadmin/customers/${(await database().query<{ id: string }>('select id from customers where name = $1', [fund.customer])).rows[0].id}/provider`,
  )
  await expect(page.getByLabel('Erlaubte E-Mail-Domänen')).toHaveValue(`ops-${domain}`)
  await expect(page.getByLabel('Geheimer Clientschlüssel (Client-Secret)')).toHaveValue('')
  expect(await page.content()).not.toContain('operator-typed-secret')
})

test('the provider pages have no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page }) => {
  // axe runs in the page: the nojs project leaves @js-only tests out (playwright.config.ts).
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
  await page.goto('/login/provider')
  expect(await serious()).toEqual([])
  const refused = await page.goto('/login/provider/callback?state=unknown&code=x')
  expect(refused?.status()).toBe(400)
  await expect(page.getByText('Diese Anmeldung ist abgelaufen oder ungültig. Bitte beginnen Sie neu.')).toBeVisible()
  expect(await serious()).toEqual([])
})
