import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, insertSuperAdmin, test } from './fixtures.ts'
import { editForm } from './sadmin-catalog.ts'

/*
 * The operator's catalogue of processing-activity templates (/app/sadmin/dsg), with JavaScript on and
 * off, in German and in French: create a template (a category line added, a line named in one language
 * refused), edit it, deactivate it.
 */

/** An operator of the test's own in the given language, with the second factor on, as super admins must have it. */
function insertOperator(language: 'de' | 'fr') {
  return insertSuperAdmin({ language, firstName: 'Odile', lastName: 'Muster' })
}

type Texts = {
  title: string
  navText: RegExp
  newTemplate: string
  name: string
  purpose: string
  category: (n: number, language: string) => string
  sensitive: (n: number) => string
  addCategory: string
  languages: { de: string; fr: string; en: string }
  categoryLanguages: string
  create: string
  save: string
  created: string
  saved: string
  edit: string
  deactivate: string
  inactive: string
  search: string
  filter: string
  counts: [string, string]
}

const GERMAN: Texts = {
  title: 'Vorlagen für Bearbeitungstätigkeiten',
  navText: /Vorlagen für das Verzeichnis/,
  newTemplate: 'Neue Vorlage',
  name: 'Name',
  purpose: 'Zweck',
  category: (n, language) => `Kategorie ${n} (${language})`,
  sensitive: (n) => `Kategorie ${n} besonders schützenswert (Art. 5 lit. c DSG)`,
  addCategory: 'Weitere Kategorie',
  languages: { de: 'Deutsch', fr: 'Français', en: 'English' },
  categoryLanguages: 'Jede Kategorie braucht ihre Bezeichnung in allen drei Sprachen.',
  create: 'Erstellen',
  save: 'Speichern',
  created: 'Ein neuer Eintrag wurde erstellt',
  saved: 'Die Daten wurden gespeichert',
  edit: 'Bearbeiten',
  deactivate: 'Deaktivieren',
  inactive: 'inaktiv',
  search: 'Suche',
  filter: 'Filtern',
  counts: ['2 Kategorien', '1 besonders schützenswert'],
}

const FRENCH: Texts = {
  title: 'Modèles d’activités de traitement',
  navText: /Gérer en trois langues/,
  newTemplate: 'Nouveau modèle',
  name: 'Nom',
  purpose: 'Finalité',
  category: (n, language) => `Catégorie ${n} (${language})`,
  sensitive: (n) => `Catégorie ${n} sensible (art. 5 let. c LPD)`,
  addCategory: 'Ajouter une catégorie',
  languages: { de: 'Deutsch', fr: 'Français', en: 'English' },
  categoryLanguages: 'Chaque catégorie doit être désignée dans les trois langues.',
  create: 'Créer',
  save: 'Enregistrer',
  created: 'Une nouvelle entrée a été créée',
  saved: 'Les données ont été enregistrées',
  edit: 'Modifier',
  deactivate: 'Désactiver',
  inactive: 'inactif',
  search: 'Recherche',
  filter: 'Filtrer',
  counts: ['2 catégories', '1 sensible'],
}

/** The whole journey in one language: the list from the operator's page, a new template, an edit, a deactivation. */
async function journey(page: Page, x: Texts, names: { de: string; fr: string; en: string }, shown: string) {
  await page.goto('/app/sadmin')
  await expect(page.getByText(x.navText)).toBeVisible()
  await page.getByRole('link', { name: x.title }).click()
  await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible()
  await page.getByRole('link', { name: x.newTemplate }).click()

  const form = editForm(page, 'nameDe')
  const field = (label: string, language: keyof Texts['languages']) => form.getByRole('textbox', { name: `${label} (${x.languages[language]})`, exact: true })
  await field(x.name, 'de').fill(names.de)
  await field(x.name, 'fr').fill(names.fr)
  await field(x.name, 'en').fill(names.en)
  await field(x.purpose, 'de').fill('Verwaltung der Versicherten für die Prüfung im Test')
  // A category named in German only is refused at its line; the rest of the input stays.
  await form.getByRole('textbox', { name: x.category(1, 'Deutsch'), exact: true }).fill('Gesundheitsdaten')
  await form.getByRole('button', { name: x.create }).click()
  await expect(editForm(page, 'nameDe').getByText(x.categoryLanguages).first()).toBeVisible()
  const again = editForm(page, 'nameDe')
  await expect(again.getByRole('textbox', { name: `${x.name} (Deutsch)`, exact: true })).toHaveValue(names.de)
  await again.getByRole('textbox', { name: x.category(1, 'Français'), exact: true }).fill('Données de santé')
  await again.getByRole('textbox', { name: x.category(1, 'English'), exact: true }).fill('Health data')
  await again.getByLabel(x.sensitive(1)).check()
  // A fourth line: in the browser at once, without JavaScript through the server.
  await expect(again.getByRole('textbox', { name: x.category(4, 'Deutsch'), exact: true })).toHaveCount(0)
  await again.getByRole('button', { name: x.addCategory }).click()
  const lines = editForm(page, 'nameDe')
  await lines.getByRole('textbox', { name: x.category(4, 'Deutsch'), exact: true }).fill('Bankverbindung')
  await lines.getByRole('textbox', { name: x.category(4, 'Français'), exact: true }).fill('Coordonnées bancaires')
  await lines.getByRole('textbox', { name: x.category(4, 'English'), exact: true }).fill('Bank details')
  await expect(lines.getByRole('textbox', { name: x.category(1, 'Français'), exact: true })).toHaveValue('Données de santé')
  await expect(lines.getByLabel(x.sensitive(1))).toBeChecked()
  await lines.getByRole('button', { name: x.create }).click()
  await expect(page.getByTestId('toast')).toHaveText(x.created)

  // Found by its name in another language; listed in the reader's.
  await page.getByRole('search').getByLabel(x.search).fill(names.en)
  await page.getByRole('button', { name: x.filter }).click()
  const row = page.getByRole('row').filter({ hasText: shown })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(x.counts[0])
  await expect(row).toContainText(x.counts[1])

  await row.getByRole('link', { name: `${x.edit}: ${shown}` }).click()
  const edit = editForm(page, 'nameDe')
  await expect(edit.getByRole('textbox', { name: x.category(2, 'English'), exact: true })).toHaveValue('Bank details')
  await expect(edit.getByLabel(x.sensitive(1))).toBeChecked()
  await expect(edit.getByLabel(x.sensitive(2))).not.toBeChecked()
  await edit.getByRole('textbox', { name: `${x.purpose} (Français)`, exact: true }).fill('Gestion des assurés pour le test')
  await edit.getByLabel(x.sensitive(2)).check()
  await edit.getByRole('button', { name: x.save }).click()
  await expect(page.getByTestId('toast')).toHaveText(x.saved)
  const changed = page.getByRole('row').filter({ hasText: shown })
  await expect(changed).toContainText(x.counts[0])
  await expect(changed).not.toContainText(x.counts[1])

  await changed.getByRole('link', { name: `${x.deactivate}: ${shown}` }).click()
  await page.getByRole('button', { name: x.deactivate }).click()
  await expect(page.getByTestId('toast')).toHaveText(x.saved)
  await expect(page.getByRole('row').filter({ hasText: shown })).toContainText(x.inactive)
}

test('the operator creates, edits and deactivates a template in German', async ({ page, signIn }, testInfo) => {
  test.setTimeout(60_000)
  const suffix = `${testInfo.project.name}-${crypto.randomBytes(3).toString('hex')}`
  await signIn('sadmin')
  const names = { de: `Versichertenportal ${suffix}`, fr: `Portail des assurés ${suffix}`, en: `Insured portal ${suffix}` }
  await journey(page, GERMAN, names, names.de)
})

test('the operator creates, edits and deactivates a template in French', async ({ page, signIn }, testInfo) => {
  test.setTimeout(60_000)
  const suffix = `${testInfo.project.name}-${crypto.randomBytes(3).toString('hex')}`
  await signIn(await insertOperator('fr'))
  const names = { de: `Versichertenportal ${suffix}`, fr: `Portail des assurés ${suffix}`, en: `Insured portal ${suffix}` }
  await journey(page, FRENCH, names, names.fr)
})

test('the template list and form have no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  // axe runs in the page: the nojs project leaves @js-only tests out (playwright.config.ts).
  test.setTimeout(60_000)
  await signIn('sadmin')
  for (const path of ['/app/sadmin/dsg', '/app/sadmin/dsg/new']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`)
    expect(serious, path).toEqual([])
  }
  // The edit form of a seeded template, with its lines of categories.
  await page.goto('/app/sadmin/dsg')
  await page.getByRole('link', { name: 'Bearbeiten: Invalidenleistungen' }).click()
  await expect(page.getByLabel('Kategorie 2 besonders schützenswert (Art. 5 lit. c DSG)')).toBeChecked()
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([])
})
