import AxeBuilder from '@axe-core/playwright'
import { addDays, formatDate } from '../../models/core/dates.ts'
import { customerNamed } from '../factories/index.ts'
import { kriRows } from '../kri-rows.ts'
import { database, expect, insertUser, signOut, test } from './fixtures.ts'

/*
 * KRI values imported through the import with its preview, then seen in the year-end report (issue 27):
 * an RM writer of Pensionskasse Alpha uploads a CSV of values (one new, one changed, one unchanged), reads
 * the preview and confirms; an admin freezes a snapshot and finds the section "Risikoappetit und
 * Kennzahlen (KRI)" with the figure judged by its thresholds. German with JavaScript, French without
 * (and with): each run has a KRI of its own (the demo's KRIs are the seed's) and a reporting date of its own.
 */

const ALPHA = 'Pensionskasse Alpha'

const texts = {
  de: {
    title: 'Werte der Kennzahlen importieren',
    header: ['Kennzahl', 'Stichtag', 'Wert', 'Kommentar'],
    upload: 'Hochladen und prüfen',
    counts: '3 Zeilen: 1 neu, 1 zu aktualisieren, 1 unverändert, 0 mit Fehlern',
    change: 'Wert: 104 → 104.6',
    confirm: 'Import bestätigen',
    nav: 'Jahresabschluss',
    date: 'Stichtag',
    freeze: 'Jahresabschluss einfrieren',
    detail: (date: string) => `Jahresabschluss per ${date}`,
    section: 'Risikoappetit und Kennzahlen (KRI)',
    red: 'Ausserhalb Appetit',
  },
  fr: {
    title: 'Importer les valeurs des indicateurs',
    header: ['Indicateur', 'Date de référence', 'Valeur', 'Commentaire'],
    upload: 'Charger et vérifier',
    counts: '1 à mettre à jour, 1 inchangées, 0 avec erreurs',
    change: 'Valeur\u00a0: 104 → 104.6',
    confirm: 'Confirmer l’importation',
    nav: 'Clôture annuelle',
    date: 'Date de référence',
    freeze: 'Figer la clôture annuelle',
    detail: (date: string) => `Clôture annuelle au ${date}`,
    section: 'Appétence au risque et indicateurs (KRI)',
    red: 'Hors appétence',
  },
} as const

const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.map((c) => `"${c}"`).join(';')).join('\r\n')}\r\n`, 'utf8')

for (const [index, language] of (['de', 'fr'] as const).entries()) {
  const x = texts[language]
  test(`KRI values imported with preview and confirmed, then shown in the year-end report (${language})`, {
    tag: language === 'de' ? '@js-only' : [],
  }, async ({ page, signIn, noJs }) => {
    test.setTimeout(90_000)
    const fund = await customerNamed(ALPHA)
    const name = `E2E Deckungsgrad ${language}${noJs ? ' ohne JS' : ''} ${Date.now().toString(36)}`
    const kri = await kriRows({
      customerId: fund.id,
      names: { de: name, fr: name, en: name },
      thresholds: [{ validFrom: '2020-01-01', amber: '105', red: '100' }],
      values: [
        { periodEnd: '2024-06-30', value: '104', comment: 'Halbjahr' },
        { periodEnd: '2024-03-31', value: '106', comment: '' },
      ],
    })
    // A reporting date of this run's own (one snapshot per date and fund), after the imported value.
    const reportingDate = addDays('2024-12-30', -(index * 2 + (noJs ? 1 : 0)))

    // Alpha's RM writer (the demo one in German, one of the test's own in French) imports the values.
    await signIn(language === 'de' ? 'writer' : await insertUser({ customer: ALPHA, role: 'write', language: 'fr' }))
    await page.goto('/app/risk/kri/import')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.title)
    await page.locator('input[type="file"]').setInputFiles({
      name: 'werte.csv',
      mimeType: 'text/csv',
      buffer: csv([
        [...x.header],
        // By name, Swiss figure: new, outside the appetite.
        [name, '30.09.2024', '98,7', 'Q3'],
        // By key, ISO date: changed.
        [kri.key, '2024-06-30', '104,6', 'Halbjahr'],
        // Unchanged.
        [name, '31.03.2024', '106.00', ''],
      ]),
    })
    await page.getByRole('button', { name: x.upload }).click()
    await expect(page.getByTestId('import-counts')).toContainText(x.counts)
    await expect(page.getByTestId('import-preview')).toContainText(x.change)
    await expect(page.getByTestId('import-preview').getByRole('row').filter({ hasText: '30.09.2024' })).toContainText(name)
    // Nothing is written before the confirmation.
    const stored = async () =>
      (
        await database().query<{ period_end: string; value: string; source: string }>(
          `select period_end::text as period_end, value::text as value, source::text as source from kri_values where kri_id = $1 order by period_end`,
          [kri.id],
        )
      ).rows.map((r) => `${r.period_end} ${Number(r.value)} ${r.source}`)
    expect(await stored()).toEqual(['2024-03-31 106 manual', '2024-06-30 104 manual'])
    await page.getByRole('button', { name: x.confirm }).click()
    await page.waitForURL(/\/app\/risk\/kri$/)
    await expect.poll(stored).toEqual(['2024-03-31 106 manual', '2024-06-30 104.6 import', '2024-09-30 98.7 import'])

    // An admin of Alpha freezes the year-end snapshot and reads the KRI section.
    await signOut(page)
    await signIn(language === 'de' ? 'admin' : await insertUser({ customer: ALPHA, role: 'admin', language: 'fr' }))
    // The demo admin works for two funds: chooses Alpha first.
    if (language === 'de') await page.getByRole('button', { name: `Auswählen: ${ALPHA}` }).click()
    await page.getByRole('navigation').first().getByRole('link', { name: x.nav }).click()
    await page.getByTestId('freeze-form').getByLabel(x.date).fill(reportingDate)
    await page.getByTestId('freeze-form').getByRole('button', { name: x.freeze }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.detail(formatDate(reportingDate)))
    const section = page.getByTestId('report-kri')
    await expect(page.getByRole('heading', { name: x.section })).toBeVisible()
    const row = section.getByTestId('report-kri-values').getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('30.09.2024')
    await expect(row).toContainText('98.7 %')
    await expect(row).toContainText(x.red)
    if (!noJs) {
      const results = await new AxeBuilder({ page }).analyze()
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
    }
  })
}
