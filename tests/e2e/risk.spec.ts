import fs from 'node:fs'
import { expect, goStep, insertCustomerWithUser, test } from './fixtures.ts'

test('add two risks from the catalogue and one individual risk, walk the stepper, evaluate, steer and export', async ({ page, signIn }, testInfo) => {
  test.setTimeout(90_000)
  const user = await insertCustomerWithUser({ role: 'admin' })
  await signIn(user)

  // Catalogue: two entries at once.
  await page.goto('/app/risk')
  await expect(page.getByText('Keine Daten vorhanden')).toBeVisible()
  await page.getByRole('link', { name: 'Risiken hinzufügen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Risikokatalog' })).toBeVisible()
  const first = page.getByRole('listitem').filter({ hasText: '01.01' })
  const second = page.getByRole('listitem').filter({ hasText: '02.01' })
  const firstTitle = (await first.locator('label').innerText()).replace('01.01', '').trim()
  await first.getByRole('checkbox').check()
  await second.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Ausgewählte Risiken ins Inventar übernehmen' }).first().click()
  await expect(page.getByTestId('toast')).toHaveText('Eintrag hinzugefügt')
  await expect(page.getByRole('row').filter({ hasText: '01.01' })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: '02.01' })).toHaveCount(1)

  // An individual risk gets the suffix _P.
  await page.goto('/app/risk/catalog')
  await page.getByRole('link', { name: 'Individuelles Risiko erfassen' }).first().click()
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="themeId"]') })
  await form.getByLabel('Thema').selectOption({ label: '05 IT und Informationssicherheit' })
  await form.getByLabel('Titel').fill('Veraltete Telefonanlage')
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('05.01_P Veraltete Telefonanlage')

  // Walk the stepper forward to the end and back.
  await page.goto('/app/risk')
  await page.getByRole('link', { name: firstTitle }).click()
  const blocks = ['Einleitung', 'Analyse', 'Bewertung', 'Steuerung', 'Datenschutz', 'Überwachung', 'Dokumente']
  for (const [i, name] of blocks.entries()) {
    await expect(page.getByRole('navigation', { name: 'Schritte des Risikos' }).getByRole('link', { name })).toHaveAttribute('aria-current', 'step')
    await expect(page.locator('main h2').first()).toHaveText(name)
    if (i < blocks.length - 1) await page.getByRole('link', { name: 'Weiter →' }).click()
  }
  await expect(page.getByRole('link', { name: 'Weiter →' })).toHaveCount(0)
  await page.getByRole('link', { name: '← Zurück' }).click()
  await expect(page.locator('main h2').first()).toHaveText('Überwachung')

  // Evaluation: the risk moves on the map.
  await goStep(page, 3, 'Bewertung')
  await page.getByRole('button', { name: 'Bearbeiten' }).click()
  await page.getByRole('combobox', { name: 'Eintrittswahrscheinlichkeit netto' }).selectOption({ index: 5 })
  await page.getByRole('combobox', { name: 'Schadensausmass netto' }).selectOption({ index: 5 })
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(page.locator('[data-cell="5-5"]')).toHaveAttribute('data-current', 'true')
  // 5 × 5 with no measure marked as needed: the page points to the control step.
  await expect(page.getByText('Der Risikowert liegt im hohen Bereich, aber es ist keine Massnahme als nötig markiert.')).toBeVisible()
  await page.goto('/app/risk/map')
  await expect(page.getByTestId('risk-map').locator('[data-cell="5-5"]')).toHaveText('1')

  // Filter the inventory by that map cell.
  await page.getByTestId('risk-map').locator('[data-cell="5-5"] a').click()
  await expect(page).toHaveURL(/\/app\/risk\?cell=5-5$/)
  await expect(page.getByRole('row').filter({ hasText: firstTitle })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: '02.01' })).toHaveCount(0)

  // Only one block at a time.
  await page.getByRole('link', { name: firstTitle }).click()
  await goStep(page, 2, 'Analyse')
  await page.getByRole('button', { name: 'Bearbeiten' }).click()
  await expect(page.getByRole('button', { name: 'Abbrechen' })).toBeVisible()
  await goStep(page, 6, 'Überwachung')
  await page.getByRole('button', { name: 'Bearbeiten' }).click()
  await expect(page.getByText('Es ist nicht möglich, mehrere Blöcke gleichzeitig zu bearbeiten.')).toBeVisible()
  await page.getByRole('link', { name: 'Zu diesem Block' }).click()
  await expect(page.locator('main h2').first()).toHaveText('Analyse')
  await page.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible()

  // A measure added in the steering block appears in the RM tab of the measures.
  const measureTitle = `Notfallplan testen ${testInfo.project.name}`
  await goStep(page, 4, 'Steuerung')
  const measureForm = page.locator('form[method="post"]').filter({ has: page.locator('[name="owner"]') })
  await measureForm.getByLabel('Titel').fill(measureTitle)
  await measureForm.getByLabel('Verantwortlich').selectOption({ label: 'Erika Muster' })
  await measureForm.getByLabel('Fälligkeitsdatum').fill('2027-03-31')
  await measureForm.getByRole('button', { name: 'Massnahme hinzufügen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  await expect(page.getByTestId('risk-measures')).toContainText(measureTitle)
  await page.goto('/app/measures?tab=risk')
  await expect(page.getByRole('row').filter({ hasText: measureTitle })).toHaveCount(1)

  // Export the inventory.
  await page.goto('/app/risk')
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Alle exportieren (CSV)' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toMatch(/^risikoinventar-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = fs.readFileSync(await download.path(), 'utf8')
  expect(text.charCodeAt(0)).toBe(0xfeff)
  expect(text).toContain('"Nr.";"Titel";"Thema"')
  expect(text).toContain(firstTitle)
  expect(text).toContain('05.01_P')
  expect(text.split('\r\n').filter(Boolean)).toHaveLength(4)
})

test('link an ICS process to a risk and see the risk on the process', async ({ page, noJs, signIn }) => {
  await signIn('writer')
  await page.goto('/app/risk?sort=idkey')
  await page
    .locator('tbody a')
    .nth(noJs ? 3 : 2)
    .click()
  const riskHeading = await page.getByRole('heading', { level: 1 }).innerText()
  await goStep(page, 4, 'Steuerung')
  const picker = page.getByRole('combobox', { name: 'Verknüpfen mit' })
  const option = (await picker.locator('option').nth(1).innerText()).trim()
  await picker.selectOption({ index: 1 })
  await page.getByRole('button', { name: 'Verknüpfen', exact: true }).click()
  await expect(page.getByTestId('toast')).toHaveText('Eintrag hinzugefügt')
  await page.getByTestId('linked-processes').getByRole('link', { name: option }).click()
  await goStep(page, 4, 'Ziele und Massnahmen')
  await expect(page.getByTestId('linked-risks')).toContainText(riskHeading.split(' ').slice(1).join(' '))
  await page
    .getByTestId('linked-risks')
    .getByRole('button', { name: /Verknüpfung lösen/ })
    .first()
    .click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gelöscht')
})
