import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { addDays, formatDate, todayInZurich } from '../../models/core/dates.ts'
import { customerFactory, findingFactory, memberFactory, riskFactory, tag } from '../factories/index.ts'
import { expect, test } from './fixtures.ts'

/*
 * The findings register (issue 28), with JavaScript on and off, in German and French: an admin records a
 * finding with its deadline (a deadline before the day issued refused at its field first), links a risk,
 * takes it on and reports it done with the response; accepts another one by a new decision of the council;
 * and finds an overdue one marked escalated in the list.
 */

const PASSWORD = 'E2e-Passwort-1'

const TEXTS = {
  de: {
    list: 'Feststellungen',
    deadlineBeforeIssued: 'Die Frist liegt vor dem Datum der Feststellung.',
    responseRequired: 'Dies ist ein Pflichtfeld',
    inProgress: 'In Bearbeitung',
    done: 'Erledigt',
    accepted: 'Vom Stiftungsrat akzeptiert',
    escalated: 'Eskaliert',
    title: 'Zahlungen ohne zweite Unterschrift',
    risk: 'Zahlungsverkehr Einzelunterschrift',
  },
  fr: {
    list: 'Constatations',
    deadlineBeforeIssued: 'Le délai est antérieur à la date de la constatation.',
    responseRequired: 'Ce champ est obligatoire',
    inProgress: 'En cours',
    done: 'Réglée',
    accepted: 'Acceptée par le conseil de fondation',
    escalated: 'Escaladée',
    title: 'Paiements sans seconde signature',
    risk: 'Paiements en signature individuelle',
  },
} as const

/** The register's pages as a user works them. */
class FindingsPage {
  constructor(readonly page: Page) {}

  async openList() {
    await this.page.goto('/app/findings')
  }

  async record(f: { source: string; title: string; issuedOn: string; deadline: string; severity: string }) {
    const form = this.page.getByTestId('finding-form')
    await form.locator('[name="source"]').selectOption(f.source)
    await form.locator('[name="title"]').fill(f.title)
    await form.locator('[name="issuedOn"]').fill(f.issuedOn)
    await form.locator('[name="deadline"]').fill(f.deadline)
    await form.locator('[name="severity"]').selectOption(f.severity)
    await form.locator('button[type="submit"]').click()
  }

  async linkRisk(riskId: string) {
    await this.page.getByTestId('finding-link-open').click()
    const form = this.page.getByTestId('finding-link-risk')
    await form.locator('[name="targetId"]').selectOption(riskId)
    await form.locator('button[type="submit"]').click()
  }

  async start() {
    await this.page
      .locator('form')
      .filter({ has: this.page.locator('input[name="intent"][value="start"]') })
      .locator('button[type="submit"]')
      .click()
  }

  async done(doneOn: string, response: string) {
    const form = this.page.getByTestId('finding-done')
    await form.locator('[name="doneOn"]').fill(doneOn)
    await form.locator('[name="response"]').fill(response)
    await form.locator('button[type="submit"]').click()
  }

  async acceptWithNewDecision(d: { decidedOn: string; reference: string; title: string; reason: string }) {
    const form = this.page.getByTestId('finding-accept')
    await form.locator('[name="decisionId"]').selectOption('')
    await form.locator('[name="decidedOn"]').fill(d.decidedOn)
    await form.locator('[name="reference"]').fill(d.reference)
    await form.locator('[name="title"]').fill(d.title)
    await form.locator('[name="response"]').fill(d.reason)
    await form.locator('button[type="submit"]').click()
  }

  state() {
    return this.page.getByTestId('finding-state').first()
  }
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function setUp(language: 'de' | 'fr') {
  const customer = await customerFactory({ traits: [language === 'de' ? 'german' : 'french'] })
  const admin = await memberFactory({
    customer,
    traits: ['admin', 'signed-out', language === 'de' ? 'german' : 'french'],
    attributes: { user: { email: `e2e-findings-${tag(5)}@example.test`, firstName: 'Fritz', lastName: 'Frist' } },
    password: PASSWORD,
  })
  return { customer, who: { email: admin.user.email, password: PASSWORD } }
}

for (const language of ['de', 'fr'] as const) {
  test(`${language}: record a finding with a deadline, link a risk, move it to done; accept another by a new decision`, async ({ page, signIn, noJs }) => {
    test.setTimeout(90_000)
    const text = TEXTS[language]
    const today = todayInZurich()
    const { customer, who } = await setUp(language)
    const risk = await riskFactory({ customer, attributes: { title: `${text.risk} ${tag()}` } })
    const overdue = await findingFactory({
      customer,
      attributes: { title: `Überfällig ${tag()}`, source: 'supervisor', issuedOn: addDays(today, -60), deadline: addDays(today, -3) },
    })
    const toAccept = await findingFactory({ customer, attributes: { title: `Akzeptanz ${tag()}`, issuedOn: addDays(today, -30) } })
    await signIn(who)
    const findings = new FindingsPage(page)

    // The list: the overdue finding is marked escalated.
    await findings.openList()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.list)
    const overdueRow = page.getByRole('row').filter({ hasText: overdue.title })
    await expect(overdueRow.getByTestId('finding-escalated')).toHaveText(text.escalated)
    if (!noJs) expect(await seriousViolations(page), 'list').toEqual([])

    // A new finding: a deadline before the day issued is refused at its field, then recorded.
    await page.goto('/app/findings/new')
    const title = `${text.title} ${tag()}`
    await findings.record({ source: 'auditor', title, issuedOn: addDays(today, -20), deadline: addDays(today, -30), severity: 'high' })
    await expect(page.getByText(text.deadlineBeforeIssued)).toBeVisible()
    await expect(page.getByTestId('finding-form').locator('[name="title"]')).toHaveValue(title)
    if (!noJs) expect(await seriousViolations(page), 'form').toEqual([])
    await findings.record({ source: 'auditor', title, issuedOn: addDays(today, -20), deadline: addDays(today, 40), severity: 'high' })
    await expect(page.getByTestId('toast')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
    await expect(page.getByTestId('finding-facts')).toContainText(formatDate(addDays(today, 40)))

    // A risk linked.
    await findings.linkRisk(risk.id)
    await expect(page.getByTestId('finding-link-row')).toContainText(risk.title)
    if (!noJs) expect(await seriousViolations(page), 'detail').toEqual([])

    // Taken on, then done: the response is required.
    await findings.start()
    await expect(findings.state()).toHaveAttribute('data-state', 'inProgress')
    await expect(findings.state()).toContainText(text.inProgress)
    await findings.done(today, '')
    await expect(page.getByTestId('finding-done').getByText(text.responseRequired)).toBeVisible()
    await findings.done(today, 'Kollektivunterschrift zu zweien im E-Banking eingerichtet.')
    await expect(findings.state()).toHaveAttribute('data-state', 'done')
    await expect(findings.state()).toContainText(text.done)
    await expect(page.getByTestId('finding-facts')).toContainText('Kollektivunterschrift zu zweien')

    // The council accepts another finding by a decision recorded with it.
    await page.goto(`/app/findings/${toAccept.id}`)
    const reference = `SR-Protokoll ${tag()}, Traktandum 4`
    await findings.acceptWithNewDecision({
      decidedOn: addDays(today, -1),
      reference,
      title: 'Akzeptanz der Feststellung',
      reason: 'Unverhältnismässiger Aufwand.',
    })
    await expect(findings.state()).toHaveAttribute('data-state', 'accepted')
    await expect(findings.state()).toContainText(text.accepted)
    await expect(page.getByTestId('finding-decision')).toContainText(reference)

    // The list by state: the done one under done.
    await page.goto(`/app/findings?state=done&q=${encodeURIComponent(title)}`)
    await expect(page.getByTestId('finding-link')).toHaveCount(1)
  })
}
