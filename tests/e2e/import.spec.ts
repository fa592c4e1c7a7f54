import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect, insertCustomerWithUser, test } from './fixtures.ts'

/** Serious or critical axe findings (with JavaScript only, as tests/e2e/a11y.spec.ts). */
async function axe(page: Page, noJs: boolean) {
  if (noJs) return []
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
}

const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.map((c) => `"${c}"`).join(';')).join('\r\n')}\r\n`, 'utf8')

test('import measures: a file with errors shows them and cannot be confirmed; a good file is confirmed and listed', async ({ page, signIn, noJs }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/measures')
  await page.getByRole('link', { name: 'Importieren' }).click()
  await expect(page.getByRole('heading', { name: 'Massnahmen importieren' })).toBeVisible()
  expect(await axe(page, noJs)).toEqual([])
  const header = ['Nr.', 'Titel', 'Herkunft', 'Verantwortlich', 'Fälligkeitsdatum']
  await page.locator('input[type="file"]').setInputFiles({
    name: 'fehler.csv',
    mimeType: 'text/csv',
    buffer: csv([header, ['', 'Fehlerhaft', 'Pensionskasse', 'Niemand Bekannt', '31.02.2027']]),
  })
  await page.getByRole('button', { name: 'Hochladen und prüfen' }).click()
  await expect(page.getByTestId('import-counts')).toContainText('1 mit Fehlern')
  const preview = page.getByTestId('import-preview')
  await expect(preview).toContainText('«Niemand Bekannt» ist kein Mitglied der Kasse')
  await expect(preview).toContainText('«31.02.2027» ist kein gültiges Datum')
  await expect(page.getByRole('button', { name: 'Import bestätigen' })).toBeDisabled()
  expect(await axe(page, noJs)).toEqual([])
  // A refused mapping keeps the user on the mapping step with its message (not the preview).
  await page.getByRole('link', { name: 'Spalten neu zuordnen' }).click()
  await expect(page.getByRole('heading', { name: 'Spalten zuordnen' })).toBeVisible()
  await page.getByLabel('Titel', { exact: true }).selectOption({ label: 'Herkunft' })
  await page.getByRole('button', { name: 'Weiter zur Vorschau' }).click()
  await expect(page.getByText('Eine Spalte kann nur einem Feld zugeordnet werden')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Spalten zuordnen' })).toBeVisible()
  await expect(page.getByTestId('import-preview')).toHaveCount(0)

  const title = `E2E Import ${crypto.randomBytes(3).toString('hex')}`
  await page.goto('/app/measures/import')
  await page.locator('input[type="file"]').setInputFiles({
    name: 'gut.csv',
    mimeType: 'text/csv',
    buffer: csv([header, ['', title, 'Pensionskasse', admin.email, '31.12.2027']]),
  })
  await page.getByRole('button', { name: 'Hochladen und prüfen' }).click()
  await expect(page.getByTestId('import-counts')).toContainText('1 neu')
  await page.getByRole('button', { name: 'Import bestätigen' }).click()
  await page.waitForURL(/\/app\/measures\?tab=all$/)
  await expect(page.getByRole('main')).toContainText(title)
})

test('import risks from a foreign XLSX: map the columns, preview, confirm, see them in the inventory', async ({ page, signIn, noJs }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/risk')
  await page.getByRole('link', { name: 'Importieren' }).click()
  const title = `E2E Risiko ${crypto.randomBytes(3).toString('hex')}`
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Risiken')
  ws.addRow(['Bezeichnung', 'Kategorie', 'Bemerkung'])
  ws.addRow([title, '01', 'wird nicht importiert'])
  await page.locator('input[type="file"]').setInputFiles({
    name: 'fremd.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  })
  await page.getByRole('button', { name: 'Hochladen und prüfen' }).click()
  await expect(page.getByRole('heading', { name: 'Spalten zuordnen' })).toBeVisible()
  expect(await axe(page, noJs)).toEqual([])
  await page.getByLabel('Titel').selectOption({ label: 'Bezeichnung' })
  await page.getByLabel('Thema').selectOption({ label: 'Kategorie' })
  await page.getByRole('button', { name: 'Weiter zur Vorschau' }).click()
  await expect(page.getByTestId('import-counts')).toContainText('1 neu')
  await page.getByRole('button', { name: 'Import bestätigen' }).click()
  await page.waitForURL(/\/app\/risk$/)
  await expect(page.getByRole('main')).toContainText(title)
})

test('import files over the 1 MB of other forms reach the page; one over 10 MB gets its message', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/risk/import')
  const rows = [['Titel', 'Thema'], ...Array.from({ length: 5000 }, (_, i) => [`Gross ${i} ${'x'.repeat(250)}`, '01'])]
  const big = csv(rows)
  expect(big.byteLength).toBeGreaterThan(1024 * 1024)
  await page.locator('input[type="file"]').setInputFiles({ name: 'gross.csv', mimeType: 'text/csv', buffer: big })
  await page.getByRole('button', { name: 'Hochladen und prüfen' }).click()
  await expect(page.getByTestId('import-counts')).toContainText("5'000 neu")
  await page.goto('/app/risk/import')
  await page.locator('input[type="file"]').setInputFiles({ name: 'riesig.xlsx', mimeType: 'text/csv', buffer: Buffer.alloc(12 * 1024 * 1024) })
  await page.getByRole('button', { name: 'Hochladen und prüfen' }).click()
  await expect(page.getByText('Die Datei ist grösser als 10 MB')).toBeVisible()
})

test('re-importing the exported inventory with one title changed: the preview shows the change, old → new', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  const before = `E2E Vorher ${crypto.randomBytes(3).toString('hex')}`
  await page.goto('/app/risk/import')
  await page.locator('input[type="file"]').setInputFiles({
    name: 'neu.csv',
    mimeType: 'text/csv',
    buffer: csv([
      ['Titel', 'Thema'],
      [before, '01'],
    ]),
  })
  await page.getByRole('button', { name: 'Hochladen und prüfen' }).click()
  await expect(page.getByTestId('import-counts')).toContainText('1 neu')
  await page.getByRole('button', { name: 'Import bestätigen' }).click()
  await page.waitForURL(/\/app\/risk$/)
  // The inventory's own export, as the user downloads it, with the title changed.
  const exported = await page.request.get('/app/risk/export.csv?all=1')
  expect(exported.status()).toBe(200)
  const text = (await exported.text()).replace(before, 'E2E Nachher')
  await page.goto('/app/risk/import')
  await page.locator('input[type="file"]').setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') })
  await page.getByRole('button', { name: 'Hochladen und prüfen' }).click()
  await expect(page.getByTestId('import-counts')).toContainText('1 zu aktualisieren')
  await expect(page.getByTestId('import-changes')).toHaveText(`Titel: ${before} → E2E Nachher`)
  await page.getByRole('button', { name: 'Import bestätigen' }).click()
  await page.waitForURL(/\/app\/risk$/)
  await expect(page.getByRole('main')).toContainText('E2E Nachher')
})

test('a foreign file: the mapping step proposes the columns from their titles, the preview follows the proposal', async ({ page, signIn, noJs }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/risk/import')
  const title = `E2E Vorschlag ${crypto.randomBytes(3).toString('hex')}`
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Risiken')
  ws.addRow(['Name', 'Kategorie', 'Bemerkung', 'Verantwortlich'])
  ws.addRow([title, '01', 'wird nicht importiert', admin.email])
  await page.locator('input[type="file"]').setInputFiles({
    name: 'fremd.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  })
  await page.getByRole('button', { name: 'Hochladen und prüfen' }).click()
  await expect(page.getByRole('heading', { name: 'Spalten zuordnen' })).toBeVisible()
  await expect(page.getByTestId('import-proposed')).toBeVisible()
  const selected = (label: string) => page.getByLabel(label, { exact: true }).locator('option:checked')
  await expect(selected('Titel')).toHaveText('Name')
  await expect(selected('Thema')).toHaveText('Kategorie')
  await expect(selected('Risikoeigner/in')).toHaveText('Verantwortlich')
  await expect(selected('Status')).toHaveText('(nicht importieren)')
  expect(await axe(page, noJs)).toEqual([])
  await page.getByRole('button', { name: 'Weiter zur Vorschau' }).click()
  await expect(page.getByTestId('import-counts')).toContainText('1 neu')
  await expect(page.getByTestId('import-preview')).toContainText(title)
})
