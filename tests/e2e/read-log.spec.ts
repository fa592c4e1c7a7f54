import { DEMO_ACCOUNTS, expect, test } from './fixtures.ts'

test('a breach the dsg account opens appears in the admin’s read log, with a link back to it', async ({ page, signIn }) => {
  test.setTimeout(60_000)
  await signIn('dsg')
  await page.goto('/app/dsg/breaches')
  const link = page.locator('main a[href^="/app/dsg/breaches/"]').filter({ hasNotText: /^$/ })
  const href = await link
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '').find((h) => /^\/app\/dsg\/breaches\/[0-9a-f-]{36}$/.test(h)))
    .then((h) => h ?? '')
  expect(href).not.toBe('')
  await page.goto(href)
  await expect(page.locator('h1')).toBeVisible()
  // The breach as its page names it ("DB-4 …"): the read log names it the same way.
  const name = (await page.locator('h1').innerText()).trim()
  expect(name).toMatch(/^DB-\d+ \S/)

  await page.context().clearCookies()
  await signIn('admin')
  // The admin works for two funds: the dsg account's first.
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha' }).click()
  await expect(page).toHaveURL(/\/app$/)
  // The admin's menu leads there.
  // The menu closes when a navigation ends: right after choosing the fund, open it until it stays open.
  const readLog = page.getByRole('link', { name: 'Leseprotokoll' })
  await expect(async () => {
    if (!(await readLog.isVisible())) await page.getByTestId('user-menu').click()
    await expect(readLog).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await readLog.click()
  await expect(page).toHaveURL(/\/app\/admin\/read-log$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Leseprotokoll' })).toBeVisible()
  await page.goto('/app/admin/read-log?kind=dsgBreach')
  const row = page
    .locator('tbody tr')
    .filter({ hasText: `<${DEMO_ACCOUNTS.dsg}>` })
    .filter({ has: page.locator(`a[href="${href}"]`) })
  await expect(row.first()).toBeVisible()
  await expect(row.first()).toContainText(href)
  // Which breach, not only which kind: its number and title, linked to it.
  await expect(row.first().locator(`a[href="${href}"]`)).toHaveText(name)
})

test('the diagnostics page does not exist for a fund admin (404), and the operator sees it', async ({ page, signIn }) => {
  await signIn('admin')
  const refused = await page.goto('/app/debug')
  expect(refused?.status()).toBe(404)
  await page.context().clearCookies()
  await signIn('sadmin')
  const shown = await page.goto('/app/debug')
  expect(shown?.status()).toBe(200)
  await expect(page.getByTestId('diagnostics')).toContainText('PostgreSQL')
  // No credential in the page: the database's password (the app's own, or the test's owner URL) nor a session.
  const html = await page.content()
  for (const url of [process.env.E2E_DATABASE_URL, process.env.DATABASE_URL]) {
    const password = url ? decodeURIComponent(new URL(url).password) : ''
    if (password) expect(html).not.toContain(password)
  }
  expect(html).not.toContain('"session"')
})
