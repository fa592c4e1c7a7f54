import crypto from 'node:crypto'
import { expect, insertCustomerWithUser, signOut, test } from './fixtures.ts'

test('the operator writes a news item in German and French; a French reader gets the French', async ({ page, signIn }) => {
  const suffix = crypto.randomBytes(3).toString('hex')
  const reader = await insertCustomerWithUser({ role: 'write', language: 'fr' })
  await signIn('sadmin')
  await page.goto('/app/sadmin/news')
  await page.getByRole('link', { name: 'News erfassen' }).click()
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="visibleFor"]') })
  // Without any title the form says so.
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(form.getByText('Geben Sie den Titel in mindestens einer Sprache ein.')).toBeVisible()
  await form.getByLabel('Titel (Deutsch)').fill(`Neues Anlagereglement ${suffix}`)
  await form.getByLabel('Text (Deutsch)').fill('Der Stiftungsrat hat das Anlagereglement per 1. Januar angepasst.')
  await form.getByLabel('Titel (Français)').fill(`Nouveau règlement de placement ${suffix}`)
  await form.getByLabel('Text (Français)').fill('Le conseil de fondation a adapté le règlement de placement au 1er janvier.')
  await form.getByLabel('Angezeigt für').selectOption({ label: 'eine Vorsorgeeinrichtung' })
  await form.getByLabel('Vorsorgeeinrichtung').selectOption({ label: reader.customer })
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  await expect(page.getByRole('row').filter({ hasText: `Neues Anlagereglement ${suffix}` })).toHaveCount(1)
  await signOut(page)

  await signIn(reader)
  const news = page.getByTestId('my-news')
  await expect(news).toContainText(`Nouveau règlement de placement ${suffix}`)
  await expect(news).not.toContainText('Anlagereglement')
  await news.getByText(`Nouveau règlement de placement ${suffix}`).click()
  await expect(news.getByText('Le conseil de fondation a adapté le règlement de placement')).toBeVisible()
})
