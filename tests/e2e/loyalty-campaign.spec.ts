import type { Page } from '@playwright/test'
import { todayInZurich } from '../../models/core/dates.ts'
import { customerFactory, memberFactory, tag } from '../factories/index.ts'
import { database, expect, test, waitForMail } from './fixtures.ts'

/*
 * The yearly loyalty campaign (issue 26), with JavaScript on and off, in German and in French: an admin
 * opens the year's campaign (each person asked by mail, a person without an account with a personal
 * link), and records the foundation council's review of the declarations given, with a finding.
 */

const PASSWORD = 'E2e-Passwort-1'

const WORDS = {
  de: {
    noCampaign: 'Keine Erhebung für dieses Jahr',
    open: 'Erhebung eröffnen',
    created: 'Ein neuer Eintrag wurde erstellt',
    saved: 'Die Daten wurden gespeichert',
    exists: 'Für dieses Jahr ist bereits eine Erhebung eröffnet.',
    mailSubject: 'Loyalitätserklärung',
    toReview: 'Prüfung durch den Stiftungsrat erfassen',
    reference: 'Beschluss',
    names: 'Namen der Prüfenden',
    remarkFor: 'Bemerkung zu',
    findingFor: 'Feststellung bei',
    submit: 'Prüfung erfassen',
    referenceMissing: 'Pflichtfeld',
    reviewedState: 'Vom Stiftungsrat geprüft',
  },
  fr: {
    noCampaign: 'Aucune campagne pour cette année',
    open: 'Ouvrir la campagne',
    created: 'Une nouvelle entrée a été créée',
    saved: 'Les données ont été enregistrées',
    exists: 'Une campagne est déjà ouverte pour cette année.',
    mailSubject: 'déclaration de loyauté',
    toReview: 'Saisir le contrôle du conseil de fondation',
    reference: 'Décision',
    names: 'Noms des personnes ayant contrôlé',
    remarkFor: 'Remarque concernant',
    findingFor: 'Constat concernant',
    submit: 'Enregistrer le contrôle',
    referenceMissing: 'obligatoire',
    reviewedState: 'Contrôlée par le conseil de fondation',
  },
} as const

type Language = keyof typeof WORDS

/** A fund of its own in the language, its admin, and two persons subject to the loyalty rules (no account). */
async function setUp(language: Language) {
  const customer = await customerFactory({ traits: [language === 'fr' ? 'french' : 'german'] })
  const admin = await memberFactory({
    customer,
    traits: ['admin', 'signed-out', language === 'fr' ? 'french' : 'german'],
    attributes: { user: { email: `e2e-loyal-${tag(5)}@example.test`, firstName: 'Andrea', lastName: 'Admin' } },
    password: PASSWORD,
  })
  // The persons' register is built elsewhere: its rows are written here directly.
  const person = async (firstName: string, lastName: string) => {
    const email = `e2e-person-${tag(5)}@example.test`
    const { rows } = await database().query<{ id: string }>(
      `insert into loyalty_persons (customer_id, first_name, last_name, function, email, language, from_date)
       values ($1, $2, $3, 'council', $4, $5, '2020-01-01') returning id`,
      [customer.id, firstName, lastName, email, language],
    )
    return { id: rows[0].id, email, name: `${firstName} ${lastName}` }
  }
  const signed = await person('Sandra', `Signiert-${tag(2)}`)
  const late = await person('Lukas', `Spaet-${tag(2)}`)
  return { customer, admin: { email: admin.user.email, password: PASSWORD }, signed, late }
}

/** The person's declaration given (the declaration pages are another journey's): signed through the link. */
async function declare(personId: string) {
  await database().query(
    `update loyalty_declarations set state = 'declared', signed_name = 'Sandra', signed_at = now(), channel = 'link',
       advantages_confirmed = true, own_account_confirmed = true, no_interests = true
     where person_id = $1`,
    [personId],
  )
}

const openForm = (page: Page) => page.getByTestId('loyalty-open-form')

for (const language of ['de', 'fr'] as const) {
  const w = WORDS[language]

  test(`an admin opens the year's campaign and records the council's review (${language})`, async ({ page, signIn }) => {
    test.setTimeout(120_000)
    const { admin, signed, late } = await setUp(language)
    const year = todayInZurich().slice(0, 4)
    await signIn(admin)

    // The area is in the main navigation for its readers.
    await page.getByTestId('nav-loyalty').click()
    await expect(page).toHaveURL(/\/app\/loyalty$/)
    await expect(page.getByRole('heading', { name: w.noCampaign })).toBeVisible()
    // The area's tabs: an admin reads every list of it.
    await expect(page.getByTestId('loyalty-tab-overview')).toHaveAttribute('aria-current', 'page')
    await expect(page.getByTestId('loyalty-tab-persons')).toBeVisible()
    await openForm(page).getByRole('button', { name: w.open }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.created)
    await expect(page).toHaveURL(new RegExp(`/app/loyalty\\?year=${year}$`))
    await expect(page.getByTestId('loyalty-tile-due').locator('dd')).toHaveText('2')
    await expect(page.getByTestId('loyalty-tile-received').locator('dd')).toHaveText('0')
    await expect(page.getByTestId('loyalty-not-declared')).toContainText(signed.name)
    await expect(page.getByTestId('loyalty-not-declared')).toContainText(late.name)

    // Each person got their own link, in their language.
    const mail = await waitForMail(signed.email)
    // A long subject is folded into encoded words: compare it without spaces.
    expect(mail.subject.replace(/\s+/g, '')).toContain(w.mailSubject.replace(/\s+/g, ''))
    expect(mail.text).toMatch(/\/declaration\/[A-Za-z0-9_-]{43}/)

    // The same year twice is refused in the admin's words.
    await page.goto(`/app/loyalty/campaign?year=${Number(year) + 1}`)
    await openForm(page)
      .getByLabel(/Jahr|Année/)
      .fill(year)
    await openForm(page).getByRole('button', { name: w.open }).click()
    await expect(page.getByText(w.exists)).toBeVisible()

    // One person declared; the council reviews it with a finding, the other stays asked for.
    await declare(signed.id)
    await page.goto(`/app/loyalty?year=${year}`)
    await page.getByRole('link', { name: w.toReview }).click()
    const form = page.getByTestId('loyalty-review-form')
    // The council's decision recorded with the review (the register of decisions): its title, not yet its reference.
    await form.locator('[name=decidedOn]').fill(todayInZurich())
    await form.locator('[name=decisionTitle]').fill('Prüfung der Loyalitätserklärungen')
    await form.getByLabel(w.names).fill('Anna Muster, Beat Beispiel')
    await form.getByLabel(`${w.remarkFor} ${signed.name}`).fill('Mandat bei der Depotbank nachmelden')
    await form.getByLabel(`${w.findingFor} ${signed.name}`).check()
    await form.getByRole('button', { name: w.submit }).click()
    // The decision's reference is missing: refused at its field, the rest kept.
    await expect(page.getByTestId('loyalty-review-form').getByText(w.referenceMissing, { exact: false })).toBeVisible()
    await expect(page.getByTestId('loyalty-review-form').getByLabel(w.names)).toHaveValue('Anna Muster, Beat Beispiel')
    await page.getByTestId('loyalty-review-form').locator('[name=decisionReference]').fill('SR-Beschluss 4/2026')
    await page.getByTestId('loyalty-review-form').getByLabel(`${w.findingFor} ${signed.name}`).check()
    await page.getByTestId('loyalty-review-form').getByRole('button', { name: w.submit }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('loyalty-campaign-state')).toContainText(w.reviewedState)
    await expect(page.getByTestId('loyalty-campaign-state')).toContainText('SR-Beschluss 4/2026')
    await expect(page.getByTestId('loyalty-tile-reviewed').locator('dd')).toHaveText('1')
    await expect(page.getByTestId('loyalty-findings')).toContainText('Mandat bei der Depotbank nachmelden')
    await expect(page.getByTestId('loyalty-not-declared')).toContainText(late.name)
  })
}
