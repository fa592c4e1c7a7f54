import { database, expect, insertUser, signOut, test, waitForMail } from './fixtures.ts'

test.describe('sign-in', () => {
  test('a one-customer user lands on the dashboard with the customer loaded', async ({ page, signIn }) => {
    await signIn('writer')
    await expect(page).toHaveURL(/\/app$/)
    await expect(page.getByTestId('active-customer')).toHaveText('Pensionskasse Alpha')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Übersicht')
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'RM' })).toBeVisible()
  })

  test('a several-customer user chooses a customer first', async ({ page, signIn }) => {
    await signIn('admin')
    await expect(page).toHaveURL(/\/app\/user\/cselector$/)
    await page.getByRole('button', { name: 'Auswählen: Caisse de pension Beta' }).click()
    await expect(page).toHaveURL(/\/app$/)
    await expect(page.getByTestId('active-customer')).toHaveText('Caisse de pension Beta')
    await expect(page.getByTestId('toast')).toHaveText('Kunde ausgewählt')
  })

  test('a wrong password shows an error and keeps the address', async ({ page, signIn }) => {
    await signIn('reader', { password: 'definitely-wrong', expectFailure: true })
    await expect(page.getByRole('alert')).toHaveText('Die E-Mail-Adresse oder das Passwort ist falsch.')
    await expect(page.locator('input[name="email"]')).toHaveValue('reader@example.com')
  })

  test('the required and e-mail format messages are the product’s own', async ({ page }) => {
    await page.goto('/')
    await page.locator('form[method="post"] button[type="submit"]').last().click()
    await expect(page.getByText('Dies ist ein Pflichtfeld')).toHaveCount(2)
    await page.locator('input[name="email"]').fill('kein-mail')
    await page.locator('input[name="password"]').fill('irgendwas')
    await page.locator('form[method="post"] button[type="submit"]').last().click()
    await expect(page.getByText('Dies ist keine gültige E-Mail-Adresse')).toBeVisible()
  })

  test('a super admin without customers lands in the super-admin area', async ({ page, signIn }) => {
    await signIn('sadmin')
    await expect(page).toHaveURL(/\/app\/sadmin$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Super-Admin')
  })

  test('a page asked for before sign-in is opened after it', async ({ page, signIn }) => {
    await page.goto('/app/user/profile')
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fapp%2Fuser%2Fprofile$/)
    await signIn('writer', { onThisPage: true })
    await expect(page).toHaveURL(/\/app\/user\/profile$/)
  })
})

test('the health endpoint answers 200 with the database up, and unknown pages 404 in German', async ({ page, request }) => {
  const health = await request.get('/healthz')
  expect(health.status()).toBe(200)
  expect(await health.json()).toEqual({ status: 'ok' })
  const res = await page.goto('/gibt-es-nicht')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nicht gefunden')
})

test.describe('session', () => {
  test('signing out ends the session', async ({ page, signIn }) => {
    await signIn('reader')
    await expect(page).toHaveURL(/\/app$/)
    await signOut(page)
    await expect(page.getByTestId('toast')).toHaveText('Sie wurden abgemeldet')
    await page.goto('/app')
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fapp$/)
  })

  test('a session that ends on the server (401) sends the user back to the login', async ({ page, signIn }) => {
    const user = await insertUser()
    await signIn(user)
    await expect(page).toHaveURL(/\/app$/)
    await database().query('delete from sessions where user_id = $1', [user.id])
    await page.getByTestId('user-menu').click()
    await page.getByRole('link', { name: 'Profil' }).click()
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fapp%2Fuser%2Fprofile&ended=1$/)
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
    // the user is told why, and is taken on to the page after signing in again
    await expect(page.getByRole('status').filter({ hasText: 'Ihre Sitzung ist abgelaufen' })).toBeVisible()
    await signIn(user, { onThisPage: true })
    await expect(page).toHaveURL(/\/app\/user\/profile$/)
  })

  test('signed-in pages are never stored by the browser or a proxy', async ({ page, signIn }) => {
    await signIn('reader')
    const response = await page.goto('/app/measures')
    expect(response?.headers()['cache-control']).toBe('no-store')
  })
})

test.describe('languages', () => {
  test('German by default; a switch is kept after signing out', async ({ page, signIn }) => {
    const user = await insertUser()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await signIn(user)
    await expect(page).toHaveURL(/\/app$/)
    await page.getByRole('button', { name: 'fr', exact: true }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord')
    await signOut(page)
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    // The choice was saved for the user: the next sign-in is French too.
    await signIn(user)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord')
  })

  test('signing in switches to the user’s saved language', async ({ page, signIn }) => {
    await signIn('beta')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByTestId('active-customer')).toHaveText('Caisse de pension Beta')
  })
})

test.describe('passwords', () => {
  test('change the password', async ({ page, signIn }) => {
    const user = await insertUser()
    await signIn(user)
    await page.goto('/app/user/pwd')
    await page.locator('input[name="current"]').fill(user.password)
    await page.locator('input[name="password"]').fill('Neues-Passwort-9')
    await page.locator('input[name="confirm"]').fill('Anderes-Passwort-9')
    await page.getByRole('button', { name: 'Passwort ändern' }).click()
    await expect(page.getByText('Das Passwort stimmt nicht überein')).toBeVisible()
    await page.locator('input[name="current"]').fill(user.password)
    await page.locator('input[name="password"]').fill('kurz')
    await page.locator('input[name="confirm"]').fill('kurz')
    await page.getByRole('button', { name: 'Passwort ändern' }).click()
    await expect(page.getByText('Es braucht mindestens 8 Zeichen')).toBeVisible()
    await page.locator('input[name="current"]').fill(user.password)
    await page.locator('input[name="password"]').fill('Neues-Passwort-9')
    await page.locator('input[name="confirm"]').fill('Neues-Passwort-9')
    await page.getByRole('button', { name: 'Passwort ändern' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Ihr Passwort wurde geändert')
    await signOut(page)
    await signIn(user, { password: 'Neues-Passwort-9' })
    await expect(page).toHaveURL(/\/app$/)
  })

  test('reset the password with the link from the mail', async ({ page, signIn }) => {
    const user = await insertUser()
    await page.goto('/')
    await page.getByRole('link', { name: 'Passwort vergessen oder erstmals anmelden?' }).click()
    await expect(page).toHaveURL(/\/pwdreset$/)
    await page.locator('input[name="email"]').fill(user.email)
    await page.getByRole('button', { name: 'Link senden' }).click()
    await expect(page.getByTestId('toast')).toHaveText('Ihr Passwort wurde (zurück)gesetzt. Bitte prüfen Sie Ihr Postfach.')
    const mail = await waitForMail(user.email)
    const link = mail.text.match(/https?:\/\/\S+pwdreset\?token=\S+/)![0]
    await page.goto(link)
    await page.locator('input[name="password"]').fill('Zurueckgesetzt-1')
    await page.locator('input[name="confirm"]').fill('Zurueckgesetzt-1')
    await page.getByRole('button', { name: 'Passwort setzen' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('toast')).toHaveText('Ihr Passwort wurde geändert')
    await signIn(user, { password: 'Zurueckgesetzt-1' })
    await expect(page).toHaveURL(/\/app$/)
    // The link works once.
    await page.goto(link)
    await expect(page.getByText('Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen an.')).toBeVisible()
  })
})
