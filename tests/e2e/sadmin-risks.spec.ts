import crypto from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** The dialog's form (JavaScript) or the form of its own page (without). */
const editForm = (page: Page, field: string) => page.locator('form[method="post"]').filter({ has: page.locator(`[name="${field}"]`) })

/**
 * A leading number nobody else uses in this run: the first character tells
 * the project (js, nojs) and the test apart, the second is random.
 */
function leadingNumber(testInfo: TestInfo, slot: 0 | 1) {
  const first = 'ABCD'[(testInfo.project.name === 'js' ? 0 : 2) + slot]
  return first + 'EFGHJKLMNPRSTUVWXYZ'[crypto.randomInt(19)]
}

async function createTheme(page: Page, ln: string, name: string) {
  await page.goto('/app/sadmin/risks/themes')
  await page.getByRole('link', { name: 'Neues Thema' }).click()
  const form = editForm(page, 'leadingNumber')
  await form.getByLabel('Leitnummer').fill(ln)
  await form.getByLabel('Name (Deutsch)').fill(name)
  await form.getByLabel('Name (Français)').fill(`${name} (fr)`)
  await form.getByLabel('Name (English)').fill(`${name} (en)`)
  await form.getByRole('button', { name: 'Erstellen' }).click()
}

test('a theme needs a leading number of two characters', async ({ page, signIn }, testInfo) => {
  const ln = leadingNumber(testInfo, 0)
  const name = `Nachhaltigkeit ${crypto.randomBytes(3).toString('hex')}`
  await signIn('sadmin')
  await page.goto('/app/sadmin')
  await page.getByRole('link', { name: 'Risikothemen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Risikothemen' })).toBeVisible()

  await createTheme(page, `${ln}1`, name)
  const form = editForm(page, 'leadingNumber')
  await expect(form.getByText('Es müssen zwei Zeichen sein')).toBeVisible()
  await expect(form.getByLabel('Leitnummer')).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('Leitnummer').fill(ln)
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('cell').first()).toHaveText(ln)
})

test('edit the French title of a catalogue entry and see it in the list', async ({ page, signIn }, testInfo) => {
  const ln = leadingNumber(testInfo, 1)
  const suffix = crypto.randomBytes(3).toString('hex')
  const themeName = `Klimarisiken ${suffix}`
  const idkey = `${ln}.01`
  await signIn('sadmin')
  await createTheme(page, ln, themeName)
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')

  // A catalogue entry of its own, so the two projects never edit the same one.
  await page.goto('/app/sadmin/risks')
  await expect(page.getByRole('heading', { level: 1, name: 'Risikokatalog' })).toBeVisible()
  await page.getByRole('link', { name: 'Neuer Katalogeintrag' }).click()
  const form = editForm(page, 'idkey')
  await form.getByLabel('Thema').selectOption({ label: `${ln} ${themeName}` })
  await form.getByLabel('Nummer').fill(`ZZ.${suffix}`)
  await form.getByLabel('Titel (Deutsch)').fill(`Physische Klimarisiken ${suffix}`)
  await form.getByLabel('Titel (Français)').fill(`Risques climatiques physiques ${suffix}`)
  await form.getByLabel('Titel (English)').fill(`Physical climate risks ${suffix}`)
  await form.getByLabel('Eintrittswahrscheinlichkeit').selectOption('2')
  await form.getByLabel('Schadensausmass').selectOption('4')
  await form.getByLabel('Strategisches Risiko').check()
  await form.getByLabel('Schlagwörter').fill('klima, immobilien')
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(form.getByText('Die Nummer muss mit der Leitnummer des Themas und einem Punkt beginnen')).toBeVisible()
  await form.getByLabel('Nummer').fill(idkey)
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')

  await page
    .getByRole('search')
    .getByLabel('Thema')
    .selectOption({ label: `${ln} ${themeName}` })
  await page.getByRole('button', { name: 'Filtern' }).click()
  const row = page.getByRole('row').filter({ hasText: idkey })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`Risques climatiques physiques ${suffix}`)
  await expect(row).toContainText('2 / 4')

  await row.getByRole('link', { name: `Bearbeiten: ${idkey}` }).click()
  const edit = editForm(page, 'titleFr')
  await expect(edit.getByLabel('Titel (Deutsch)')).toHaveValue(`Physische Klimarisiken ${suffix}`)
  await expect(edit.getByLabel('Schlagwörter')).toHaveValue('klima, immobilien')
  await edit.getByLabel('Titel (Français)').fill(`Risques climatiques physiques et de transition ${suffix}`)
  await edit.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')

  // Back on the filtered list: the three titles side by side, the French one changed.
  const changed = page.getByRole('row').filter({ hasText: idkey })
  await expect(changed).toHaveCount(1)
  const cells = changed.getByRole('cell')
  await expect(cells.first()).toContainText(themeName)
  await expect(cells.nth(1)).toHaveText(`Physische Klimarisiken ${suffix}`)
  await expect(cells.nth(2)).toHaveText(`Risques climatiques physiques et de transition ${suffix}`)
  await expect(cells.nth(3)).toHaveText(`Physical climate risks ${suffix}`)

  // Deactivated, not deleted: inventories may hold copies.
  await changed.getByRole('link', { name: `Deaktivieren: ${idkey}` }).click()
  await page.getByRole('button', { name: 'Deaktivieren' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(page.getByRole('row').filter({ hasText: idkey })).toContainText('inaktiv')
})
