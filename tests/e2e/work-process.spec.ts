import crypto from 'node:crypto'
import { expect, insertUser, test } from './fixtures.ts'

test('file a work process and find it in the documents', async ({ page, signIn }) => {
  const user = await insertUser({ role: 'write' })
  const title = `Hypothekarvergabe ${crypto.randomBytes(3).toString('hex')}`
  await signIn(user)
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Arbeitsprozesse' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Arbeitsprozesse')
  await page.getByRole('link', { name: 'Arbeitsprozess erfassen' }).click()
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="processRef"]') })
  await form.getByLabel('Titel').fill(title)
  await form.getByLabel('Status').selectOption('inForce')
  await form.getByLabel('Inkraftsetzung').fill('2026-01-01')
  await form.getByLabel('Prozessreferenz').fill('AP-02-09')
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('in Kraft')
  // A work process needs no link: a dash, not the documents' linking error.
  await expect(row).toContainText('Kein Link hinterlegt')
  await expect(row).not.toContainText('Verknüpfungsfehler')
  await page.goto('/app/docs')
  await page.getByRole('link', { name: 'Arbeitsprozesse', exact: true }).last().click()
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('01.01.2026')
})
