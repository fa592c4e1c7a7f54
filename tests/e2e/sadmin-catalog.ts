import crypto from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { expect } from './fixtures.ts'

/*
 * What the end-to-end tests of the operator's two catalogues (risks, ICS) share.
 */

/** The dialog's form (JavaScript) or the form of its own page (without). */
export const editForm = (page: Page, field: string) => page.locator('form[method="post"]').filter({ has: page.locator(`[name="${field}"]`) })

/**
 * A leading number nobody else uses in this run: the first character (of `firsts`) tells
 * the project (js, nojs) and the test apart, the second (of `seconds`) is random.
 */
export function leadingNumber(testInfo: TestInfo, slot: 0 | 1, firsts: string, seconds: string) {
  const first = firsts[(testInfo.project.name === 'js' ? 0 : 2) + slot]
  return first + seconds[crypto.randomInt(19)]
}

/** Fills the leading number and the three names of a new theme on the list at `list` and creates it. */
export async function createTheme(page: Page, list: string, newLink: string, ln: string, name: string) {
  await page.goto(list)
  await page.getByRole('link', { name: newLink }).click()
  const form = editForm(page, 'leadingNumber')
  await form.getByLabel('Leitnummer').fill(ln)
  await form.getByLabel('Name (Deutsch)').fill(name)
  await form.getByLabel('Name (Français)').fill(`${name} (fr)`)
  await form.getByLabel('Name (English)').fill(`${name} (en)`)
  await form.getByRole('button', { name: 'Erstellen' }).click()
}

/** A theme with a three-character number is refused; with two characters it is created and listed. */
export async function themeNeedsTwoChars(page: Page, create: (ln: string) => Promise<void>, ln: string, name: string) {
  await create(`${ln}1`)
  const form = editForm(page, 'leadingNumber')
  await expect(form.getByText('Es müssen zwei Zeichen sein')).toBeVisible()
  await expect(form.getByLabel('Leitnummer')).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('Leitnummer').fill(ln)
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('cell').first()).toHaveText(ln)
}

/** Creates the entry after the number was refused once (`wrongPrefix`), the form being filled. */
export async function createEntry(page: Page, idkey: string, wrongPrefix: string) {
  const form = editForm(page, 'idkey')
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(form.getByText(wrongPrefix)).toBeVisible()
  await form.getByLabel('Nummer').fill(idkey)
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Ein neuer Eintrag wurde erstellt')
}

/** Fills the title in the three languages. */
export async function fillTitles(page: Page, titles: { de: string; fr: string; en: string }) {
  const form = editForm(page, 'idkey')
  await form.getByLabel('Titel (Deutsch)').fill(titles.de)
  await form.getByLabel('Titel (Français)').fill(titles.fr)
  await form.getByLabel('Titel (English)').fill(titles.en)
}

/**
 * Back on the filtered list after the French title was changed: the three titles side by side and under the
 * number its theme (`under`); then the entry is deactivated, not deleted, since inventories may hold copies.
 */
export async function changedThenDeactivated(page: Page, idkey: string, under: string, titles: { de: string; fr: string; en: string }) {
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  const changed = page.getByRole('row').filter({ hasText: idkey })
  await expect(changed).toHaveCount(1)
  const cells = changed.getByRole('cell')
  await expect(cells.first()).toContainText(under)
  await expect(cells.nth(1)).toHaveText(titles.de)
  await expect(cells.nth(2)).toHaveText(titles.fr)
  await expect(cells.nth(3)).toHaveText(titles.en)

  await changed.getByRole('link', { name: `Deaktivieren: ${idkey}` }).click()
  await page.getByRole('button', { name: 'Deaktivieren' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(page.getByRole('row').filter({ hasText: idkey })).toContainText('inaktiv')
}

/** Filters the list by the theme select labelled `label`, finds the entry's one row and opens its edit form. */
export async function filterAndOpen(page: Page, label: string, option: string, idkey: string, shows: string[]) {
  await page.getByRole('search').getByLabel(label).selectOption({ label: option })
  await page.getByRole('button', { name: 'Filtern' }).click()
  const row = page.getByRole('row').filter({ hasText: idkey })
  await expect(row).toHaveCount(1)
  for (const text of shows) await expect(row).toContainText(text)
  await row.getByRole('link', { name: `Bearbeiten: ${idkey}` }).click()
  return editForm(page, 'titleFr')
}
