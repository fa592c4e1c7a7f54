import crypto from 'node:crypto'
import { expect, insertCustomerWithUser, test, waitForMail } from './fixtures.ts'

test('a fund admin invites a user, sets the rights and keeps the responsible bodies', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  const email = `neu-${crypto.randomBytes(3).toString('hex')}@example.test`
  await signIn(admin)
  await page.getByTestId('user-menu').click()
  await page.getByRole('link', { name: 'Benutzerverwaltung' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benutzerverwaltung')

  await page.getByRole('link', { name: 'Neues Mitglied' }).click()
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="email"]') })
  await form.getByLabel('E-Mail').fill(email)
  await form.getByLabel('Vorname').fill('Nora')
  await form.getByLabel('Nachname').fill('Neu')
  await form.getByLabel('Rolle im RM').selectOption('write')
  await form.getByRole('button', { name: 'Benutzer hinzufügen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  const row = page.getByTestId('members').getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('eingeladen')
  await expect(row).toContainText('Schreiben')
  const mail = await waitForMail(email)
  expect(mail.text).toContain(admin.customer)

  await row.getByRole('link', { name: 'Rechte: Nora Neu' }).click()
  const rightsForm = page.locator('form[method="post"]').filter({ has: page.locator('[name="iksRole"]') })
  await rightsForm.getByLabel('IKS freigeschaltet').uncheck()
  await rightsForm.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(page.getByTestId('members').getByRole('row').filter({ hasText: email })).toContainText('deaktiviert')

  await page.getByLabel('Neue verantwortliche Stelle').fill('Stiftungsrat')
  await page.getByRole('button', { name: 'Hinzufügen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Eintrag hinzugefügt')
  await expect(page.getByTestId('bodies').getByRole('textbox')).toHaveValue('Stiftungsrat')
})
