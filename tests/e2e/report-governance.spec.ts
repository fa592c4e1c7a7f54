import AxeBuilder from '@axe-core/playwright'
import { formatDate, todayInZurich } from '../../models/core/dates.ts'
import { customerNamed, decisionFactory, findingFactory, providerFactory } from '../factories/index.ts'
import { expect, insertCustomerWithUser, test } from './fixtures.ts'

/*
 * Providers, findings and the council's decisions in the year-end report (issue 28): an admin of a fund of
 * the test's own freezes the snapshot of 31.12.2025 and finds the providers by criticality (one keeping
 * data abroad under standard clauses, one with its assurance report overdue), the escalated finding and the
 * decisions of the year; records the council's approval on a decision (recorded with it in German, chosen
 * from the register in French); and sees the dashboard's tiles, which open the lists filtered. German and
 * French, with and without JavaScript.
 */

const today = todayInZurich()
const DATE = '2025-12-31'

const texts = {
  de: {
    nav: 'Jahresabschluss',
    date: 'Stichtag',
    freeze: 'Jahresabschluss einfrieren',
    detail: `Jahresabschluss per ${formatDate(DATE)}`,
    providers: 'Dienstleister nach Kritikalität',
    findings: 'Offene Feststellungen',
    decisions: 'Beschlüsse des Stiftungsrats im Berichtsjahr',
    safeguard: 'Standardvertragsklauseln',
    overdue: 'Überfällig',
    escalated: 'Eskaliert',
    approvedOn: 'Genehmigt am',
    reference: 'Referenz (Protokoll, Traktandum)',
    names: 'Namen',
    record: 'Genehmigung erfassen',
    recorded: `Vom Stiftungsrat genehmigt am ${formatDate(today)}: Anna Muster, Beat Beispiel`,
    compare: 'Risikoinventar: verändert seit 31.12.2025',
    openFindings: 'Offene Feststellungen',
    escalatedTile: '1 Feststellung eskaliert (Frist überschritten)',
    overdueTile: '1 Dienstleister mit überfälligem Prüfbericht',
  },
  fr: {
    nav: 'Clôture annuelle',
    date: 'Date de référence',
    freeze: 'Figer la clôture annuelle',
    detail: `Clôture annuelle au ${formatDate(DATE)}`,
    providers: 'Prestataires par criticité',
    findings: 'Constatations ouvertes',
    decisions: 'Décisions du conseil de fondation de l’exercice',
    safeguard: 'Clauses contractuelles types',
    overdue: 'En retard',
    escalated: 'Escaladée',
    choose: 'Décision saisie',
    chooseSubmit: 'Enregistrer l’approbation avec cette décision',
    recorded: `Approuvé par le conseil de fondation le ${formatDate(today)}\u00a0: Conseil de fondation in corpore`,
    compare: 'Inventaire des risques\u00a0: modifié depuis le 31.12.2025',
    openFindings: 'Constatations ouvertes',
    escalatedTile: '1 constatation escaladée (délai dépassé)',
    overdueTile: '1 prestataire avec un rapport de contrôle en retard',
  },
} as const

for (const language of ['de', 'fr'] as const) {
  test(`the year-end report shows providers, findings and decisions, its approval rests on a decision, the dashboard shows the tiles (${language})`, async ({
    page,
    signIn,
    noJs,
  }) => {
    test.setTimeout(90_000)
    const admin = await insertCustomerWithUser({ role: 'admin', language })
    const fund = await customerNamed(admin.customer)
    await providerFactory({
      customer: fund,
      attributes: { name: 'Cloud Ausland AG', criticality: 'high', dataCountries: ['CH', 'US'], abroadSafeguard: 'standardClauses', contractEnd: '2028-06-30' },
    })
    // Its report of the year was due at the end of January and was never reviewed: overdue then and now.
    await providerFactory({
      customer: fund,
      attributes: { name: 'Verwaltung Overdue AG', service: 'administration', criticality: 'medium', assuranceRequired: true, assuranceDueMonth: 1 },
    })
    await findingFactory({
      customer: fund,
      attributes: { title: 'Management Letter: Zugriffsrechte', source: 'auditor', severity: 'high', issuedOn: '2025-04-15', deadline: '2025-09-30' },
    })
    await decisionFactory({
      customer: fund,
      attributes: { subject: 'riskPolicy', decidedOn: '2025-05-20', reference: 'SR-Protokoll 2025/2, Traktandum 4', title: 'Risikopolitik 2025 genehmigt' },
    })
    const x = texts[language]
    const chosen =
      language === 'fr'
        ? await decisionFactory({
            customer: fund,
            attributes: {
              subject: 'annualReport',
              decidedOn: today,
              reference: 'PV CF 2026/1, point 3',
              title: 'Approbation du rapport annuel',
              decidedBy: 'Conseil de fondation in corpore',
            },
          })
        : null

    await signIn(admin)
    await page.getByRole('navigation').first().getByRole('link', { name: x.nav }).click()
    await page.getByTestId('freeze-form').getByLabel(x.date).fill(DATE)
    await page.getByTestId('freeze-form').getByRole('button', { name: x.freeze }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.detail)

    // The three sections as frozen.
    await expect(page.getByRole('heading', { name: x.providers })).toBeVisible()
    const providers = page.getByTestId('report-providers')
    await expect(providers.getByRole('row').nth(1)).toContainText('Cloud Ausland AG')
    await expect(providers.getByRole('row').filter({ hasText: 'Cloud Ausland AG' })).toContainText(`CH, US (${x.safeguard})`)
    await expect(providers.getByRole('row').filter({ hasText: 'Verwaltung Overdue AG' })).toContainText(x.overdue)
    await expect(page.getByRole('heading', { name: x.findings })).toBeVisible()
    const finding = page.getByTestId('report-findings').getByRole('row').filter({ hasText: 'Management Letter: Zugriffsrechte' })
    await expect(finding).toContainText('30.09.2025')
    await expect(finding).toContainText(x.escalated)
    await expect(page.getByRole('heading', { name: x.decisions })).toBeVisible()
    await expect(page.getByTestId('report-decisions')).toContainText('Risikopolitik 2025 genehmigt')
    await expect(page.getByTestId('report-decisions')).toContainText('SR-Protokoll 2025/2, Traktandum 4')

    // The sections and both approval forms (the select of decisions in French) without serious accessibility violations.
    if (!noJs) {
      const results = await new AxeBuilder({ page }).analyze()
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
    }

    // The council's approval on a decision of the register.
    if (language === 'de') {
      const x = texts.de
      const form = page.getByTestId('approval-form')
      await form.getByLabel(x.approvedOn).fill(today)
      await form.getByLabel(x.reference).fill('SR-Protokoll 2026/1, Traktandum 3')
      await form.getByLabel(x.names).fill('Anna Muster, Beat Beispiel')
      await form.getByRole('button', { name: x.record }).click()
      await expect(page.getByTestId('approval')).toContainText(x.recorded)
      await expect(page.getByTestId('approval-decision')).toContainText('SR-Protokoll 2026/1, Traktandum 3')
    } else {
      const x = texts.fr
      const form = page.getByTestId('approval-choose')
      await form.getByLabel(x.choose).selectOption(chosen!.id)
      await form.getByRole('button', { name: x.chooseSubmit }).click()
      await expect(page.getByTestId('approval')).toContainText(x.recorded)
      await expect(page.getByTestId('approval-decision')).toContainText('PV CF 2026/1, point 3')
    }
    await expect(page.getByTestId('approval-decision')).toHaveAttribute('href', /\/app\/decisions\/[0-9a-f-]{36}$/)

    // The comparison with today: the counts at the date beside today's.
    await page.getByRole('link', { name: x.compare }).click()
    const compared = page.getByTestId('compare-governance')
    await expect(compared.getByRole('row').filter({ hasText: x.openFindings })).toContainText('1')
    await expect(compared.getByRole('row').nth(1)).toContainText(/2\s*2/)

    // The dashboard: the escalated finding and the overdue assurance, each opening its list filtered.
    await page.goto('/app')
    const tiles = page.getByTestId('dashboard-governance')
    await expect(tiles).toBeVisible()
    await expect(tiles.getByRole('link', { name: x.overdueTile })).toHaveAttribute('href', '/app/providers?assurance=overdue')
    await tiles.getByRole('link', { name: x.escalatedTile }).click()
    await page.waitForURL(/\/app\/findings\?state=escalated$/)
  })
}
