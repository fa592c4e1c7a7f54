import type { Page } from '@playwright/test'
import { todayInZurich } from '../../models/core/dates.ts'
import { customerFactory, memberFactory, processFactory, tag } from '../factories/index.ts'
import { providerFactory } from '../factories/governance.ts'
import { expect, signOut, test } from './fixtures.ts'

/*
 * A provider's yearly assurance (issue 28), with JavaScript on and off, in German and in French: plan this
 * year's review from the provider's page (refused in the user's words without an oversight process), record
 * it with the ISAE 3402 report as evidence as the performer, sign it as a second person, and see the
 * provider's assurance read "current".
 */

const PASSWORD = 'E2e-Passwort-1'
/** A small PDF as the provider sends one: its signature, then content. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('ISAE 3402 Typ II Bericht 2025/2026\n'.repeat(200)), Buffer.from('%%EOF\n')])

const WORDS = {
  de: {
    plan: 'Prüfung dieses Jahres planen',
    due: 'Fällig',
    current: 'Aktuell',
    reviewOf: 'Assurance-Prüfung von',
    noProcess: 'Wählen Sie beim Dienstleister zuerst den IKS-Prozess',
    back: 'Zurück zum Dienstleister',
    performedOn: 'Durchgeführt am',
    result: 'Ergebnis',
    effective: 'Wirksam',
    steps: 'Durchgeführte Prüfschritte',
    submit: 'Zur Prüfung einreichen',
    approve: 'Freigeben',
    approved: 'Freigegeben',
    saved: 'Die Daten wurden gespeichert',
    choose: 'Dateien wählen',
    upload: 'Hochladen',
  },
  fr: {
    plan: 'Planifier l’examen de cette année',
    due: 'Échu',
    current: 'À jour',
    reviewOf: 'Examen de l’assurance de',
    noProcess: 'Choisissez d’abord, sur le prestataire, le processus SCI',
    back: 'Retour au prestataire',
    performedOn: 'Exécutée le',
    result: 'Résultat',
    effective: 'Efficace',
    steps: 'Étapes de contrôle effectuées',
    submit: 'Soumettre pour revue',
    approve: 'Approuver',
    approved: 'Approuvée',
    saved: 'Les données ont été enregistrées',
    choose: 'Choisir des fichiers',
    upload: 'Téléverser',
  },
} as const

type Language = keyof typeof WORDS

/** A fund of its own in the language: the provider's owner who performs, a reviewer, the oversight process, two providers. */
async function setUp(language: Language) {
  const customer = await customerFactory({ traits: [language === 'fr' ? 'french' : 'german'] })
  const person = async (firstName: string, lastName: string) => {
    const m = await memberFactory({
      customer,
      traits: ['ics-write', 'signed-out', language === 'fr' ? 'french' : 'german'],
      attributes: { user: { email: `e2e-assurance-${tag(5)}@example.test`, firstName, lastName } },
      password: PASSWORD,
    })
    return { id: m.user.id, email: m.user.email, password: PASSWORD }
  }
  const performer = await person('Petra', 'Pfister')
  const reviewer = await person('Rolf', 'Revisor')
  const process = await processFactory({
    customer,
    owner: { id: reviewer.id },
    attributes: { title: `Überwachung der Dienstleister ${tag()}`, reviewerUserId: reviewer.id },
  })
  const assured = { assuranceRequired: true, assuranceDueMonth: 12, ownerUserId: performer.id }
  const provider = await providerFactory({ customer, attributes: { ...assured, name: `Complementa ${tag(4)}`, assuranceProcessId: process.id } })
  const bare = await providerFactory({ customer, attributes: { ...assured, name: `Swisscanto ${tag(4)}` } })
  return { performer, reviewer, provider, bare }
}

const block = (page: Page) => page.getByTestId('assurance-block')

for (const language of ['de', 'fr'] as const) {
  const w = WORDS[language]

  test(`plan a provider's yearly review, record it with the report, sign it, and see it current (${language})`, async ({ page, signIn }) => {
    test.setTimeout(120_000)
    const { performer, reviewer, provider, bare } = await setUp(language)
    await signIn(performer)

    // Without an oversight process the review cannot be planned: told in the user's words.
    await page.goto(`/app/providers/${bare.id}`)
    await block(page).getByRole('button', { name: w.plan }).click()
    await expect(page.getByTestId('assurance-refused')).toContainText(w.noProcess)
    await page.getByRole('link', { name: w.back }).click()
    await expect(block(page).getByTestId('assurance-state')).toHaveText(w.due)

    // Planned from the provider's page, the review opens as an execution of the oversight control.
    await page.goto(`/app/providers/${provider.id}`)
    await expect(block(page).getByTestId('assurance-state')).toHaveText(w.due)
    await block(page).getByRole('button', { name: w.plan }).click()
    await page.waitForURL(/\/app\/iks\/executions\/[0-9a-f-]{36}$/)
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('execution-provider')).toContainText(`${w.reviewOf} DL-${provider.number} ${provider.name}`)
    const executionUrl = page.url()

    // The report is the evidence; then the performer submits.
    await page.getByTestId('execution-evidence').getByLabel(w.choose).setInputFiles({ name: 'ISAE-3402-Typ-II.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByTestId('execution-evidence').getByRole('button', { name: w.upload }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('evidence-list').getByRole('link', { name: 'ISAE-3402-Typ-II.pdf' })).toBeVisible()
    const form = page.getByTestId('record-form')
    await form.getByLabel(w.performedOn).fill(todayInZurich())
    await form.getByLabel(w.result).selectOption({ label: w.effective })
    await form.getByLabel(w.steps).fill('Prüfungsurteil ohne Einschränkung, CUEC abgeglichen')
    await form.getByRole('button', { name: w.submit }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('execution-record')).toContainText('CUEC')
    // The performer does not sign.
    await expect(page.getByTestId('review-form')).toHaveCount(0)

    // The second signature.
    await signOut(page)
    await signIn(reviewer)
    await page.goto(executionUrl)
    await page.getByTestId('review-form').getByRole('button', { name: w.approve }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(w.approved)

    // The provider's assurance reads current, with its review and the day it was signed.
    await page.getByTestId('execution-provider').getByRole('link').click()
    await page.waitForURL(new RegExp(`/app/providers/${provider.id}$`))
    await expect(block(page).getByTestId('assurance-state')).toHaveText(w.current)
    await expect(block(page).getByTestId('assurance-execution')).toHaveText(/^KD-\d+$/)
    await expect(block(page).getByRole('button', { name: w.plan })).toHaveCount(0)
  })
}
