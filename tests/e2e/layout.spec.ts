import { expect, insertUser, test } from './fixtures.ts'

test('on a phone the admin’s read log fits the width', async ({ page, signIn }) => {
  await signIn(await insertUser({ role: 'admin' }))
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/admin/read-log')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('on a phone the admins’ audit trail fits the width', async ({ page, signIn }) => {
  const admin = await insertUser({ role: 'admin' })
  await signIn(admin)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/admin/audit')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protokoll')
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
})

test('on a phone the screens fit the width, and the user menu opens on screen', async ({ page, noJs, signIn }) => {
  const user = await insertUser()
  await signIn(user)
  await page.setViewportSize({ width: 390, height: 844 })
  for (const path of [
    '/app',
    '/app/measures',
    '/app/docs',
    '/app/risk',
    '/app/risk/map',
    '/app/risk/catalog',
    '/app/risk/import',
    '/app/measures/import',
    '/app/iks',
    '/app/iks/qsindex',
    '/app/iks/control-matrix',
    '/app/dsg',
    '/app/work-process',
    '/app/user/profile',
  ]) {
    await page.goto(path)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, path).toBeLessThanOrEqual(390)
  }
  // The navigation is one scrolling line; with JavaScript the current page's entry is scrolled into view.
  await page.goto('/app/work-process')
  const entry = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Arbeitsprozesse' })
  if (!noJs) {
    await expect
      .poll(async () => {
        const b = await entry.boundingBox()
        return b ? b.x + b.width <= 390 && b.x >= 0 : false
      })
      .toBe(true)
  }
  // A risk's detail: the seven steps scroll on one line.
  await page.goto('/app/risk')
  await page.locator('tbody a').first().click()
  await expect(page.getByRole('navigation', { name: 'Schritte des Risikos' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.getByTestId('user-menu').click()
  const logout = page.locator('form[action="/logout"] button')
  await expect(logout).toBeVisible()
  const box = (await logout.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
})

test('on a phone, list titles and row actions are on screen, and a scrolling line shows that more follows', async ({ page, signIn }) => {
  await signIn('writer')
  await page.setViewportSize({ width: 390, height: 844 })
  const onScreen = async (locator: ReturnType<typeof page.locator>, what: string) => {
    await locator.scrollIntoViewIfNeeded()
    const box = (await locator.boundingBox())!
    expect(box.x, what).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, what).toBeLessThanOrEqual(390)
  }
  await page.goto('/app')
  await onScreen(page.getByTestId('my-measures').locator('tbody a').first(), 'title of my first measure')
  await onScreen(page.getByTestId('my-risks').locator('tbody a').first(), 'title of my first risk')
  await page.goto('/app/measures?tab=risk')
  const firstRow = page.locator('main table tbody tr').first()
  await onScreen(firstRow.getByRole('link', { name: /^Bearbeiten/ }), 'edit action of the first measure')
  await onScreen(firstRow.getByRole('link', { name: /^Bestätigen/ }), 'confirm action of the first measure')
  // the main navigation overflows and shows edge shadows (CSS only, so without JavaScript too)
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
  const line = await nav.evaluate((el) => ({ overflows: el.scrollWidth > el.clientWidth, background: getComputedStyle(el).backgroundImage }))
  expect(line.overflows).toBe(true)
  expect(line.background).toContain('radial-gradient')
})

test('the browser tab names the page in the reader’s language', async ({ page, signIn }) => {
  const user = await insertUser()
  await signIn(user)
  await page.goto('/app/measures')
  await expect(page).toHaveTitle('Massnahmen · Vorsorge RM')
  await page.goto('/app/measures?lng=fr')
  await expect(page).toHaveTitle('Mesures · Vorsorge RM')
  await page.goto('/app/risk?lng=en')
  await expect(page).toHaveTitle('Risk inventory · Vorsorge RM')
  await page.goto('/app/no-such-page')
  await expect(page).toHaveTitle('Nicht gefunden · Vorsorge RM')
})
