import { database, expect, insertUser, signOut, test } from './fixtures.ts'

const NNBSP = '\u202f'
const profileLanguageOf = async (id: string) =>
  (await database().query<{ language: string }>('select language from users where id = $1', [id])).rows[0].language

test('a language picked on the sign-in page wins over the profile’s, which the notice offers to change', async ({ page, signIn }) => {
  const user = await insertUser({ language: 'de' })
  await page.goto('/')
  await page.getByRole('button', { name: 'fr', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible()
  await signIn(user, { onThisPage: true })

  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord')
  const notice = page.getByTestId('language-notice')
  await expect(notice).toContainText(`Cette session est en français, la langue choisie sur la page de connexion${NNBSP}; votre profil est en allemand.`)
  // The notice stays on the pages that follow while the languages differ.
  await page.goto('/app/measures')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(notice).toBeVisible()
  expect(await profileLanguageOf(user.id)).toBe('de')

  await notice.getByRole('button', { name: 'Utiliser cette langue dans mon profil' }).click()
  await expect(notice).toHaveCount(0)
  await expect(page).toHaveURL(/\/app\/measures$/)
  await expect.poll(() => profileLanguageOf(user.id)).toBe('fr')
  await page.goto('/app/user/profile')
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr')

  // The next sign-in, with nothing picked, follows the profile: French, and no notice.
  await signOut(page)
  await signIn(user)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByTestId('language-notice')).toHaveCount(0)
})

test('the notice leads back to the profile’s language, which stays as it was', async ({ page, signIn }) => {
  const user = await insertUser({ language: 'de' })
  await page.goto('/')
  await page.getByRole('button', { name: 'en', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await signIn(user, { onThisPage: true })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  const notice = page.getByTestId('language-notice')
  await expect(notice).toContainText('This session is in English, as chosen on the sign-in page; your profile is set to German.')
  await notice.getByRole('button', { name: 'Switch to my profile’s language (Deutsch)' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht')
  await expect(page.getByTestId('language-notice')).toHaveCount(0)
  expect(await profileLanguageOf(user.id)).toBe('de')
})

test('without a pick on the sign-in page the profile’s language applies, without a notice', async ({ page, signIn }) => {
  const user = await insertUser({ language: 'fr' })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await signIn(user, { onThisPage: true })
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord')
  await expect(page.getByTestId('language-notice')).toHaveCount(0)
})
