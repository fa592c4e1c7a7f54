import crypto from 'node:crypto'
import { expect, insertUser, test } from './fixtures.ts'

// A control character typed or pasted into a text field gets a message in the user's language,
// never a server error (docs/decisions/0014-request-gate.md).
test('a control character in a measure title is refused with a message in French, and nothing is saved', async ({ page, noJs, signIn }) => {
  const user = await insertUser({ language: 'fr' })
  const title = `Contrôle ${crypto.randomBytes(3).toString('hex')}`
  await signIn(user)
  await page.goto('/app/measures')
  await page.getByRole('link', { name: 'Nouvelle mesure' }).click()
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="title"]') })
  await form.locator('[name="title"]').fill(`${title}\u0001`)
  await expect(form.locator('[name="title"]')).toHaveValue(`${title}\u0001`)
  await form.locator('[name="owner"]').selectOption({ index: 1 })
  await form.locator('[name="dueDate"]').fill('2026-01-15')
  await form.getByRole('button', { name: 'Créer' }).click()

  if (!noJs) {
    // Checked in the browser with the same rules as on the server: the message is at the field.
    await expect(form.getByText('Les caractères de contrôle ne sont pas admis dans ce champ')).toBeVisible()
  } else {
    // Without JavaScript the form reaches the server, whose request gate refuses it.
    await expect(page.getByRole('heading', { level: 1, name: 'Saisie non valable' })).toBeVisible()
    await expect(page.getByText('400', { exact: true })).toBeVisible()
  }
  await expect(page.getByText('Une erreur est survenue')).toHaveCount(0)

  await page.goto(`/app/measures?q=${encodeURIComponent(title)}`)
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)
})
