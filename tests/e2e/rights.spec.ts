import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { database, expect, insertUser, test } from './fixtures.ts'

/** The measure form, whether it is a dialog (JavaScript) or a page of its own (without). */
const editForm = (page: Page, field: string) => page.locator('form[method="post"]').filter({ has: page.locator(`[name="${field}"]`) })

/** A pending RM measure flagged DSG, owned by the demo data protection officer. */
async function insertDsgMeasure(title: string) {
  const { rows } = await database().query<{ idkey: number }>(
    `insert into measures (customer_id, idkey, source, title, owner_user_id, due_date, dsg_measure)
     select c.id, 500000 + floor(random() * 400000)::int, 'risk', $1, u.id, date '2026-12-31', true
       from customers c, users u where c.name = 'Pensionskasse Alpha' and u.email = 'dsg@example.com'
     returning idkey`,
    [title],
  )
  return rows[0].idkey
}

test('the data protection officer confirms a DSG measure and edits the data protection block of a risk', async ({ page, signIn }) => {
  const title = `Bearbeitungsverzeichnis nachführen ${crypto.randomBytes(3).toString('hex')}`
  const number = await insertDsgMeasure(title)
  await signIn('dsg')

  await page.goto('/app/measures?tab=dsg')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toHaveCount(1)
  // Deleting stays with write or admin on the tool.
  await expect(row.getByRole('link', { name: `Löschen: M-${number}` })).toHaveCount(0)
  await row.getByRole('link', { name: `Bestätigen: M-${number}` }).click()
  const confirmForm = editForm(page, 'confirmationText')
  await confirmForm.getByLabel('Bestätigung').fill('Verzeichnis mit der Verwaltung abgeglichen.')
  await confirmForm.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await page.goto('/app/measures?tab=dsg&view=confirmed')
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Verzeichnis mit der Verwaltung abgeglichen.')

  await page.goto('/app/dsg')
  await page.getByTestId('dsg-risks').locator('tbody a').first().click()
  await expect(page.locator('main h2').first()).toHaveText('Datenschutz')
  const value = page.locator('dt', { hasText: 'Datenschutz-Massnahme nötig' }).locator('xpath=following-sibling::dd[1]')
  const before = (await value.innerText()).trim()
  await page.getByRole('button', { name: 'Bearbeiten' }).click()
  const box = page.getByLabel('Datenschutz-Massnahme nötig')
  if (before === 'Ja') await box.uncheck()
  else await box.check()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(value).toHaveText(before === 'Ja' ? 'Nein' : 'Ja')
})

test('a writer sees on the risk map that only the risk management admins edit the levels', async ({ page, signIn }) => {
  const writer = await insertUser({ role: 'write' })
  await signIn(writer)
  await page.goto('/app/risk/map')
  await expect(page.getByTestId('read-only-note')).toHaveText(
    'Nur zum Lesen: Die Stufen für Wahrscheinlichkeit und Schadensausmass bearbeiten die Admins des Risikomanagements.',
  )
  await expect(page.getByRole('button', { name: 'Stufen speichern' })).toHaveCount(0)
})

test('a reader sees why a risk block has no edit button', async ({ page, signIn }) => {
  const reader = await insertUser({ role: 'read' })
  await signIn(reader)
  await page.goto('/app/risk')
  await page.locator('tbody a').first().click()
  await expect(page.getByTestId('read-only-note')).toContainText('Nur zum Lesen')
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0)
})
