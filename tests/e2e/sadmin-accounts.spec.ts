import crypto from 'node:crypto'
import { expect, test, waitForMail } from './fixtures.ts'

test('the operator adds a pension fund and a user, and assigns the user to it', async ({ page, signIn }) => {
  const suffix = crypto.randomBytes(3).toString('hex')
  const fund = `Pensionskasse Zeta ${suffix}`
  const email = `zeta-${suffix}@example.test`
  await signIn('sadmin')
  await page.getByRole('link', { name: 'Kunden' }).first().click()
  await page.getByRole('link', { name: 'Kunde hinzufügen' }).click()
  const customerForm = page.locator('form[method="post"]').filter({ has: page.locator('[name="state"]') })
  await customerForm.getByLabel('Name').fill(fund)
  await customerForm.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  // Back on the paged list, searched for the new fund: it shows whatever the number of funds.
  await expect(page.getByTestId('customers').getByRole('row').filter({ hasText: fund })).toHaveCount(1)
  // The search finds a fund by a part of its name.
  await page.getByRole('search').getByLabel('Suche').fill(suffix)
  await page.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${suffix}`))
  await expect(page.getByTestId('customers').getByRole('row').filter({ hasText: 'Pensionskasse' })).toHaveCount(1)

  await page.goto('/app/sadmin/users')
  await page.getByRole('link', { name: 'Benutzer hinzufügen' }).click()
  const userForm = page.locator('form[method="post"]').filter({ has: page.locator('[name="isSuperAdmin"]') })
  await userForm.getByLabel('E-Mail').fill(email)
  await userForm.getByLabel('Vorname').fill('Zora')
  await userForm.getByLabel('Nachname').fill('Zeta')
  await userForm.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  await waitForMail(email)

  await page.getByRole('search').getByLabel('Suche').fill(email)
  await page.getByRole('button', { name: 'Filtern' }).click()
  await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Zuordnen: Zora Zeta' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vorsorgeeinrichtungen und Rechte von Zora Zeta')
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: fund }) })
  await card.getByLabel('RM freigeschaltet').check()
  await card.getByLabel('Rolle im RM').selectOption('admin')
  await card.getByRole('button', { name: `Zuordnen: ${fund}` }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(
    page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: fund }) })
      .getByRole('button', { name: `Entfernen: ${fund}` }),
  ).toBeVisible()
})
