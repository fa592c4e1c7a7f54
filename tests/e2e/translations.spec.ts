import { expect, insertUser, test } from './fixtures.ts'

// The browser loads the texts of the namespaces a page uses, before it hydrates; a page reached later
// that needs another namespace waits for it (docs/decisions/0024-translations.md).
test('a page loads the texts it uses; navigating and switching the language bring the rest', { tag: '@js-only' }, async ({ page, signIn }) => {
  // without JavaScript the server renders every text: the nojs project leaves @js-only tests out (playwright.config.ts).
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  const user = await insertUser()
  await signIn(user)
  await page.goto('/app/measures')
  await expect(page.locator('#i18n-namespaces')).toHaveAttribute('data-namespaces', 'common')
  await page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')))
  // A mark on the window survives only a navigation in the page (not a new document).
  await page.evaluate(() => Object.assign(window, { samePage: true }))
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'RM', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risikoinventar')
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)
  await expect(page.locator('main')).not.toContainText('risk:')
  // The language switch in the page: the risk texts come along in French.
  await page.getByRole('button', { name: 'fr', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventaire des risques')
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'SCI', exact: true }).click()
  await expect(page.locator('main')).not.toContainText('iks:')
  expect(errors).toEqual([])
})
