import { expect, insertUser, test } from './fixtures.ts'

// A guard refuses in route middleware, before any loader ran (app/auth/middleware.server.ts); the
// refused page still keeps the app's shell, as a page refused by its own loader always did.
test('a page refused by a route guard keeps the header and the navigation', async ({ page, signIn }) => {
  const user = await insertUser({ role: 'admin' })
  await signIn(user)
  const res = await page.goto('/app/sadmin/customers')
  expect(res?.status()).toBe(403)
  await expect(page.getByTestId('error-page')).toContainText('403')
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
  await expect(nav.getByRole('link', { name: 'IKS' })).toBeVisible()
  await expect(page.getByTestId('user-menu')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Impressum' })).toBeVisible()
  // And the navigation still works from there.
  await nav.getByRole('link', { name: 'IKS' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prozessinventar')
})

test('without a session a guarded page sends to the login and opens after it', async ({ page }) => {
  const user = await insertUser({ role: 'read' })
  await page.goto('/app/iks/control-matrix')
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fapp%2Fiks%2Fcontrol-matrix$/)
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('input[name="password"]').fill(user.password)
  await page.locator('form[method="post"] button[type="submit"]').last().click()
  await expect(page).toHaveURL(/\/app\/iks\/control-matrix$/)
})

test('a guard refusing a client-side navigation shows the error inside the shell', { tag: '@js-only' }, async ({ page, signIn }) => {
  // client-side navigation needs JavaScript: the nojs project leaves @js-only tests out (playwright.config.ts).
  const user = await insertUser({ role: 'admin' })
  await signIn(user)
  // The router exists once the page has hydrated; on a busy machine that comes after the sign-in's landing.
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter))
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate('/app/sadmin/users'),
  )
  await expect(page.getByTestId('error-page')).toContainText('403')
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'IKS' })).toBeVisible()
  await expect(page.getByTestId('user-menu')).toBeVisible()
})
