import { hash } from '@node-rs/argon2'
import { database, expect, insertCustomerWithUser, signOut, test } from './fixtures.ts'

// Auditor accounts (issue 12, decision 0035), with JavaScript on and off: an admin creates one, the
// auditor reads and is refused a write, and once the end date has passed the access is gone.
test('an admin creates an auditor, who reads, is refused a write, and is shut out after the end date', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/admin/users/new')
  const email = `auditor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`
  await page.getByLabel('E-Mail').fill(email)
  await page.getByLabel('Vorname').fill('Rita')
  await page.getByLabel('Nachname').fill('Revisorin')
  await page.getByLabel('Art des Zugangs').selectOption('auditor')
  // The end date is filled in: today + 60 days.
  await expect(page.getByLabel('Zugang bis')).not.toHaveValue('')
  await page.getByRole('button', { name: 'Benutzer hinzufügen' }).click()
  await expect(page).toHaveURL(/\/app\/admin\/users$/)
  const row = page.getByTestId('members').getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Revisionsstelle bis')
  await signOut(page)

  // The auditor's first password, as the welcome mail's link would set it.
  const password = 'Revision-Passwort-1'
  await database().query('update users set password_hash = $1 where email = $2', [await hash(password), email])
  await signIn({ email, password })
  await page.goto('/app/risk')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/app/measures')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Neue Massnahme' })).toHaveCount(0)
  // A write is refused, even by its address.
  const refused = await page.goto('/app/measures/new')
  expect(refused?.status()).toBe(403)
  const users = await page.goto('/app/admin/users')
  expect(users?.status()).toBe(403)

  // The end date passes: the next request goes to the selector with the message, and sign-in is refused.
  await database().query(
    `update memberships set ends_on = ((now() at time zone 'Europe/Zurich')::date - 1) where user_id = (select id from users where email = $1)`,
    [email],
  )
  await page.goto('/app/risk')
  await expect(page).toHaveURL(/\/app\/user\/cselector/)
  await expect(page.getByText('Ihr bisheriger Zugang ist abgelaufen')).toBeVisible()
  await page.context().clearCookies()
  await signIn({ email, password }, { expectFailure: true })
  await expect(page.getByRole('alert')).toContainText('Ihr Zugang ist am')
  await expect(page.getByRole('alert')).toContainText('abgelaufen')
})
