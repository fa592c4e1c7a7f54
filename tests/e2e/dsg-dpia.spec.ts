import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { database, expect, insertCustomerWithUser, test } from './fixtures.ts'

/** A processing activity of the fund's record, as the record's pages would have added it. */
async function insertActivity(customer: string, name: string) {
  const { rows } = await database().query<{ id: string }>(
    `insert into dsg_activities (customer_id, idkey, name, state, sensitive)
     select id, (select coalesce(max(idkey), 0) + 1 from dsg_activities a where a.customer_id = customers.id), $2, 'active', true
     from customers where name = $1 returning id`,
    [customer, name],
  )
  return rows[0].id
}

const TEXTS = {
  de: {
    screen: 'Prüfen',
    criterion: 'Umfangreiche Bearbeitung besonders schützenswerter Personendaten',
    saveScreening: 'Vorprüfung speichern',
    required: 'Folgenabschätzung erforderlich',
    incomplete: 'Die Folgenabschätzung ist noch nicht vollständig',
    approve: 'Genehmigen',
    description: 'Beschreibung der geplanten Bearbeitung',
    saveAssessment: 'Folgenabschätzung speichern',
    risk: 'Risiko für die Persönlichkeit oder die Grundrechte',
    addRisk: 'Risiko hinzufügen',
    approver: 'Genehmigt durch',
    approved: 'Genehmigt durch Erika Muster',
    state: 'genehmigt',
    text: 'Beurteilung von Arztberichten für Invalidenleistungen',
    riskText: 'Gesundheitsdaten gelangen an Unbefugte',
  },
  fr: {
    screen: 'Examiner',
    criterion: 'Traitement à grande échelle de données sensibles',
    saveScreening: 'Enregistrer l’examen préalable',
    required: 'Analyse d’impact requise',
    incomplete: 'L’analyse d’impact n’est pas encore complète',
    approve: 'Approuver',
    description: 'Description du traitement envisagé',
    saveAssessment: 'Enregistrer l’analyse d’impact',
    risk: 'Risque pour la personnalité ou les droits fondamentaux',
    addRisk: 'Ajouter le risque',
    approver: 'Approuvée par',
    approved: 'Approuvée par Erika Muster',
    state: 'approuvée',
    text: 'Examen des rapports médicaux pour les prestations d’invalidité',
    riskText: 'Des données de santé parviennent à des personnes non autorisées',
  },
} as const

async function screenRequired(page: Page, x: (typeof TEXTS)[keyof typeof TEXTS], name: string) {
  await page.goto('/app/dsg/dpia?state=unscreened')
  await page.getByRole('link', { name: `${x.screen}: ${name}` }).click()
  await expect(page).toHaveURL(/\/app\/dsg\/dpia\/new\?activity=/)
  await page.getByLabel(x.criterion).check()
  await page.getByRole('button', { name: x.saveScreening }).click()
  await expect(page).toHaveURL(/\/app\/dsg\/dpia\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText(x.required, { exact: true })).toBeVisible()
}

for (const language of ['de', 'fr'] as const) {
  test(`a DPIA screened as required, assessed and approved (${language})`, async ({ page, signIn }) => {
    test.setTimeout(60_000)
    const x = TEXTS[language]
    const fund = await insertCustomerWithUser({ role: 'admin', language })
    const name = `${language === 'de' ? 'Invalidenleistungen' : 'Prestations d’invalidité'} ${crypto.randomBytes(3).toString('hex')}`
    await insertActivity(fund.customer, name)
    await signIn(fund)
    await screenRequired(page, x, name)

    // Approving too early is refused, with what is missing.
    const approval = page.locator('form[id^="dpia-approve-"]')
    await approval.getByLabel(x.approver).selectOption({ label: 'Erika Muster' })
    await approval.getByRole('button', { name: x.approve }).click()
    await expect(approval.getByRole('alert')).toContainText(x.incomplete)
    await expect(approval.getByLabel(x.approver)).toHaveValue(/[0-9a-f-]{36}/)

    const assessment = page.locator('form[id^="dpia-assessment-"]')
    const unsaved = await assessment.getAttribute('id')
    await assessment.getByLabel(x.description).fill(x.text)
    await assessment.locator('select[name="residualProbabilityLevelId"]').selectOption({ index: 1 })
    await assessment.locator('select[name="residualSeverityLevelId"]').selectOption({ index: 2 })
    await assessment.getByRole('button', { name: x.saveAssessment }).click()
    // The saved page is back (its forms carry the new version) before the next form is filled.
    await expect(page.locator('form[id^="dpia-assessment-"]')).not.toHaveAttribute('id', unsaved ?? '')
    await expect(page.locator('form[id^="dpia-assessment-"]').getByLabel(x.description)).toHaveValue(x.text)

    const risk = page.locator('form[id^="dpia-risk-new-"]')
    await risk.getByLabel(x.risk).fill(x.riskText)
    await risk.locator('select[name="probabilityLevelId"]').selectOption({ index: 3 })
    await risk.locator('select[name="severityLevelId"]').selectOption({ index: 4 })
    await risk.getByRole('button', { name: x.addRisk }).click()
    await expect(page.getByTestId('dpia-risks').locator('textarea').first()).toHaveValue(x.riskText)

    const approve = page.locator('form[id^="dpia-approve-"]')
    await approve.getByLabel(x.approver).selectOption({ label: 'Erika Muster' })
    await approve.getByRole('button', { name: x.approve }).click()
    await expect(page.getByTestId('dpia-approval')).toContainText(x.approved)
    // Approved: the page warns that a change withdraws the approval, and each form asks to confirm it.
    await expect(page.getByTestId('dpia-approved-warning')).toBeVisible()
    await expect(page.locator('form[id^="dpia-assessment-"] input[name="withdrawApproval"]')).toHaveCount(1)
    // A new screening that finds it not required would drop the approval: that form asks too.
    await expect(page.locator('form[id^="dpia-screen-"] input[name="withdrawApproval"]')).toHaveCount(1)

    await page.goto('/app/dsg/dpia')
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText(x.state)
  })
}

test('the impact assessment screens have no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  // axe runs in the page: the nojs project leaves @js-only tests out (playwright.config.ts).
  test.setTimeout(60_000)
  const fund = await insertCustomerWithUser({ role: 'admin', language: 'de' })
  const name = `Vorsorgeausweise ${crypto.randomBytes(3).toString('hex')}`
  const activity = await insertActivity(fund.customer, name)
  await signIn(fund)
  const serious = async (path: string) => {
    const results = await new AxeBuilder({ page }).analyze()
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${path} ${v.id}: ${v.nodes[0]?.target}`)
  }
  for (const path of ['/app/dsg/dpia', `/app/dsg/dpia/new?activity=${activity}`]) {
    await page.goto(path)
    expect(await serious(path)).toEqual([])
  }
  await screenRequired(page, TEXTS.de, name)
  expect(await serious('detail')).toEqual([])
  await page.goto(`${new URL(page.url()).pathname}/delete`)
  expect(await serious('delete')).toEqual([])
})
