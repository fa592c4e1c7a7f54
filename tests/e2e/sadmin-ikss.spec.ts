import crypto from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import * as kit from './sadmin-catalog.ts'

/**
 * A leading number nobody else uses in this run (see `leadingNumber` of the catalogue helpers).
 * The seeded main processes are numbered 01, 02, …, so letters never meet them.
 */
const leadingNumber = (testInfo: TestInfo, slot: 0 | 1) => kit.leadingNumber(testInfo, slot, 'EFGH', 'ABCDJKLMNPRSTUVWXYZ')

const createMainProcess = (page: Page, ln: string, name: string) => kit.createTheme(page, '/app/sadmin/ikss/themes', 'Neuer Hauptprozess', ln, name)

test('a main process needs a leading number of two characters', async ({ page, signIn }, testInfo) => {
  const ln = leadingNumber(testInfo, 0)
  const name = `Vermögensverwaltung ${crypto.randomBytes(3).toString('hex')}`
  await signIn('sadmin')
  await page.goto('/app/sadmin')
  await page.getByRole('link', { name: 'IKS-Hauptprozesse', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'IKS-Hauptprozesse' })).toBeVisible()

  await kit.themeNeedsTwoChars(page, (n) => createMainProcess(page, n, name), ln, name)
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
  const subForm = kit.editForm(page, 'key')
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
  const form = kit.editForm(page, 'idkey')
  await form.getByLabel('Hauptprozess').selectOption({ label: `${ln} ${mainName}` })
  await form.getByLabel('Teilprozess').selectOption({ label: `${subKey} ${subName}` })
  await form.getByLabel('Nummer').fill(`${ln}.01`)
  await kit.fillTitles(page, {
    de: `Mietzinsausstände überwachen ${suffix}`,
    fr: `Surveiller les loyers impayés ${suffix}`,
    en: `Monitor rent arrears ${suffix}`,
  })
  await form.getByLabel('Vorgeschlagenes Kontrollziel (Deutsch)').fill('Ausstände werden rechtzeitig erkannt.')
  // The plan a fund's process starts with: how often, and how the control is tested.
  await expect(form.getByLabel('Vorgeschlagene Häufigkeit')).toHaveValue('none')
  await form.getByLabel('Vorgeschlagene Häufigkeit').selectOption({ label: 'Vierteljährlich' })
  await form.getByLabel('Vorgeschlagenes Prüfvorgehen (Deutsch)').fill('1. Ausstandsliste ziehen\n2. Mahnungen prüfen')
  await form.getByLabel('Relevant für den Datenschutz (DSG)').check()
  await form.getByLabel('Schlagwörter').fill('immobilien, inkasso')
  await kit.createEntry(page, idkey, 'Die Nummer muss mit der Nummer des Teilprozesses und einem Punkt beginnen')

  const edit = await kit.filterAndOpen(page, 'Hauptprozess', `${ln} ${mainName}`, idkey, [`Surveiller les loyers impayés ${suffix}`, 'DSG'])
  await expect(edit.getByLabel('Titel (Deutsch)')).toHaveValue(`Mietzinsausstände überwachen ${suffix}`)
  await expect(edit.getByLabel('Vorgeschlagenes Kontrollziel (Deutsch)')).toHaveValue('Ausstände werden rechtzeitig erkannt.')
  await expect(edit.getByLabel('Schlagwörter')).toHaveValue('immobilien, inkasso')
  await expect(edit.getByLabel('Vorgeschlagene Häufigkeit')).toHaveValue('quarterly')
  await expect(edit.getByLabel('Vorgeschlagenes Prüfvorgehen (Deutsch)')).toHaveValue('1. Ausstandsliste ziehen\n2. Mahnungen prüfen')
  await edit.getByLabel('Vorgeschlagene Häufigkeit').selectOption({ label: 'Monatlich' })
  await edit.getByLabel('Titel (Français)').fill(`Surveiller et relancer les loyers impayés ${suffix}`)
  await edit.getByRole('button', { name: 'Speichern' }).click()
  await kit.changedThenDeactivated(page, idkey, subName, {
    de: `Mietzinsausstände überwachen ${suffix}`,
    fr: `Surveiller et relancer les loyers impayés ${suffix}`,
    en: `Monitor rent arrears ${suffix}`,
  })
  // The changed frequency is kept.
  await page
    .getByRole('row')
    .filter({ hasText: idkey })
    .getByRole('link', { name: `Bearbeiten: ${idkey}` })
    .click()
  await expect(kit.editForm(page, 'titleFr').getByLabel('Vorgeschlagene Häufigkeit')).toHaveValue('monthly')
})
