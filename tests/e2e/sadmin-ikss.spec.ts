import crypto from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** The dialog's form (JavaScript) or the form of its own page (without). */
const editForm = (page: Page, field: string) => page.locator('form[method="post"]').filter({ has: page.locator(`[name="${field}"]`) })

/**
 * A leading number nobody else uses in this run: the first character tells
 * the project (js, nojs) and the test apart, the second is random. The seeded
 * main processes are numbered 01, 02, …, so letters never meet them.
 */
function leadingNumber(testInfo: TestInfo, slot: 0 | 1) {
  const first = 'EFGH'[(testInfo.project.name === 'js' ? 0 : 2) + slot]
  return first + 'ABCDJKLMNPRSTUVWXYZ'[crypto.randomInt(19)]
}

async function createMainProcess(page: Page, ln: string, name: string) {
  await page.goto('/app/sadmin/ikss/themes')
  await page.getByRole('link', { name: 'Neuer Hauptprozess' }).click()
  const form = editForm(page, 'leadingNumber')
  await form.getByLabel('Leitnummer').fill(ln)
  await form.getByLabel('Name (Deutsch)').fill(name)
  await form.getByLabel('Name (Français)').fill(`${name} (fr)`)
  await form.getByLabel('Name (English)').fill(`${name} (en)`)
  await form.getByRole('button', { name: 'Erstellen' }).click()
}

test('a main process needs a leading number of two characters', async ({ page, signIn }, testInfo) => {
  const ln = leadingNumber(testInfo, 0)
  const name = `Vermögensverwaltung ${crypto.randomBytes(3).toString('hex')}`
  await signIn('sadmin')
  await page.goto('/app/sadmin')
  await page.getByRole('link', { name: 'IKS-Hauptprozesse', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'IKS-Hauptprozesse' })).toBeVisible()

  await createMainProcess(page, `${ln}1`, name)
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

test('edit the French title of an ICS catalogue entry and see it in the list', async ({ page, signIn }, testInfo) => {
  test.setTimeout(60_000)
  const ln = leadingNumber(testInfo, 1)
  const suffix = crypto.randomBytes(3).toString('hex')
  const mainName = `Liegenschaften ${suffix}`
  const subName = `Mietzinsinkasso ${suffix}`
  const subKey = `${ln}.1`
  const idkey = `${subKey}.01`
  await signIn('sadmin')
  await createMainProcess(page, ln, mainName)
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')

  // A sub-process, from the main process's row (the list then shows its sub-processes only):
  // its key starts with the main process's number and a dot.
  await page
    .getByRole('row')
    .filter({ hasText: mainName })
    .getByRole('link', { name: `Teilprozesse des Hauptprozesses ${ln} anzeigen (0)` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'IKS-Teilprozesse' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'IKS-Katalog verwalten' }).getByRole('link', { name: 'Teilprozesse' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await page.getByRole('link', { name: 'Neuer Teilprozess' }).click()
  const subForm = editForm(page, 'key')
  await subForm.getByLabel('Hauptprozess').selectOption({ label: `${ln} ${mainName}` })
  await subForm.getByLabel('Nummer').fill('ZZ.1')
  await subForm.getByLabel('Name (Deutsch)').fill(subName)
  await subForm.getByLabel('Name (Français)').fill(`${subName} (fr)`)
  await subForm.getByLabel('Name (English)').fill(`${subName} (en)`)
  await subForm.getByRole('button', { name: 'Erstellen' }).click()
  await expect(subForm.getByText('Die Nummer muss mit der Leitnummer des Hauptprozesses und einem Punkt beginnen')).toBeVisible()
  await subForm.getByLabel('Nummer').fill(subKey)
  await subForm.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  // Back on the list of the main process's sub-processes.
  await expect(page.getByRole('row').filter({ hasText: subName })).toContainText(subKey)
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2)

  // A catalogue entry of its own, so the two projects never edit the same one.
  await page.goto('/app/sadmin/ikss')
  await expect(page.getByRole('heading', { level: 1, name: 'IKS-Katalog' })).toBeVisible()
  await page.getByRole('link', { name: 'Neuer Katalogeintrag' }).click()
  const form = editForm(page, 'idkey')
  await form.getByLabel('Hauptprozess').selectOption({ label: `${ln} ${mainName}` })
  await form.getByLabel('Teilprozess').selectOption({ label: `${subKey} ${subName}` })
  await form.getByLabel('Nummer').fill(`${ln}.01`)
  await form.getByLabel('Titel (Deutsch)').fill(`Mietzinsausstände überwachen ${suffix}`)
  await form.getByLabel('Titel (Français)').fill(`Surveiller les loyers impayés ${suffix}`)
  await form.getByLabel('Titel (English)').fill(`Monitor rent arrears ${suffix}`)
  await form.getByLabel('Vorgeschlagenes Kontrollziel (Deutsch)').fill('Ausstände werden rechtzeitig erkannt.')
  await form.getByLabel('Relevant für den Datenschutz (DSG)').check()
  await form.getByLabel('Schlagwörter').fill('immobilien, inkasso')
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(form.getByText('Die Nummer muss mit der Nummer des Teilprozesses und einem Punkt beginnen')).toBeVisible()
  await form.getByLabel('Nummer').fill(idkey)
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')

  await page
    .getByRole('search')
    .getByLabel('Hauptprozess')
    .selectOption({ label: `${ln} ${mainName}` })
  await page.getByRole('button', { name: 'Filtern' }).click()
  const row = page.getByRole('row').filter({ hasText: idkey })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`Surveiller les loyers impayés ${suffix}`)
  await expect(row).toContainText('DSG')

  await row.getByRole('link', { name: `Bearbeiten: ${idkey}` }).click()
  const edit = editForm(page, 'titleFr')
  await expect(edit.getByLabel('Titel (Deutsch)')).toHaveValue(`Mietzinsausstände überwachen ${suffix}`)
  await expect(edit.getByLabel('Vorgeschlagenes Kontrollziel (Deutsch)')).toHaveValue('Ausstände werden rechtzeitig erkannt.')
  await expect(edit.getByLabel('Schlagwörter')).toHaveValue('immobilien, inkasso')
  await edit.getByLabel('Titel (Français)').fill(`Surveiller et relancer les loyers impayés ${suffix}`)
  await edit.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')

  // Back on the filtered list: the three titles side by side, the French one changed.
  const changed = page.getByRole('row').filter({ hasText: idkey })
  await expect(changed).toHaveCount(1)
  const cells = changed.getByRole('cell')
  await expect(cells.first()).toContainText(subName)
  await expect(cells.nth(1)).toHaveText(`Mietzinsausstände überwachen ${suffix}`)
  await expect(cells.nth(2)).toHaveText(`Surveiller et relancer les loyers impayés ${suffix}`)
  await expect(cells.nth(3)).toHaveText(`Monitor rent arrears ${suffix}`)

  // Deactivated, not deleted: inventories may hold copies.
  await changed.getByRole('link', { name: `Deaktivieren: ${idkey}` }).click()
  await page.getByRole('button', { name: 'Deaktivieren' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(page.getByRole('row').filter({ hasText: idkey })).toContainText('inaktiv')
})
