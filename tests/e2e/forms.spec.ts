import { expect, insertCustomerWithUser, test } from './fixtures.ts'

test('control matrix: a new row is saved once and the blank row is empty again', async ({ page, signIn }) => {
  const user = await insertCustomerWithUser({ role: 'admin' })
  await signIn(user)
  await page.goto('/app/iks/control-matrix')
  await page.getByRole('textbox', { name: 'Aufgabe: Neue Aufgabe' }).fill('Zugriffsrechte prüfen')
  await page.getByRole('combobox', { name: 'Stiftungsrat: Neue Aufgabe' }).selectOption('E')
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(page.getByRole('textbox', { name: 'Aufgabe: Zugriffsrechte prüfen' })).toHaveValue('Zugriffsrechte prüfen')
  await expect(page.getByRole('combobox', { name: 'Stiftungsrat: Zugriffsrechte prüfen' })).toHaveValue('E')
  await expect(page.getByRole('textbox', { name: 'Aufgabe: Neue Aufgabe' })).toHaveValue('')
  await expect(page.getByRole('combobox', { name: 'Stiftungsrat: Neue Aufgabe' })).toHaveValue('')
  // Saving again adds nothing.
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(page.getByRole('textbox', { name: 'Aufgabe: Zugriffsrechte prüfen' })).toHaveCount(1)
})

test('ICS process documents: a document filed with its link shows no linking error, and the form is empty again', async ({ page, signIn }) => {
  const user = await insertCustomerWithUser({ role: 'admin' })
  await signIn(user)
  await page.goto('/app/iks/catalog')
  const entry = page.getByRole('listitem').filter({ hasText: '02.1.01' })
  const title = (await entry.locator('label').innerText()).replace('02.1.01', '').trim()
  await entry.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Ausgewählte Prozesse ins Inventar übernehmen' }).first().click()
  await page.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(/\/app\/iks\/[0-9a-f-]{36}/)
  await page.goto(`${new URL(page.url()).pathname}?step=documents`)
  const form = page.getByTestId('ics-document-form')
  await form.getByRole('textbox', { name: 'Name' }).fill('Kontrollprotokoll 2026')
  await form.getByRole('textbox', { name: 'Link (URL)' }).fill('https://intranet.example/kp-2026.pdf')
  await form.getByRole('textbox', { name: 'Linktext' }).fill('Protokoll öffnen')
  await form.getByRole('textbox', { name: 'Bemerkung' }).fill('Vom Stiftungsrat genehmigt')
  await form.getByLabel('Stichtag').fill('2026-06-30')
  await form.getByRole('button', { name: 'Hinzufügen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Eintrag hinzugefügt')
  const list = page.getByTestId('ics-documents')
  await expect(list).toContainText('Kontrollprotokoll 2026')
  await expect(list.getByRole('link', { name: /Protokoll öffnen/ })).toHaveAttribute('href', 'https://intranet.example/kp-2026.pdf')
  await expect(page.getByText('Verknüpfungsfehler')).toHaveCount(0)
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('')
  await expect(form.getByRole('textbox', { name: 'Link (URL)' })).toHaveValue('')
})

test('risk map: an emptied level field shows its message, with and without JavaScript', async ({ page, signIn }) => {
  const user = await insertCustomerWithUser({ role: 'admin' })
  await signIn(user)
  await page.goto('/app/risk/map')
  const size = page.getByRole('textbox', { name: 'Ausmass 1' })
  await size.fill('')
  await page.getByRole('button', { name: 'Stufen speichern' }).click()
  await expect(page.getByText('Dies ist ein Pflichtfeld')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Ausmass 1' })).toHaveAttribute('aria-invalid', 'true')
})

test('a missing page inside the app keeps the header and the navigation', async ({ page, signIn }) => {
  const user = await insertCustomerWithUser({ role: 'admin' })
  await signIn(user)
  const res = await page.goto('/app/risk/00000000-0000-4000-8000-000000000000')
  expect(res?.status()).toBe(404)
  await expect(page.getByTestId('error-page')).toContainText('404')
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
  await expect(nav.getByRole('link', { name: 'IKS' })).toBeVisible()
  await expect(page.getByTestId('user-menu')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Impressum' })).toBeVisible()
  // And the navigation still works from there.
  await nav.getByRole('link', { name: 'IKS' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prozessinventar')
})

test('a submit button is busy while its form is on its way, and a progress bar shows', { tag: '@js-only' }, async ({ page, signIn }) => {
  // busy states need JavaScript; without it the browser shows its own: the nojs project leaves @js-only tests out (playwright.config.ts).
  const user = await insertCustomerWithUser({ role: 'admin' })
  await signIn(user)
  await page.goto('/app/iks/control-matrix')
  let posts = 0
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/app/iks/control-matrix.data*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    posts++
    await held
    await route.continue()
  })
  await page.getByRole('textbox', { name: 'Aufgabe: Neue Aufgabe' }).fill('Verträge prüfen')
  const save = page.getByRole('button', { name: /Speichern/ })
  await save.click()
  await expect(save).toBeDisabled()
  await expect(save).toHaveAttribute('data-busy', 'true')
  await expect(save.getByTestId('button-spinner')).toBeVisible()
  await expect(page.getByTestId('navigation-progress')).toBeVisible()
  // A second press sends nothing.
  await save.click({ force: true })
  release()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  expect(posts).toBe(1)
  await expect(save).toBeEnabled()
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Aufgabe: Verträge prüfen' })).toHaveCount(1)
})

test('a navigation shows no progress bar for its first 400 ms, then the bar until the page is there', { tag: '@js-only' }, async ({ page, signIn }) => {
  // the bar needs JavaScript: the nojs project leaves @js-only tests out (playwright.config.ts).
  const user = await insertCustomerWithUser({ role: 'admin' })
  await signIn(user)
  // The page's clock is held, so how fast this machine is does not matter: the bar waits for its delay
  // (PROGRESS_DELAY_MS, 400 ms) of the page's own time, not of the wall's.
  await page.clock.install()
  await page.goto('/app/risk')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
  let release = () => {}
  const held = new Promise<void>((r) => {
    release = r
  })
  await page.route(/\/app\/iks\.data/, async (route) => {
    await held
    await route.continue()
  })
  const asked = page.waitForRequest(/\/app\/iks\.data/)
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'IKS' }).click()
  await asked
  // The bar's delay has begun once the pending mark is there (its timer is set in the same commit).
  await expect(page.locator('[data-navigation="pending"]')).toBeAttached()
  await page.clock.runFor(300)
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0)
  await page.clock.runFor(200)
  await expect(page.getByTestId('navigation-progress')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prozessinventar')
  await expect(page.getByTestId('navigation-progress')).toHaveCount(0)
})

test('what is typed into a dialog page before it hydrates stays when JavaScript takes over', { tag: '@js-only' }, async ({ page, signIn }) => {
  // without JavaScript nothing takes over: the nojs project leaves @js-only tests out (playwright.config.ts).
  const user = await insertCustomerWithUser({ role: 'admin' })
  await signIn(user)
  // The page's JavaScript waits until the fields are filled, as on a slow line.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/app/admin/users/new', { waitUntil: 'domcontentloaded' })
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="email"]') })
  await form.getByLabel('E-Mail').fill('vor.dem.laden@example.test')
  await form.getByLabel('Vorname').fill('Vera')
  await form.getByLabel('Nachname').fill('Vorab')
  release()
  await page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')))
  // React has rendered the page in the browser once more: the fields are the same ones, still filled.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)))
  await expect(form.getByLabel('E-Mail')).toHaveValue('vor.dem.laden@example.test')
  await expect(form.getByLabel('Nachname')).toHaveValue('Vorab')
  await form.getByRole('button', { name: 'Benutzer hinzufügen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
})
