import crypto from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import * as kit from './sadmin-catalog.ts'

/** A leading number nobody else uses in this run (see `leadingNumber` of the catalogue helpers). */
const leadingNumber = (testInfo: TestInfo, slot: 0 | 1) => kit.leadingNumber(testInfo, slot, 'ABCD', 'EFGHJKLMNPRSTUVWXYZ')

const newTheme = (page: Page, ln: string, name: string) => kit.createTheme(page, '/app/sadmin/risks/themes', 'Neues Thema', ln, name)

test('a theme needs a leading number of two characters', async ({ page, signIn }, testInfo) => {
  const ln = leadingNumber(testInfo, 0)
  const name = `Nachhaltigkeit ${crypto.randomBytes(3).toString('hex')}`
  await signIn('sadmin')
  await page.goto('/app/sadmin')
  await page.getByRole('link', { name: 'Risikothemen' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Risikothemen' })).toBeVisible()
  await kit.themeNeedsTwoChars(page, (n) => newTheme(page, n, name), ln, name)
})

test('edit the French title of a catalogue entry and see it in the list', async ({ page, signIn }, testInfo) => {
  const ln = leadingNumber(testInfo, 1)
  const suffix = crypto.randomBytes(3).toString('hex')
  const themeName = `Klimarisiken ${suffix}`
  const idkey = `${ln}.01`
  await signIn('sadmin')
  await newTheme(page, ln, themeName)
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')

  // A catalogue entry of its own, so the two projects never edit the same one.
  await page.goto('/app/sadmin/risks')
  await expect(page.getByRole('heading', { level: 1, name: 'Risikokatalog' })).toBeVisible()
  await page.getByRole('link', { name: 'Neuer Katalogeintrag' }).click()
  const form = kit.editForm(page, 'idkey')
  await form.getByLabel('Thema').selectOption({ label: `${ln} ${themeName}` })
  await form.getByLabel('Nummer').fill(`ZZ.${suffix}`)
  await kit.fillTitles(page, { de: `Physische Klimarisiken ${suffix}`, fr: `Risques climatiques physiques ${suffix}`, en: `Physical climate risks ${suffix}` })
  await form.getByLabel('Eintrittswahrscheinlichkeit').selectOption('2')
  await form.getByLabel('Schadensausmass').selectOption('4')
  await form.getByLabel('Strategisches Risiko').check()
  await form.getByLabel('Schlagwörter').fill('klima, immobilien')
  await kit.createEntry(page, idkey, 'Die Nummer muss mit der Leitnummer des Themas und einem Punkt beginnen')

  const edit = await kit.filterAndOpen(page, 'Thema', `${ln} ${themeName}`, idkey, [`Risques climatiques physiques ${suffix}`, '2 / 4'])
  await expect(edit.getByLabel('Titel (Deutsch)')).toHaveValue(`Physische Klimarisiken ${suffix}`)
  await expect(edit.getByLabel('Schlagwörter')).toHaveValue('klima, immobilien')
  await edit.getByLabel('Titel (Français)').fill(`Risques climatiques physiques et de transition ${suffix}`)
  await edit.getByRole('button', { name: 'Speichern' }).click()
  await kit.changedThenDeactivated(page, idkey, themeName, {
    de: `Physische Klimarisiken ${suffix}`,
    fr: `Risques climatiques physiques et de transition ${suffix}`,
    en: `Physical climate risks ${suffix}`,
  })
})
