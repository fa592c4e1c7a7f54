import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { addDays, todayInZurich } from '../../models/core/dates.ts'
import { tag } from '../factories/index.ts'
import { database, expect, insertCustomerWithUser, test } from './fixtures.ts'

/*
 * The register of the council's decisions (issue 28), as the admin of a fund of its own: in German with
 * JavaScript on, in French with JavaScript off. The admin records the approval of the risk policy (a
 * future day refused first) and links the fund's document to it; then approves the risk appetite by
 * recording a new decision in the approval form, follows its link "SB-…" to the register and finds it
 * there, with the approval resting on it.
 */

const TEXT = {
  de: {
    future: 'Das Datum des Beschlusses liegt in der Zukunft',
    policy: 'Genehmigung der Risikopolitik',
    appetite: 'Festlegung des Risikoappetits',
    usedBy: 'Genehmigung des Risikoappetits',
    document: 'Risikopolitik (Reglement)',
  },
  fr: {
    future: 'La date de la décision est dans le futur',
    policy: 'Approbation de la politique de risque',
    appetite: 'Fixation de l’appétence au risque',
    usedBy: 'Approbation de l’appétit pour le risque',
    document: 'Politique de risque (règlement)',
  },
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The register's pages as the journey uses them. */
class DecisionsRegister {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/app/decisions')
    await expect(this.page.getByTestId('governance-tab-decisions')).toBeVisible()
  }

  async startNew() {
    await this.page.getByTestId('decision-new').click()
    await expect(this.page.getByTestId('decision-form')).toBeVisible()
  }

  async fill(fields: { subject?: string; decidedOn?: string; reference?: string; title?: string; text?: string; decidedBy?: string }) {
    const form = this.page.getByTestId('decision-form')
    if (fields.subject) await form.locator('[name=subject]').selectOption(fields.subject)
    if (fields.decidedOn) await form.locator('[name=decidedOn]').fill(fields.decidedOn)
    if (fields.reference) await form.locator('[name=reference]').fill(fields.reference)
    if (fields.title) await form.locator('[name=title]').fill(fields.title)
    if (fields.text) await form.locator('[name=text]').fill(fields.text)
    if (fields.decidedBy) await form.locator('[name=decidedBy]').fill(fields.decidedBy)
  }

  async submit() {
    await this.page.getByTestId('decision-form').locator('button[type=submit]').click()
  }

  async linkDocument(name: string) {
    await this.page.getByTestId('decision-link-open').click()
    const form = this.page.getByTestId('decision-link-document')
    await form.locator('[name=documentId]').selectOption({ label: name })
    await form.locator('button[type=submit]').click()
    await expect(this.page.getByTestId('toast')).toBeVisible()
  }

  documents() {
    return this.page.getByTestId('decision-documents')
  }

  uses() {
    return this.page.getByTestId('decision-uses')
  }

  async search(q: string) {
    await this.page.goto(`/app/decisions?q=${encodeURIComponent(q)}`)
    return this.page.getByTestId('decision-row-link')
  }
}

test('the admin records a decision with its document, then approves the risk appetite on a new decision and finds it in the register', async ({
  page,
  signIn,
  noJs,
}) => {
  const lang = noJs ? 'fr' : 'de'
  const t = TEXT[lang]
  const today = todayInZurich()
  const admin = await insertCustomerWithUser({ role: 'admin', language: lang })
  await database().query(`insert into documents (customer_id, category, name, present) values ((select id from customers where name = $1), 'fund', $2, true)`, [
    admin.customer,
    t.document,
  ])
  await signIn(admin)
  const register = new DecisionsRegister(page)

  // The risk policy's approval: a future day refused at its field, the rest kept.
  await register.open()
  if (!noJs) expect(await seriousViolations(page), 'list').toEqual([])
  await register.startNew()
  if (!noJs) expect(await seriousViolations(page), 'form').toEqual([])
  const reference = `SR-${tag(4)}/1`
  await register.fill({ subject: 'riskPolicy', decidedOn: addDays(today, 3), reference, title: t.policy, decidedBy: 'Stiftungsrat' })
  await register.submit()
  await expect(page.getByTestId('decision-form').getByText(t.future)).toBeVisible()
  await expect(page.getByTestId('decision-form').locator('[name=reference]')).toHaveValue(reference)
  await register.fill({ decidedOn: today, text: 'Risikopolitik 2026 genehmigt.' })
  await register.submit()
  await expect(page.getByTestId('toast')).toBeVisible()
  await expect(page.getByTestId('decision-title')).toContainText(t.policy)
  // Its document, one of the fund's.
  await register.linkDocument(t.document)
  await expect(register.documents().getByTestId('decision-document')).toContainText(t.document)
  if (!noJs) expect(await seriousViolations(page), 'detail').toEqual([])

  // The risk appetite approved on a decision recorded in the approval form.
  await page.goto('/app/risk/kri/appetite/approve')
  const approval = page.getByTestId('approval-form')
  if (!noJs) expect(await seriousViolations(page), 'approval form').toEqual([])
  const appetiteRef = `SR-${tag(4)}/2`
  await approval.locator('[name=decidedOn]').fill(today)
  await approval.locator('[name=decisionReference]').fill(appetiteRef)
  await approval.locator('[name=decisionTitle]').fill(t.appetite)
  await approval.locator('[name=decidedBy]').fill('Stiftungsrat')
  await approval.locator('[name=scoreLimit]').fill('10')
  await approval.locator('button[type=submit]').click()
  await expect(page.getByTestId('toast')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/risk\/kri\/appetite$/)
  const link = page.getByTestId('approval-decision').getByTestId('decision-link')
  await expect(link).toHaveText(/^SB-\d+$/)
  const number = (await link.textContent()) ?? ''
  await link.click()

  // The register shows it, with the approval resting on it; its search finds it by number.
  await expect(page.getByTestId('decision-title')).toContainText(t.appetite)
  await expect(register.uses().getByTestId('decision-use')).toContainText(t.usedBy)
  const rows = await register.search(number)
  await expect(rows).toHaveCount(1)
  await expect(rows).toHaveText(number)
  // The policy's decision rests on nothing yet: it could still be deleted.
  const policyRows = await register.search(reference)
  await expect(policyRows).toHaveCount(1)
})
