import fs from 'node:fs'
import { evaluate, expect, insertCustomerWithUser, test } from './fixtures.ts'

test('a risk’s history reads old → new, and the admin filters the trail and downloads it', async ({ page, signIn }) => {
  test.setTimeout(90_000)
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)

  await page.goto('/app/risk/catalog')
  const first = page.getByRole('listitem').filter({ hasText: '01.01' })
  const title = (await first.locator('label').innerText()).replace('01.01', '').trim()
  await first.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Ausgewählte Risiken ins Inventar übernehmen' }).first().click()
  await expect(page.getByTestId('toast')).toHaveText('Eintrag hinzugefügt')
  await page.getByRole('link', { name: title }).click()
  await page.waitForURL(/\/app\/risk\/[0-9a-f-]{36}/)
  await evaluate(page, 2, 2)
  await evaluate(page, 4, 2)

  // The history panel: a link that opens it on the server (without JavaScript too).
  const panel = page.getByTestId('history-panel')
  await panel.getByRole('link', { name: 'Verlauf anzeigen' }).click()
  await expect(page).toHaveURL(/history=1/)
  await expect(panel).toContainText(/Eintrittswahrscheinlichkeit: 2 – .+ → 4 – /)
  await expect(panel).toContainText('Erika Muster')
  await expect(panel).not.toContainText('probabilityLevelId')

  // The admin's trail, filtered by component, and its CSV.
  await page.getByRole('link', { name: 'Vollständiges Protokoll' }).click()
  await expect(page).toHaveURL(/\/app\/admin\/audit\?/)
  await page.goto('/app/admin/audit')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protokoll')
  await page.getByLabel('Bereich').selectOption({ label: 'Risiko' })
  await page.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(/component=risk/)
  await expect(page.getByRole('table')).toContainText(/Eintrittswahrscheinlichkeit: 2 – .+ → 4 – /)
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Exportieren (CSV)' }).click()
  const download = await downloading
  const text = fs.readFileSync(await download.path(), 'utf8')
  expect(download.suggestedFilename()).toMatch(/^protokoll-\d{4}-\d{2}-\d{2}\.csv$/)
  // Header and the risk's entries: its creation and two evaluations.
  expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThanOrEqual(4)
  expect(text).toContain('Risiko')
})
