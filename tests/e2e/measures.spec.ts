import fs from 'node:fs'
import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, insertUser, test } from './fixtures.ts'

/** The measure or document form, whether it is a dialog (JavaScript) or a page of its own (without). */
const editForm = (page: Page, field = 'title') => page.locator('form[method="post"]').filter({ has: page.locator(`[name="${field}"]`) })

test('create a measure, filter to it, confirm it and find it under Confirmed with the next iteration pending', async ({ page, signIn }) => {
  const user = await insertUser()
  const title = `Liquiditätsplanung ${crypto.randomBytes(3).toString('hex')}`
  await signIn(user)
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Massnahmen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Massnahmen' })).toBeVisible()
  await page.getByRole('link', { name: 'Neue Massnahme' }).click()

  const form = editForm(page)
  await form.getByLabel('Titel').fill(title)
  await form.getByLabel('Beschreibung').fill('Liquidität für die Rentenzahlungen der nächsten drei Monate planen.')
  await form.getByLabel('Verantwortlich').selectOption({ label: 'Erika Muster' })
  await form.getByLabel('Fälligkeitsdatum').fill('2026-01-15')
  await form.getByLabel('Wiederholung').selectOption({ label: 'Monatlich' })
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')

  await page.getByRole('search').getByLabel('Suche').fill(title)
  await page.getByRole('button', { name: 'Filtern' }).click()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('überfällig')
  await expect(row).toContainText('Monatlich')
  const number = (await row.getByRole('cell').first().innerText()).trim()

  await row.getByRole('link', { name: `Bestätigen: ${number}` }).click()
  const confirmForm = editForm(page, 'confirmationText')
  await expect(confirmForm).toContainText('Durchgang 2, fällig am 14.02.2026')
  await confirmForm.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.getByText('Dies ist ein Pflichtfeld')).toBeVisible()
  await confirmForm.getByLabel('Bestätigung').fill('Planung mit der Depotbank abgestimmt.')
  await confirmForm.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')

  // The next iteration is pending, a month later, with the same number.
  const next = page.getByRole('row').filter({ hasText: title })
  await expect(next).toHaveCount(1)
  await expect(next.getByRole('cell').first()).toHaveText(`${number}/2`)
  await expect(next).toContainText('14.02.2026')

  const confirmedTab = page.getByRole('link', { name: 'Bestätigt', exact: true })
  await confirmedTab.click()
  // Wait for the tab's page: filling the search field of the page being left would filter the pending view.
  await expect(confirmedTab).toHaveAttribute('aria-current', 'page')
  await page.getByRole('search').getByLabel('Suche').fill(title)
  await page.getByRole('button', { name: 'Filtern' }).click()
  const confirmed = page.getByRole('row').filter({ hasText: title })
  await expect(confirmed).toHaveCount(1)
  await expect(confirmed).toContainText('Planung mit der Depotbank abgestimmt.')
  await expect(confirmed).toContainText('Bestätigt von Erika Muster')
})

test('export the current view as CSV for Swiss Excel', async ({ page, signIn }) => {
  const user = await insertUser()
  await signIn(user)
  await page.goto('/app/measures?tab=dsg')
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Diese Ansicht exportieren (CSV)' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toMatch(/^massnahmen-dsg-pending-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = fs.readFileSync(await download.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = bytes.toString('utf8').slice(1)
  const [header, ...lines] = text.split('\r\n').filter(Boolean)
  expect(header.split(';').slice(0, 3)).toEqual(['"Nr."', '"Durchgang"', '"Titel"'])
  // Every exported row is a DSG measure of the demo data: the flag column says so.
  expect(lines.length).toBeGreaterThan(0)
  expect(text).toContain('Datenschutz-Folgenabschätzung')
  expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}/)
})

test('add a document without URL and see the linking error', async ({ page, signIn }) => {
  const user = await insertUser()
  const name = `Bearbeitungsverzeichnis ${crypto.randomBytes(3).toString('hex')}`
  await signIn(user)
  await page.goto('/app/docs?tab=dsg')
  await page.getByRole('link', { name: 'Dokument hinzufügen' }).click()
  const form = editForm(page, 'name')
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Link (URL)').fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Hinzufügen' }).click()
  await expect(page.getByText('Erlaubt sind nur Webadressen (http://, https://) und E-Mail-Links (mailto:)')).toBeVisible()
  await form.getByLabel('Link (URL)').fill('')
  await form.getByRole('button', { name: 'Hinzufügen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Eintrag hinzugefügt')
  await page.getByRole('search').getByLabel('Suche').fill(name)
  await page.getByRole('button', { name: 'Filtern' }).click()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row.getByTestId('link-missing')).toHaveText('Verknüpfungsfehler - Bei diesem Eintrag fehlt die URL.')
})

test('the dashboard lists my measures, overdue ones marked', async ({ page, signIn }) => {
  await signIn('writer')
  const mine = page.getByTestId('my-measures')
  await expect(mine).toBeVisible()
  await expect(mine.getByText('überfällig').first()).toBeVisible()
  await page.getByRole('link', { name: /Alle meine Massnahmen anzeigen/ }).click()
  await expect(page).toHaveURL(/\/app\/measures\?tab=all&owner=user%3A/)
  await expect(page.getByRole('link', { name: 'Alle', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('row').filter({ hasText: 'überfällig' }).first()).toBeVisible()

  // A measure's title on the dashboard opens that measure (issue 22: not a search list).
  await page.goto('/app')
  const first = mine.locator('tbody tr').first()
  const number = (await first.getByRole('cell').nth(2).innerText()).trim()
  await first.getByRole('link').click()
  await expect(page).toHaveURL(/\/app\/measures\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: new RegExp(`${number}$`) })).toBeVisible()
})

test('a row action opens its dialog over the list in the page, where the list was scrolled to', { tag: '@js-only' }, async ({ page, signIn }) => {
  // without JavaScript the action is a page of its own: the nojs project leaves @js-only tests out (playwright.config.ts).
  await signIn('writer')
  await page.goto('/app/measures?tab=all&size=100')
  const edit = page.getByRole('link', { name: /^Bearbeiten: M-/ }).last()
  await edit.scrollIntoViewIfNeeded()
  // Marks this document: a page loaded anew would not have it.
  await page.evaluate(() => Object.assign(window, { samePage: true }))
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(0)
  await edit.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/measures\/[0-9a-f-]{36}\/edit\?tab=all&size=100$/)
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
  // The list stays underneath, where it was.
  await expect(page.getByRole('heading', { level: 1, name: 'Massnahmen' })).toBeAttached()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
})
