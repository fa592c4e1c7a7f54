import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, insertSuperAdmin, test } from './fixtures.ts'
import { editForm } from './sadmin-catalog.ts'

/*
 * The operator's KRI catalogue (/app/sadmin/kris), with JavaScript on and off, in German and in French:
 * the seeded coverage ratio with its legal basis, a new KRI (bounds in the wrong order refused, the input
 * kept), found by its name in another language, edited (a bound moved), deactivated.
 */

type Texts = {
  title: string
  navText: RegExp
  newKri: string
  key: string
  name: string
  order: string
  legalBasis: string
  direction: string
  lower: string
  amber: string
  red: string
  active: string
  orderRefused: string
  languages: { de: string; fr: string; en: string }
  create: string
  save: string
  created: string
  saved: string
  edit: string
  inactive: string
  search: string
  filter: string
  coverage: string
  bounds: (amber: string, red: string) => string
}

const GERMAN: Texts = {
  title: 'KRI-Katalog',
  navText: /Risikokennzahlen der Vorsorgeeinrichtungen/,
  newKri: 'Neuer KRI',
  key: 'Schlüssel',
  name: 'Bezeichnung',
  order: 'Reihenfolge',
  legalBasis: 'Rechtsgrundlage',
  direction: 'Richtung',
  lower: 'Tiefer ist besser',
  amber: 'Warnschwelle (amber)',
  red: 'Grenze (rot)',
  active: 'Aktiv (den Kunden zur Auswahl angeboten)',
  orderRefused: 'Tiefer ist besser: die Grenze darf nicht unter der Warnschwelle liegen.',
  languages: { de: 'Deutsch', fr: 'Français', en: 'English' },
  create: 'Erstellen',
  save: 'Speichern',
  created: 'Ein neuer Eintrag wurde erstellt',
  saved: 'Die Daten wurden gespeichert',
  edit: 'Bearbeiten',
  inactive: 'inaktiv',
  search: 'Suche',
  filter: 'Filtern',
  coverage: 'Deckungsgrad',
  bounds: (amber, red) => `Warnung ${amber} / Grenze ${red}`,
}

const FRENCH: Texts = {
  title: 'Catalogue des KRI',
  navText: /Indicateurs de risque des institutions de prévoyance/,
  newKri: 'Nouveau KRI',
  key: 'Clé',
  name: 'Désignation',
  order: 'Ordre',
  legalBasis: 'Base légale',
  direction: 'Sens',
  lower: 'Plus bas est meilleur',
  amber: 'Seuil d’alerte (orange)',
  red: 'Limite (rouge)',
  active: 'Actif (proposé aux clients)',
  orderRefused: 'Plus bas est meilleur\u202f: la limite ne peut pas être inférieure au seuil d’alerte.',
  languages: { de: 'Deutsch', fr: 'Français', en: 'English' },
  create: 'Créer',
  save: 'Enregistrer',
  created: 'Une nouvelle entrée a été créée',
  saved: 'Les données ont été enregistrées',
  edit: 'Modifier',
  inactive: 'inactif',
  search: 'Recherche',
  filter: 'Filtrer',
  coverage: 'Degré de couverture',
  bounds: (amber, red) => `alerte ${amber} / limite ${red}`,
}

async function journey(page: Page, x: Texts, key: string, names: { de: string; fr: string; en: string }, shown: string) {
  await page.goto('/app/sadmin')
  await expect(page.getByText(x.navText)).toBeVisible()
  await page.getByRole('link', { name: x.title }).click()
  await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible()
  // The seeded coverage ratio, first, with its legal limit and basis.
  // (By its key: other journeys add entries of their own whose names contain the name.)
  const coverage = page.getByRole('row').filter({ has: page.getByText('coverageRatio', { exact: true }) })
  await expect(coverage).toContainText(x.coverage)
  await expect(coverage).toContainText('Art. 44 BVV 2')
  await expect(coverage).toContainText(x.bounds('110', '100'))

  await page.getByRole('link', { name: x.newKri }).click()
  const form = editForm(page, 'nameDe')
  const field = (label: string, language: keyof Texts['languages']) => form.getByRole('textbox', { name: `${label} (${x.languages[language]})`, exact: true })
  await form.getByRole('textbox', { name: x.key }).fill(key)
  await form.getByRole('textbox', { name: x.order }).fill('900')
  await field(x.name, 'de').fill(names.de)
  await field(x.name, 'fr').fill(names.fr)
  await field(x.name, 'en').fill(names.en)
  await form.getByRole('textbox', { name: x.legalBasis }).fill('Art. 55 lit. d BVV 2')
  await form.getByLabel(x.direction).selectOption({ label: x.lower })
  // Lower is better: a limit below the warning threshold is refused, the input kept.
  await form.getByRole('textbox', { name: x.amber }).fill('13,5')
  await form.getByRole('textbox', { name: x.red }).fill('12')
  await form.getByRole('button', { name: x.create }).click()
  const again = editForm(page, 'nameDe')
  await expect(again.getByText(x.orderRefused)).toBeVisible()
  await expect(again.getByRole('textbox', { name: `${x.name} (${x.languages.fr})`, exact: true })).toHaveValue(names.fr)
  await again.getByRole('textbox', { name: x.red }).fill('15')
  await again.getByRole('button', { name: x.create }).click()
  await expect(page.getByTestId('toast')).toHaveText(x.created)

  // Found by its name in another language; listed in the reader's.
  await page.getByRole('search').getByLabel(x.search).fill(names.en)
  await page.getByRole('button', { name: x.filter }).click()
  const row = page.getByRole('row').filter({ hasText: shown })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(x.bounds('13.5', '15'))

  await row.getByRole('link', { name: `${x.edit}: ${shown}` }).click()
  const edit = editForm(page, 'nameDe')
  await expect(edit.getByRole('textbox', { name: x.key })).toHaveCount(0)
  await expect(edit.getByText(key, { exact: true })).toBeVisible()
  await edit.getByRole('textbox', { name: x.amber }).fill('14')
  await edit.getByLabel(x.active).uncheck()
  await edit.getByRole('button', { name: x.save }).click()
  await expect(page.getByTestId('toast')).toHaveText(x.saved)
  const changed = page.getByRole('row').filter({ hasText: shown })
  await expect(changed).toContainText(x.bounds('14', '15'))
  await expect(changed).toContainText(x.inactive)
}

const fresh = (projectName: string) => `e2e${projectName}${crypto.randomBytes(3).toString('hex')}`

test('the operator adds a KRI to the catalogue, edits and deactivates it in German', async ({ page, signIn }, testInfo) => {
  test.setTimeout(60_000)
  const key = fresh(testInfo.project.name)
  await signIn('sadmin')
  const names = { de: `Kennzahl ${key}`, fr: `Indicateur ${key}`, en: `Indicator ${key}` }
  await journey(page, GERMAN, key, names, names.de)
})

test('the operator adds a KRI to the catalogue, edits and deactivates it in French', async ({ page, signIn }, testInfo) => {
  test.setTimeout(60_000)
  const key = fresh(testInfo.project.name)
  await signIn(await insertSuperAdmin({ language: 'fr', firstName: 'Odile', lastName: 'Muster' }))
  const names = { de: `Kennzahl ${key}`, fr: `Indicateur ${key}`, en: `Indicator ${key}` }
  await journey(page, FRENCH, key, names, names.fr)
})

test('the KRI catalogue and its form have no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  test.setTimeout(60_000)
  await signIn('sadmin')
  for (const path of ['/app/sadmin/kris', '/app/sadmin/kris/new']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`)
    expect(serious, path).toEqual([])
  }
})
