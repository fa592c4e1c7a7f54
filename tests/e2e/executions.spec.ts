import type { Page } from '@playwright/test'
import { todayInZurich } from '../../models/core/dates.ts'
import { customerFactory, memberFactory, processFactory, tag } from '../factories/index.ts'
import { expect, signOut, test } from './fixtures.ts'

/*
 * Control executions (issue 25), with JavaScript on and off, in German and in French: plan a control on
 * its process's step "Execution", record an execution and submit it, be refused as the performer,
 * approve it as the reviewer, and a deficient result opening its measure.
 */

const PASSWORD = 'E2e-Passwort-1'
/** A small PDF as a scanner writes one: its signature, then content. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('Kontrollprotokoll Zahlungsverkehr Q1\n'.repeat(200)), Buffer.from('%%EOF\n')])

const WORDS = {
  de: {
    frequency: 'Rhythmus',
    quarterly: 'Quartalsweise',
    reviewer: 'Prüferin/Prüfer',
    savePlan: 'Planung speichern',
    performedOn: 'Durchgeführt am',
    result: 'Ergebnis',
    effective: 'Wirksam',
    deficient: 'Mangelhaft',
    steps: 'Durchgeführte Prüfschritte',
    observation: 'Feststellungen',
    population: 'Grundgesamtheit',
    sample: 'Stichprobengrösse',
    items: 'Gezogene Stichproben',
    submit: 'Zur Prüfung einreichen',
    submitted: 'Eingereicht',
    approve: 'Freigeben',
    approved: 'Freigegeben',
    saved: 'Die Daten wurden gespeichert',
    tooLarge: 'Die Stichprobe darf nicht grösser als die Grundgesamtheit sein.',
    reviewerIsPerformer: 'Die Prüferin oder der Prüfer darf nicht die durchführende Person sein.',
    choose: 'Dateien wählen',
    upload: 'Hochladen',
    wrongType: 'Dieser Dateityp ist nicht erlaubt',
  },
  fr: {
    frequency: 'Fréquence',
    quarterly: 'Trimestrielle',
    reviewer: 'Réviseur·e',
    savePlan: 'Enregistrer la planification',
    performedOn: 'Exécutée le',
    result: 'Résultat',
    effective: 'Efficace',
    deficient: 'Lacunaire',
    steps: 'Étapes de contrôle effectuées',
    observation: 'Constatations',
    population: 'Population',
    sample: "Taille de l'échantillon",
    items: "Éléments de l'échantillon",
    submit: 'Soumettre pour revue',
    submitted: 'Soumise',
    approve: 'Approuver',
    approved: 'Approuvée',
    saved: 'Les données ont été enregistrées',
    tooLarge: "L'échantillon ne peut pas dépasser la population.",
    reviewerIsPerformer: 'Le réviseur ou la réviseuse ne peut pas être la personne qui exécute.',
    choose: 'Choisir des fichiers',
    upload: 'Téléverser',
    wrongType: 'Ce type de fichier n’est pas autorisé',
  },
} as const

type Language = keyof typeof WORDS

/** A fund of its own in the language, the process owner who performs, a reviewer, and one process. */
async function setUp(language: Language) {
  const customer = await customerFactory({ traits: [language === 'fr' ? 'french' : 'german'] })
  const person = async (firstName: string, lastName: string) => {
    const m = await memberFactory({
      customer,
      traits: ['ics-write', 'signed-out', language === 'fr' ? 'french' : 'german'],
      attributes: { user: { email: `e2e-exec-${tag(5)}@example.test`, firstName, lastName } },
      password: PASSWORD,
    })
    return { id: m.user.id, email: m.user.email, password: PASSWORD }
  }
  const performer = await person('Petra', 'Pfister')
  const reviewer = await person('Rolf', 'Revisor')
  const process = await processFactory({ customer, owner: { id: performer.id }, attributes: { title: `Zahlungsfreigabe ${tag()}` } })
  return { performer, reviewer, process }
}

/** The form on the page that holds a field of this name. */
const formWith = (page: Page, field: string) => page.locator('form[method="post"]').filter({ has: page.locator(`[name="${field}"]`) })

for (const language of ['de', 'fr'] as const) {
  const w = WORDS[language]

  test(`plan a control, record and submit an execution, refused as the performer, approved by the reviewer (${language})`, async ({ page, signIn }) => {
    test.setTimeout(120_000)
    const { performer, reviewer, process } = await setUp(language)
    const year = todayInZurich().slice(0, 4)
    await signIn(performer)

    // The plan, on the process's step "Execution": the reviewer may not be the performer.
    await page.goto(`/app/iks/${process.id}?step=execution`)
    const plan = formWith(page, 'frequency')
    await plan.getByLabel(w.frequency).selectOption({ label: w.quarterly })
    await plan.getByLabel(w.reviewer).selectOption({ label: 'Petra Pfister' })
    await plan.getByRole('button', { name: w.savePlan }).click()
    await expect(page.getByText(w.reviewerIsPerformer)).toBeVisible()
    await formWith(page, 'frequency').getByLabel(w.frequency).selectOption({ label: w.quarterly })
    await formWith(page, 'frequency').getByLabel(w.reviewer).selectOption({ label: 'Rolf Revisor' })
    await formWith(page, 'frequency').getByRole('button', { name: w.savePlan }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    const planned = page.getByTestId('process-executions')
    await expect(planned.getByRole('row').filter({ hasText: `${year}-Q1` })).toHaveCount(1)
    await expect(planned.getByRole('row').filter({ hasText: `${year}-Q4` })).toHaveCount(1)

    // Record Q1: a sample larger than the population is refused in the user's words, then submitted.
    await planned
      .getByRole('row')
      .filter({ hasText: `${year}-Q1` })
      .getByRole('link')
      .click()
    // The process's page carries its number in its heading too: wait for the execution's address itself.
    await page.waitForURL(/\/app\/iks\/executions\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(process.idkey)
    const executionUrl = page.url()

    // The evidence: a program is refused in the user's words and nothing is listed; a PDF is kept.
    const evidence = page.getByTestId('execution-evidence')
    await evidence.getByLabel(w.choose).setInputFiles({ name: 'tool.exe', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00') })
    await evidence.getByRole('button', { name: w.upload }).click()
    await expect(page.getByTestId('evidence-error')).toContainText(w.wrongType)
    await expect(page.getByTestId('evidence-list')).toHaveCount(0)
    await page.getByTestId('execution-evidence').getByLabel(w.choose).setInputFiles({ name: 'Abstimmung Q1.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByTestId('execution-evidence').getByRole('button', { name: w.upload }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('evidence-list').getByRole('link', { name: 'Abstimmung Q1.pdf' })).toBeVisible()

    const form = formWith(page, 'performedOn')
    await form.getByLabel(w.performedOn).fill(todayInZurich())
    await form.getByLabel(w.result).selectOption({ label: w.effective })
    await form.getByLabel(w.steps).fill('Zahlungen mit den Belegen abgeglichen')
    await form.getByLabel(w.population).fill('120')
    await form.getByLabel(w.sample).fill('500')
    await form.getByLabel(w.items).fill('Zahlung 4711\nZahlung 4712')
    await form.getByRole('button', { name: w.submit }).click()
    await expect(page.getByText(w.tooLarge)).toBeVisible()
    await formWith(page, 'performedOn').getByLabel(w.sample).fill('12')
    await formWith(page, 'performedOn').getByRole('button', { name: w.submit }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('execution-record')).toContainText('Zahlung 4712')
    await expect(page.getByRole('button', { name: w.approve })).toHaveCount(0)

    // The performer is refused by the server, not only by the page: the sign-off posted by hand is a 403
    // (the right is checked before the version, so any version gets the same answer).
    const refused = await page.request.post(executionUrl, { form: { intent: 'approve', version: '1' }, headers: { Origin: new URL(executionUrl).origin } })
    expect(refused.status()).toBe(403)

    await signOut(page)
    await signIn(reviewer)
    await page.goto(executionUrl)
    await expect(page.getByText(w.submitted).first()).toBeVisible()
    await page.getByTestId('review-form').getByRole('button', { name: w.approve }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('execution-review')).toContainText('Rolf Revisor')
    await expect(page.getByText(w.approved).first()).toBeVisible()
    await expect(page.getByTestId('review-form')).toHaveCount(0)

    // The reviewer downloads the evidence: an attachment, never shown inline, byte for byte.
    const href = await page.getByTestId('evidence-list').getByRole('link', { name: 'Abstimmung Q1.pdf' }).getAttribute('href')
    const file = await page.request.get(new URL(href ?? '', executionUrl).toString())
    expect(file.status()).toBe(200)
    expect(file.headers()['content-disposition']).toBe('attachment; filename="Abstimmung Q1.pdf"')
    expect(file.headers()['x-content-type-options']).toBe('nosniff')
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true)
    // Signed, the evidence can no longer be changed: the page offers no upload any more.
    await expect(page.getByTestId('evidence-upload')).toHaveCount(0)
  })

  test(`a deficient result opens its ICS measure (${language})`, async ({ page, signIn }) => {
    test.setTimeout(90_000)
    const { performer, process } = await setUp(language)
    const year = todayInZurich().slice(0, 4)
    await signIn(performer)
    await page.goto(`/app/iks/${process.id}?step=execution`)
    const plan = formWith(page, 'frequency')
    await plan.getByLabel(w.frequency).selectOption({ label: w.quarterly })
    await plan.getByLabel(w.reviewer).selectOption({ label: 'Rolf Revisor' })
    await plan.getByRole('button', { name: w.savePlan }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await page
      .getByTestId('process-executions')
      .getByRole('row')
      .filter({ hasText: `${year}-Q2` })
      .getByRole('link')
      .click()
    const form = formWith(page, 'performedOn')
    await form.getByLabel(w.performedOn).fill(todayInZurich())
    await form.getByLabel(w.result).selectOption({ label: w.deficient })
    await form.getByLabel(w.observation).fill('Zwei Zahlungen ohne zweites Visum')
    await form.getByRole('button', { name: w.submit }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    const measure = page.getByTestId('execution-measure').getByRole('link')
    await expect(measure).toContainText(process.idkey)
    await measure.click()
    await expect(page.getByText('Zwei Zahlungen ohne zweites Visum')).toBeVisible()
  })
}
