import crypto from 'node:crypto'
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { database, expect, insertCustomerWithUser, test } from './fixtures.ts'
import { inflatedPdf, pdfText } from '../pdf-text.ts'

/*
 * The record of processing activities (Art. 12 DSG), with JavaScript on and off, in German and
 * French: a template of the catalogue copied into the fund's record, edited (a disclosure abroad
 * refused until its countries and safeguard are given, the input kept), exported as a PDF; axe on
 * the list and the form.
 */

const TEXTS = {
  de: {
    template: 'Wohneigentumsförderung',
    copy: 'Ausgewählte übernehmen',
    edit: 'Bearbeiten',
    purpose: 'Bearbeitungszweck',
    category: 'Kategorie 3',
    sixth: 'Kategorie 6',
    addRow: 'Weitere Zeile',
    abroad: 'Bekanntgabe ins Ausland',
    countries: 'Staaten',
    safeguard: 'Garantie',
    save: 'Speichern',
    countriesRequired: 'Bitte die Staaten angeben, in die Daten bekanntgegeben werden.',
    pdf: 'Export PDF',
  },
  fr: {
    template: 'Encouragement à la propriété du logement',
    copy: 'Reprendre la sélection',
    edit: 'Modifier',
    purpose: 'Finalité du traitement',
    category: 'Catégorie 3',
    sixth: 'Catégorie 6',
    addRow: 'Ligne supplémentaire',
    abroad: 'Communication à l’étranger',
    countries: 'États',
    safeguard: 'Garantie',
    save: 'Enregistrer',
    countriesRequired: 'Veuillez indiquer les États vers lesquels les données sont communiquées.',
    pdf: 'Export PDF',
  },
} as const

async function insertTemplate(suffix: string) {
  const key = `e2e-wef-${suffix}`
  await database().query(
    `insert into dsg_templates (position, key, name_de, name_fr, name_en, purpose_de, purpose_fr, purpose_en, data_categories)
     values (990, $1, $2, $3, $4, 'WEF-Vorbezüge prüfen', 'Examiner les retraits EPL', 'Check withdrawals', $5::jsonb)`,
    [
      key,
      `${TEXTS.de.template} ${suffix}`,
      `${TEXTS.fr.template} ${suffix}`,
      `Home ownership ${suffix}`,
      JSON.stringify([
        { de: 'Personalien', fr: 'Données personnelles', en: 'Personal details', sensitive: false },
        { de: 'Grundbuchauszüge', fr: 'Extraits du registre foncier', en: 'Land register extracts', sensitive: false },
      ]),
    ],
  )
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`)
}

for (const language of ['de', 'fr'] as const) {
  test(`${language}: a template copied into the record, edited and exported as a PDF`, async ({ page, signIn, noJs }) => {
    const x = TEXTS[language]
    const suffix = crypto.randomBytes(3).toString('hex')
    await insertTemplate(suffix)
    const user = await insertCustomerWithUser({ role: 'admin', language })
    await signIn(user)

    await page.goto('/app/dsg/processing/catalog')
    await page.getByLabel(`${x.template} ${suffix}`).check()
    await page.getByRole('button', { name: x.copy }).first().click()
    // One template: straight to its activity.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${x.template} ${suffix}`)

    await page.getByRole('link', { name: x.edit, exact: true }).click()
    const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="purpose"]') })
    await expect(form.getByLabel(x.purpose)).toHaveValue(language === 'de' ? 'WEF-Vorbezüge prüfen' : 'Examiner les retraits EPL')
    if (!noJs) expect(await seriousViolations(page)).toEqual([])
    await form.getByLabel(x.purpose).fill(`${language}: ${suffix}`)
    await form.getByLabel(x.category, { exact: true }).fill('IBAN')
    // Another row: in place with JavaScript, by a round trip without; what was typed stays.
    await expect(form.getByLabel(x.sixth, { exact: true })).toHaveCount(0)
    await form.getByRole('button', { name: x.addRow }).click()
    await expect(form.getByLabel(x.sixth, { exact: true })).toBeVisible()
    await expect(form.getByLabel(x.category, { exact: true })).toHaveValue('IBAN')
    await expect(form.getByLabel(x.purpose)).toHaveValue(`${language}: ${suffix}`)
    await form.getByLabel(x.abroad, { exact: true }).check()
    await form.getByRole('button', { name: x.save }).click()
    // Refused: the message at the field, and what was typed is still there.
    await expect(page.getByText(x.countriesRequired)).toBeVisible()
    await expect(form.getByLabel(x.purpose)).toHaveValue(`${language}: ${suffix}`)
    await expect(form.getByLabel(x.category, { exact: true })).toHaveValue('IBAN')
    await form.getByLabel(x.countries, { exact: true }).fill('Deutschland')
    await form.getByLabel(x.safeguard, { exact: true }).selectOption('adequacy')
    await form.getByRole('button', { name: x.save }).click()
    await expect(page.getByTestId('data-categories')).toContainText('IBAN')
    await expect(page.getByText(`${language}: ${suffix}`)).toBeVisible()

    await page.goto('/app/dsg/processing')
    await expect(page.getByRole('row').filter({ hasText: `${x.template} ${suffix}` })).toBeVisible()
    if (!noJs) expect(await seriousViolations(page)).toEqual([])
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: x.pdf }).click()])
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    const file = await download.path()
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })
}

test('the demo fund’s record shows an activity due for review; a reader reads it without changing it', async ({ page, signIn }) => {
  await signIn('reader')
  await page.goto('/app/dsg/processing?due=yes')
  await expect(page.getByRole('row').filter({ hasText: 'Invalidenleistungen' }).getByTestId('review-due')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Vorlagen für Bearbeitungstätigkeiten' })).toHaveCount(0)
  // The filtered list's PDF holds what the list shows and names the filter.
  const link = page.getByRole('link', { name: 'Export PDF' })
  await expect(link).toHaveAttribute('href', '/app/dsg/processing/export.pdf?due=yes')
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const text = pdfText(inflatedPdf(fs.readFileSync(await download.path()))).replaceAll('\n', ' ')
  expect(text).toContain('Invalidenleistungen')
  expect(text).toContain('Auszug nach dem Filter der Liste: Nur fällige')
  await page.getByRole('link', { name: 'Invalidenleistungen' }).click()
  await expect(page.getByRole('button', { name: 'Als überprüft markieren' })).toHaveCount(0)
})
