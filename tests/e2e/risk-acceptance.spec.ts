import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, insertCustomerWithUser, test } from './fixtures.ts'

/**
 * Gross and net risk, and the council's acceptance of a risk inside the appetite (issue 27): the RM admin rates
 * a risk before and after its controls (a net rating worse than the gross one is refused), accepts it, and finds
 * it accepted in the inventory's filter, on the risk's page and in the list of acceptances. In German as the demo
 * fund's admin, in French as the admin of a fund of its own; with JavaScript on and off.
 */
const TEXTS = {
  de: {
    grossP: 'Eintrittswahrscheinlichkeit brutto',
    grossS: 'Schadensausmass brutto',
    netP: 'Eintrittswahrscheinlichkeit netto',
    netS: 'Schadensausmass netto',
    gross: 'Bruttorisiko (vor Kontrollen)',
    net: 'Nettorisiko (nach Kontrollen)',
    netAboveGross: 'Das Nettorisiko darf nicht höher sein als das Bruttorisiko',
    saved: 'Die Daten wurden gespeichert',
    inside: 'Innerhalb des Risikoappetits (Risikowert 4, Grenze',
    accept: 'Risiko akzeptieren',
    acceptedBy: 'Stiftungsrat',
    record: 'Akzeptanz erfassen',
    required: 'Dies ist ein Pflichtfeld',
    accepted: 'akzeptiert bis',
    filter: 'Akzeptiert',
    yes: 'Ja',
    apply: 'Filtern',
    inForce: 'in Kraft',
    already: 'Für dieses Risiko ist bereits eine Akzeptanz in Kraft',
  },
  fr: {
    grossP: 'Probabilité brute',
    grossS: 'Ampleur du dommage brute',
    netP: 'Probabilité nette',
    netS: 'Ampleur du dommage nette',
    gross: 'Risque brut (avant contrôles)',
    net: 'Risque net (après contrôles)',
    netAboveGross: 'Le risque net ne peut pas dépasser le risque brut',
    saved: 'Les données ont été enregistrées',
    inside: 'Dans l’appétence au risque (valeur 4, limite',
    accept: 'Accepter le risque',
    acceptedBy: 'Conseil de fondation',
    record: 'Enregistrer l’acceptation',
    required: 'Ce champ est obligatoire',
    accepted: 'accepté jusqu’au',
    filter: 'Accepté',
    yes: 'Oui',
    apply: 'Filtrer',
    inForce: 'en vigueur',
    already: 'Une acceptation de ce risque est déjà en vigueur',
  },
} as const

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** A day in Zurich, `days` from today, as the pages show it (dd.mm.yyyy). */
function shownDay(days: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  )
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`
}

/** Rates the open risk's evaluation step: gross and net by the positions of the levels (1 = lowest). */
async function rate(page: Page, text: (typeof TEXTS)['de' | 'fr'], gross: [number, number], net: [number, number]) {
  const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="grossProbabilityLevelId"]') })
  await form.getByRole('combobox', { name: text.grossP, exact: true }).selectOption({ index: gross[0] })
  await form.getByRole('combobox', { name: text.grossS, exact: true }).selectOption({ index: gross[1] })
  await form.getByRole('combobox', { name: text.netP, exact: true }).selectOption({ index: net[0] })
  await form.getByRole('combobox', { name: text.netS, exact: true }).selectOption({ index: net[1] })
  await form.locator('button[name="intent"][value="save"]').click()
}

for (const language of ['de', 'fr'] as const) {
  test(`${language}: rate a risk gross and net, accept it inside the appetite, find it accepted`, async ({ page, signIn, noJs }) => {
    test.setTimeout(90_000)
    const text = TEXTS[language]
    if (language === 'de') {
      await signIn('admin')
      await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha' }).click()
      await expect(page).toHaveURL(/\/app$/)
    } else await signIn(await insertCustomerWithUser({ role: 'admin', language: 'fr' }))
    const title = `${language === 'de' ? 'Gegenparteirisiko' : 'Risque de contrepartie'} ${crypto.randomBytes(3).toString('hex')}`

    // A risk of its own.
    await page.goto('/app/risk/catalog/individual')
    const create = page.locator('form[method="post"]').filter({ has: page.locator('[name="themeId"]') })
    await create.locator('[name="themeId"]').selectOption({ index: 1 })
    await create.locator('[name="title"]').fill(title)
    await create.locator('button[type="submit"]').click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
    const riskPath = new URL(page.url()).pathname

    // The evaluation: the gross rating beside the net one; a net rating worse than the gross one is refused.
    await page.goto(`${riskPath}?step=evaluation`)
    await expect(page.getByTestId('rating-gross')).toContainText(text.gross)
    await expect(page.getByTestId('rating-net')).toContainText(text.net)
    await page.locator('button[name="intent"][value="edit"]').click()
    if (!noJs) expect(await seriousViolations(page), 'evaluation form').toEqual([])
    await rate(page, text, [2, 2], [3, 3])
    await expect(page.getByText(text.netAboveGross)).toBeVisible()
    await rate(page, text, [4, 4], [2, 2])
    await expect(page.getByTestId('toast')).toHaveText(text.saved)
    await expect(page.getByTestId('rating-gross')).toContainText('16')
    await expect(page.getByTestId('appetite-judgement')).toContainText(text.inside)
    if (!noJs) expect(await seriousViolations(page), 'evaluation step').toEqual([])

    // The acceptance: the texts are required; the council's decision recorded, one year by default.
    await page.getByTestId('evaluation-acceptance').getByRole('link', { name: text.accept }).click()
    await expect(page).toHaveURL(new RegExp(`${riskPath}/acceptance$`))
    const form = page.getByTestId('acceptance-form')
    await form.locator('[name="decidedBy"]').fill(text.acceptedBy)
    await form.locator('[name="decisionReference"]').fill('SR-2026-11')
    await form.locator('[name="decisionTitle"]').fill('Restrisiko akzeptiert')
    await form.getByRole('button', { name: text.record }).click()
    await expect(form.getByText(text.required).first()).toBeVisible()
    await expect(form.locator('[name="decidedBy"]')).toHaveValue(text.acceptedBy)
    if (!noJs) expect(await seriousViolations(page), 'acceptance form').toEqual([])
    await form.locator('[name="justification"]').fill('Kontrollen wirksam; Restrisiko tragbar.')
    await form.getByRole('button', { name: text.record }).click()
    await expect(page.getByTestId('toast')).toHaveText(text.saved)
    await expect(page).toHaveURL(new RegExp(`${riskPath}\\?step=evaluation$`))

    // The risk's page shows it: who, when, until when, why.
    const until = shownDay(365).slice(0, 6) // the same day and month a year on (29 February aside)
    await expect(page.getByTestId('risk-accepted')).toContainText(text.accepted)
    const shown = page.getByTestId('evaluation-acceptance')
    await expect(shown).toContainText(text.acceptedBy)
    await expect(shown).toContainText('SR-2026-11')
    await expect(shown).toContainText(shownDay(0))
    await expect(shown).toContainText('Kontrollen wirksam; Restrisiko tragbar.')
    await expect(shown).toContainText(until)

    // A second acceptance while this one is in force is refused by the form's page.
    await page.goto(`${riskPath}/acceptance`)
    await expect(page.getByTestId('acceptance-current')).toContainText(text.acceptedBy)
    await expect(page.getByTestId('acceptance-form')).toHaveCount(0)
    await expect(page.getByTestId('acceptance-revoke')).toBeVisible()

    // The inventory's filter "accepted".
    await page.goto('/app/risk')
    const filters = page.getByRole('search')
    await filters.getByLabel(text.filter, { exact: true }).selectOption({ label: text.yes })
    await filters.getByRole('button', { name: text.apply }).click()
    await expect(page).toHaveURL(/accepted=yes/)
    const row = page.getByRole('row').filter({ hasText: title })
    await expect(row).toHaveCount(1)
    await expect(row.getByTestId('accepted-badge')).toContainText(text.accepted)
    await page.goto('/app/risk?accepted=no')
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)

    // The list of acceptances.
    await page.goto('/app/risk/acceptances?view=inForce')
    const listed = page.getByRole('row').filter({ hasText: title })
    await expect(listed).toContainText(text.inForce)
    await expect(listed).toContainText(text.acceptedBy)
    if (!noJs) expect(await seriousViolations(page), 'acceptances').toEqual([])

    // The map: net by default, gross by a plain link.
    await page.goto('/app/risk/map?view=gross')
    await expect(page.getByTestId('map-view').locator('[aria-current="page"]')).toHaveText(language === 'de' ? 'Bruttorisiko' : 'Risque brut')
  })
}
