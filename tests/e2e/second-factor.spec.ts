import AxeBuilder from '@axe-core/playwright'
import { Secret } from 'otpauth'
import { keyedHash } from '../../models/core/seal.server.ts'
import { database, enterSecondFactor, expect, insertCustomerWithUser, insertUser, signOut, test } from './fixtures.ts'
import { codeAt } from '../../app/auth/second-factor.server.ts'

/*
 * The second factor (issue 12), with JavaScript on and off: set it up, sign in with a code, sign in with
 * a recovery code, and a fund that requires it leads a member to the setup. Accounts of the tests' own.
 */

test('a user sets up the second factor, sees the recovery codes once, and signs in with password and code', async ({ page, signIn }) => {
  const user = await insertUser()
  await signIn(user)
  await page.getByTestId('user-menu').click()
  await page.getByRole('link', { name: 'Anmeldung und Sicherheit' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmeldung und Sicherheit')
  await expect(page.getByTestId('second-factor-state')).toHaveText('Der zweite Faktor ist ausgeschaltet.')
  await page.getByRole('button', { name: 'Einrichtung beginnen' }).click()
  // The QR code is an SVG made on the server; the secret stands beside it for typing by hand.
  await expect(page.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).locator('svg')).toBeVisible()
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByLabel('Erster Code aus der App').fill('000000')
  await page.getByRole('button', { name: 'Zweiten Faktor einschalten' }).click()
  await expect(page.getByText('Dieser Code ist falsch, abgelaufen oder wurde bereits verwendet.')).toBeVisible()
  await page.getByLabel('Erster Code aus der App').fill(codeAt(secret))
  await page.getByRole('button', { name: 'Zweiten Faktor einschalten' }).click()
  await expect(page.getByRole('heading', { name: 'Ihre Wiederherstellungscodes' })).toBeVisible()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await expect(page.getByText('Sie werden nur jetzt angezeigt.')).toBeVisible()
  const firstCode = (await page.getByTestId('recovery-codes').getByRole('listitem').first().textContent()) ?? ''
  expect(firstCode).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
  // Shown once: the page itself no longer has them.
  await page.getByRole('link', { name: 'Ich habe die Codes sicher aufbewahrt' }).click()
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0)
  await expect(page.getByTestId('second-factor-state')).toContainText('Verbleibende Wiederherstellungscodes: 10.')

  await signOut(page)
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('input[name="password"]').fill(user.password)
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  await expect(page).toHaveURL(/\/login\/second-factor$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zweiter Faktor')
  const code = page.locator('input[name="code"]')
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(code).toHaveAttribute('inputmode', 'numeric')
  await code.fill('000000')
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  await expect(page.getByText('Dieser Code ist falsch, abgelaufen oder wurde bereits verwendet.')).toBeVisible()
  await enterSecondFactor(page, secret)
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByTestId('active-customer')).toHaveText('Pensionskasse Alpha')
})

test('a user signs in with a recovery code, which then is used up', async ({ page }) => {
  const secret = new Secret({ size: 20 }).base32
  const user = await insertUser({ totpSecret: secret })
  const recovery = 'abcd-efgh-2345'
  await database().query(`insert into recovery_codes (user_id, code_hash) values ($1, $2)`, [
    user.id,
    // As the app keeps them (second-factor.server.ts recoveryCodeHash): keyed with the shared SECRET_KEY.
    keyedHash('recovery code', recovery.replace(/-/g, '')),
  ])
  const signInWithRecovery = async () => {
    await page.goto('/')
    await page.locator('input[name="email"]').fill(user.email)
    await page.locator('input[name="password"]').fill(user.password)
    await page.locator('form[method="post"] button[type="submit"]').last().click()
    await expect(page).toHaveURL(/\/login\/second-factor$/)
    await page.getByRole('link', { name: 'Keinen Zugriff auf die App? Wiederherstellungscode verwenden' }).click()
    await page.getByLabel('Wiederherstellungscode').fill(recovery.toUpperCase())
    await page.getByRole('button', { name: 'Bestätigen' }).click()
  }
  await signInWithRecovery()
  await expect(page).toHaveURL(/\/app$/)
  await page.goto('/app/user/security')
  await expect(page.getByTestId('second-factor-state')).toContainText('Verbleibende Wiederherstellungscodes: 0.')
  await signOut(page)
  await signInWithRecovery()
  await expect(page).toHaveURL(/\/login\/second-factor\?recovery=1$/)
  await expect(page.getByText('Dieser Code ist falsch, abgelaufen oder wurde bereits verwendet.')).toBeVisible()
  // The app's code still works.
  await enterSecondFactor(page, secret)
  await expect(page).toHaveURL(/\/app$/)
})

test('a fund that requires the second factor leads its members without one to the setup', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/user/customer')
  await page.getByLabel('Zweiten Faktor für alle Mitglieder verlangen').check()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await page.context().clearCookies()

  const member = await insertUser({ customer: admin.customer, role: 'write' })
  await signIn(member)
  await expect(page).toHaveURL(/\/app\/user\/security$/)
  await expect(
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Ihre Vorsorgeeinrichtung verlangt einen zweiten Faktor.' }),
  ).toBeVisible()
  // Any other page leads back to the setup.
  await page.goto('/app/risk')
  await expect(page).toHaveURL(/\/app\/user\/security$/)
  await page.getByRole('button', { name: 'Einrichtung beginnen' }).click()
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  await page.getByLabel('Erster Code aus der App').fill(codeAt(secret))
  await page.getByRole('button', { name: 'Zweiten Faktor einschalten' }).click()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  // Now the fund's pages open.
  await page.goto('/app/risk')
  await expect(page).toHaveURL(/\/app\/risk$/)
  // The fund requires it: it cannot be turned off, and the page says why.
  await page.goto('/app/user/security')
  await expect(page.getByTestId('second-factor-mandatory')).toHaveText(
    'Eine Ihrer Vorsorgeeinrichtungen verlangt einen zweiten Faktor: Er kann nicht ausgeschaltet werden, solange Sie dort Mitglied sind.',
  )
  await expect(page.getByRole('button', { name: 'Zweiten Faktor ausschalten' })).toHaveCount(0)
})

test('turning the second factor on ends the sessions elsewhere: they sign in again, now with the code', async ({ page, signIn }) => {
  const { customer } = await insertCustomerWithUser()
  const user = await insertUser({ customer, role: 'write' })
  // A first browser, signed in with the password alone.
  await signIn(user)
  const elsewhere = await page.context().cookies()
  await page.context().clearCookies()
  // Here the factor is turned on.
  await signIn(user)
  await page.goto('/app/user/security')
  await page.getByRole('button', { name: 'Einrichtung beginnen' }).click()
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  await page.getByLabel('Erster Code aus der App').fill(codeAt(secret))
  await page.getByRole('button', { name: 'Zweiten Faktor einschalten' }).click()
  await expect(page.getByTestId('recovery-codes')).toBeVisible()
  // The first browser's session has ended.
  await page.context().clearCookies()
  await page.context().addCookies(elsewhere)
  await page.goto('/app/user/profile')
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fapp%2Fuser%2Fprofile&ended=1$/)
  await expect(page.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeVisible()
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('input[name="password"]').fill(user.password)
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  await enterSecondFactor(page, secret)
  await expect(page).toHaveURL(/\/app\/user\/profile$/)
})

test('the setup and the second step have no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  // axe runs in the page: the nojs project leaves @js-only tests out (playwright.config.ts).
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${v.nodes[0]?.target}`)
  const user = await insertUser()
  await signIn(user)
  await page.goto('/app/user/security')
  await page.getByRole('button', { name: 'Einrichtung beginnen' }).click()
  await expect(page.getByTestId('totp-secret')).toBeVisible()
  expect(await serious()).toEqual([])
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  await page.getByLabel('Erster Code aus der App').fill(codeAt(secret))
  await page.getByRole('button', { name: 'Zweiten Faktor einschalten' }).click()
  await expect(page.getByTestId('recovery-codes')).toBeVisible()
  expect(await serious()).toEqual([])
  await signOut(page)
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('input[name="password"]').fill(user.password)
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  await expect(page).toHaveURL(/\/login\/second-factor$/)
  expect(await serious()).toEqual([])
})

test('over the code limit the second step and the security page say to wait; back to the password keeps where the user wanted to go', async ({
  page,
  signIn,
}) => {
  const { customer } = await insertCustomerWithUser()
  const secret = new Secret({ size: 20 }).base32
  const user = await insertUser({ customer, role: 'write', totpSecret: secret })
  // The user's own code budget used up (wrong codes before; a password reset would not clear it).
  const exhaust = () =>
    database().query(
      `insert into sign_in_throttle (key, attempts, window_started_at) values ($1, 10, now())
       on conflict (key) do update set attempts = 10, window_started_at = now()`,
      [`code:${user.id}`],
    )
  await exhaust()
  await page.goto('/app/user/profile')
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fapp%2Fuser%2Fprofile$/)
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('input[name="password"]').fill(user.password)
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  await expect(page).toHaveURL(/\/login\/second-factor$/)
  await expect(page.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/?redirectTo=%2Fapp%2Fuser%2Fprofile')
  await page.locator('input[name="code"]').fill(codeAt(secret))
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  await expect(page.getByText('Zu viele Versuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.')).toBeVisible()

  await database().query(`delete from sign_in_throttle where key = $1`, [`code:${user.id}`])
  await signIn({ ...user, totpSecret: secret })
  await page.goto('/app/user/security')
  await exhaust()
  await page.getByLabel('Aktueller Code aus der App').fill('000000')
  await page.getByRole('button', { name: 'Neue Wiederherstellungscodes erstellen' }).click()
  await expect(page.getByText('Zu viele Versuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann erneut.')).toBeVisible()
  await database().query(`delete from sign_in_throttle where key = $1`, [`code:${user.id}`])
})
