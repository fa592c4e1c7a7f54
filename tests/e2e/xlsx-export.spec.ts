import fs from 'node:fs'
import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { expect, insertUser, test } from './fixtures.ts'

/** Clicks the link, waits for the download and reads the workbook's only sheet back. */
async function downloadSheet(page: Page, link: string) {
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('link', { name: link }).click()
  const download = await downloadPromise
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(new Uint8Array(fs.readFileSync(await download.path())).buffer)
  expect(workbook.worksheets).toHaveLength(1)
  const sheet = workbook.worksheets[0]
  const rows: ExcelJS.CellValue[][] = []
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1))
  })
  return { name: download.suggestedFilename(), sheet, header: rows[0], rows: rows.slice(1) }
}

test('export the current view of the measures as XLSX, dates as dates', async ({ page, signIn }) => {
  const user = await insertUser()
  await signIn(user)
  await page.goto('/app/measures?tab=dsg')
  const { name, sheet, header, rows } = await downloadSheet(page, 'Diese Ansicht exportieren (XLSX)')
  expect(name).toMatch(/^massnahmen-dsg-pending-\d{4}-\d{2}-\d{2}\.xlsx$/)
  expect(sheet.name).toBe('Massnahmen')
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
  expect(header.slice(0, 3)).toEqual(['Nr.', 'Durchgang', 'Titel'])
  expect(rows.length).toBeGreaterThan(0)
  const due = header.indexOf('Fälligkeitsdatum')
  for (const row of rows) {
    expect(row[due]).toBeInstanceOf(Date)
    expect(typeof row[1]).toBe('number')
  }
  expect(JSON.stringify(rows)).toContain('Datenschutz-Folgenabschätzung')
})

test('export the whole risk inventory as XLSX', async ({ page, signIn }) => {
  await signIn('reader')
  await page.goto('/app/risk')
  const { name, sheet, header, rows } = await downloadSheet(page, 'Alle exportieren (XLSX)')
  expect(name).toMatch(/^risikoinventar-\d{4}-\d{2}-\d{2}\.xlsx$/)
  expect(sheet.name).toBe('Risikoinventar')
  expect(header.slice(0, 3)).toEqual(['Nr.', 'Titel', 'Thema'])
  expect(rows.length).toBeGreaterThan(0)
  // The last column is the date of the last change: a real date.
  for (const row of rows) expect(row[header.length - 1]).toBeInstanceOf(Date)
})
