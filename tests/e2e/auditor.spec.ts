import { addDays, todayInZurich } from '../../models/core/dates.ts'
import { setMembershipTerm, updateUser } from '../factories/index.ts'
import { database, expect, insertCustomerWithUser, signOut, test } from './fixtures.ts'

// Auditor accounts (issue 12, decision 0035), with JavaScript on and off: an admin creates one, the
// auditor reads and is refused a write, and once the end date has passed the access is gone.
test('an admin creates an auditor, who reads, is refused a write, and is shut out after the end date', async ({ page, signIn }) => {
  // Three sign-ins (admin, operator, auditor) on two shared cores.
  test.setTimeout(120_000)
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/admin/users')
  // The list offers the two kinds of access as two links (issue 22): an auditor's form has no roles.
  await page.getByRole('link', { name: 'Neue Revisionsstelle' }).click()
  await expect(page).toHaveURL(/\/app\/admin\/users\/new\?kind=auditor$/)
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="email"]') })
  await expect(form.getByLabel('E-Mail')).toBeVisible()
  await expect(form.getByLabel('Rolle im RM')).toHaveCount(0)
  await expect(form.getByLabel('Rolle im IKS')).toHaveCount(0)
  await expect(form.getByLabel('RM freigeschaltet')).toHaveCount(0)
  await expect(form.locator('[name$="Role"], [name$="Enabled"]')).toHaveCount(0)
  await expect(form.getByLabel('Art des Zugangs')).toHaveCount(0)
  const email = `auditor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`
  await form.getByLabel('E-Mail').fill(email)
  await form.getByLabel('Vorname').fill('Rita')
  await form.getByLabel('Nachname').fill('Revisorin')
  // The end date is filled in: today + 60 days.
  await expect(form.getByLabel('Zugang bis')).not.toHaveValue('')
  await form.getByRole('button', { name: 'Revisionsstelle hinzufügen' }).click()
  await expect(page).toHaveURL(/\/app\/admin\/users$/)
  const row = page.getByTestId('members').getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Revisionsstelle bis')
  // Its page sets the end date only, no roles.
  await row.getByRole('link', { name: 'Rechte: Rita Revisorin' }).click()
  const edit = page.locator('form[method="post"]').filter({ has: page.locator('[name="endsOn"]') })
  await expect(edit.getByLabel('Zugang bis')).not.toHaveValue('')
  await expect(page.locator('[name$="Role"]')).toHaveCount(0)
  await page.goto('/app/admin/users')
  await signOut(page)

  // The operator's user mapper shows the auditor's access and its end, no role selectors.
  const [{ id }] = (await database().query('select id from users where email = $1', [email])).rows
  await signIn('sadmin')
  await page.goto(`/app/sadmin/users/${id}/map`)
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: admin.customer }) })
  await expect(card.getByTestId('auditor-membership')).toContainText(/Revisionsstelle bis \d\d\.\d\d\.\d{4}/)
  await expect(card.getByLabel('Rolle im RM')).toHaveCount(0)
  await expect(card.getByRole('button', { name: `Entfernen: ${admin.customer}` })).toBeVisible()
  await signOut(page)

  // The auditor's first password, as the welcome mail's link would set it.
  const password = 'Revision-Passwort-1'
  await updateUser({ email }, { password })
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
  await setMembershipTerm({ email }, { endsOn: addDays(todayInZurich(), -1) })
  await page.goto('/app/risk')
  await expect(page).toHaveURL(/\/app\/user\/cselector/)
  await expect(page.getByText('Ihr bisheriger Zugang ist abgelaufen')).toBeVisible()
  await page.context().clearCookies()
  await signIn({ email, password }, { expectFailure: true })
  await expect(page.getByRole('alert')).toContainText('Ihr Zugang ist am')
  await expect(page.getByRole('alert')).toContainText('abgelaufen')
})

test('the member form keeps the roles and has no end date', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/admin/users')
  await page.getByRole('link', { name: 'Neues Mitglied' }).click()
  await expect(page).toHaveURL(/\/app\/admin\/users\/new$/)
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="email"]') })
  await expect(form.getByLabel('Rolle im RM')).toBeVisible()
  await expect(form.getByLabel('Rolle im IKS')).toBeVisible()
  await expect(form.getByLabel('Zugang bis')).toHaveCount(0)
  const email = `member-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`
  await form.getByLabel('E-Mail').fill(email)
  await form.getByLabel('Vorname').fill('Moritz')
  await form.getByLabel('Nachname').fill('Mitglied')
  await form.getByLabel('Rolle im RM').selectOption('write')
  await form.getByRole('button', { name: 'Benutzer hinzufügen' }).click()
  const row = page.getByTestId('members').getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Schreiben')
  await expect(row).not.toContainText('Revisionsstelle')
})
