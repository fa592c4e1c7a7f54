import crypto from 'node:crypto'
import { database, expect, insertUser, test } from './fixtures.ts'

// Drafts live in the browser's session storage and need JavaScript; without it the plain form posts.
// The nojs project leaves this file out (playwright.config.ts).

test('what was typed survives a session that ended before saving', async ({ page, signIn }) => {
  const user = await insertUser()
  const title = `Pensionierungsplanung ${crypto.randomBytes(3).toString('hex')}`
  await signIn(user)
  await page.goto('/app/measures/new')
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="title"]') })
  await expect(form).toHaveAttribute('data-draft-kept', 'true')
  await form.getByLabel('Titel').fill(title)
  await form.getByLabel('Beschreibung').fill('Austritte der nächsten fünf Jahre mit der Personalabteilung abgleichen.')
  await form.getByLabel('Verantwortlich').selectOption({ label: 'Erika Muster' })

  // The session ends on the server (idle timeout, sign-out elsewhere) before the user saves.
  await database().query('delete from sessions where user_id = $1', [user.id])
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page).toHaveURL(/\/\?redirectTo=/)

  // Signing in again leads back to the form, filled as it was.
  await signIn(user, { onThisPage: true })
  await expect(page).toHaveURL(/\/app\/measures\/new/)
  const again = page.locator('form[method="post"]').filter({ has: page.locator('[name="title"]') })
  await expect(again.getByText('Ihr noch nicht gespeicherter Entwurf wurde wiederhergestellt.')).toBeVisible()
  await expect(again.getByLabel('Titel')).toHaveValue(title)
  await expect(again.getByLabel('Beschreibung')).toHaveValue('Austritte der nächsten fünf Jahre mit der Personalabteilung abgleichen.')
  await again.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')

  // Saved: the next new measure starts empty.
  await page.goto('/app/measures/new')
  await expect(page.getByLabel('Titel')).toHaveValue('')
  await expect(page.getByText('Ihr noch nicht gespeicherter Entwurf wurde wiederhergestellt.')).toHaveCount(0)
})

test('a draft comes back after a reload and can be discarded', async ({ page, signIn }) => {
  const user = await insertUser()
  await signIn(user)
  await page.goto('/app/measures/new')
  await expect(page.locator('form[data-draft-kept]')).toHaveCount(1)
  await page.getByLabel('Titel').fill('Entwurf ohne Speichern')
  // Drafts are written 300 ms after the last keystroke.
  await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('draft:')).length)).toBe(1)
  await page.reload()
  await expect(page.getByLabel('Titel')).toHaveValue('Entwurf ohne Speichern')
  await page.getByRole('button', { name: 'Entwurf verwerfen' }).click()
  await expect(page.getByLabel('Titel')).toHaveValue('')
  await page.reload()
  await expect(page.getByLabel('Titel')).toHaveValue('')
})
