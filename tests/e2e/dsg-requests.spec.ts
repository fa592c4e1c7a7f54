import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { addDays, formatDate, todayInZurich } from '../../models/core/dates.ts'
import { expect, insertUser, test } from './fixtures.ts'

/** The texts of the journey in German (the dsg demo account) and French (an admin of the French fund). */
const TEXTS = {
  de: {
    title: 'Begehren betroffener Personen',
    add: 'Begehren erfassen',
    kind: 'Art des Begehrens',
    receivedOn: 'Eingegangen am',
    name: 'Name der gesuchstellenden Person',
    reference: 'Referenz',
    identity: 'Identität geprüft',
    create: 'Erstellen',
    created: 'Ein neuer Eintrag wurde erstellt',
    future: 'Das Datum darf nicht in der Zukunft liegen',
    overdue: 'Seit 5 Tagen überfällig',
    extend: 'Frist verlängern',
    extendedTo: 'Verlängert bis',
    reason: 'Grund der Verlängerung',
    toldOn: 'Der gesuchstellenden Person mitgeteilt am',
    notLater: 'Die neue Frist muss nach der geltenden Frist liegen',
    dueIn: 'Fällig in 10 Tagen',
    answer: 'Beantworten',
    answeredOn: 'Beantwortet am',
    how: 'Art der Antwort',
    health: 'Gesundheitsfachperson',
    answered: 'Beantwortet',
    healthNote: 'über Dr. med. Vera Arzt mitgeteilt (Art. 25 Abs. 3 DSG)',
    long: 'Die neue Frist liegt mehr als 60 Tage nach dem Eingang',
    confirmLong: 'Ich bestätige die Frist von mehr als 60 Tagen',
  },
  fr: {
    title: 'Demandes des personnes concernées',
    add: 'Saisir une demande',
    kind: 'Type de demande',
    receivedOn: 'Reçue le',
    name: 'Nom de la personne requérante',
    reference: 'Référence',
    identity: 'Identité vérifiée',
    create: 'Créer',
    created: 'Une nouvelle entrée a été créée',
    future: 'La date ne peut pas être dans le futur',
    overdue: 'En retard depuis 5 jours',
    extend: 'Prolonger le délai',
    extendedTo: 'Prolongé jusqu’au',
    reason: 'Motif de la prolongation',
    toldOn: 'Communiqué à la personne requérante le',
    notLater: 'Le nouveau délai doit suivre le délai en vigueur',
    dueIn: 'Échéance dans 10 jours',
    answer: 'Répondre',
    answeredOn: 'Répondu le',
    how: 'Forme de la réponse',
    health: 'Professionnel de la santé',
    answered: 'Répondue',
    healthNote: 'par l’intermédiaire de Dr. med. Vera Arzt (art. 25, al. 3, LPD)',
    long: 'Le nouveau délai se situe plus de 60 jours après la réception',
    confirmLong: 'Je confirme le délai de plus de 60 jours',
  },
} as const

const formWith = (page: Page, field: string) => page.locator('form[method="post"]').filter({ has: page.locator(`[name="${field}"]`) })

for (const language of ['de', 'fr'] as const) {
  test(`a request is received, extended with a reason and answered (${language})`, async ({ page, signIn }) => {
    const t = TEXTS[language]
    if (language === 'de') await signIn('dsg')
    else await signIn(await insertUser({ customer: 'Caisse de pension Beta', role: 'admin', language: 'fr' }))
    const today = todayInZurich()
    const name = `Muster ${crypto.randomBytes(3).toString('hex')}`

    await page.goto('/app/dsg/requests')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title)
    await page.getByRole('link', { name: t.add }).click()
    let form = formWith(page, 'requesterName')
    await form.getByLabel(t.kind).selectOption('access')
    await form.getByLabel(t.name).fill(name)
    await form.getByLabel(t.reference).fill('VN 4711')
    await form.getByLabel(t.identity).check()
    // A receipt in the future is refused at its field, and what was typed stays.
    await form.getByLabel(t.receivedOn).fill(addDays(today, 2))
    await form.getByRole('button', { name: t.create }).click()
    form = formWith(page, 'requesterName')
    await expect(form.getByText(t.future)).toBeVisible()
    await expect(form.getByLabel(t.name)).toHaveValue(name)
    await expect(form.getByLabel(t.reference)).toHaveValue('VN 4711')
    // Received 35 days ago: five days past the 30 days of DSV Art. 18.
    await form.getByLabel(t.receivedOn).fill(addDays(today, -35))
    await form.getByRole('button', { name: t.create }).click()
    await expect(page.getByTestId('toast')).toHaveText(t.created)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/\d+/)
    await expect(page.getByText(t.overdue).first()).toBeVisible()

    // Extended: a day not after the deadline is refused, keeping the reason; then ten days from today.
    await page.getByRole('link', { name: t.extend }).click()
    form = formWith(page, 'toldOn')
    await form.getByLabel(t.extendedTo).fill(addDays(today, -5))
    await form.getByLabel(t.reason).fill('Daten aus drei Archiven')
    await form.getByLabel(t.toldOn).fill(today)
    await form.getByRole('button', { name: t.extend }).click()
    form = formWith(page, 'toldOn')
    await expect(form.getByText(t.notLater)).toBeVisible()
    await expect(form.getByLabel(t.reason)).toHaveValue('Daten aus drei Archiven')
    await form.getByLabel(t.extendedTo).fill(addDays(today, 10))
    await form.getByRole('button', { name: t.extend }).click()
    await expect(page.getByText(t.dueIn).first()).toBeVisible()
    await expect(page.getByText('Daten aus drei Archiven')).toBeVisible()
    await expect(page.getByText(formatDate(addDays(today, 10))).first()).toBeVisible()

    // Extended again, to 200 days from today (235 after the receipt): the form warns and asks for a
    // confirmation before it saves, with JavaScript and without; the reason stays.
    await page.getByRole('link', { name: t.extend }).click()
    form = formWith(page, 'toldOn')
    await form.getByLabel(t.extendedTo).fill(addDays(today, 200))
    await form.getByLabel(t.reason).fill('Auskunft der Rückversicherung ausstehend')
    await form.getByLabel(t.toldOn).fill(today)
    await form.getByRole('button', { name: t.extend }).click()
    const warning = page.getByTestId('extend-long-warning')
    await expect(warning).toContainText(t.long)
    form = formWith(page, 'toldOn')
    await expect(form.getByLabel(t.reason)).toHaveValue('Auskunft der Rückversicherung ausstehend')
    await expect(page.getByText(formatDate(addDays(today, 200)))).toHaveCount(0)
    await warning.getByLabel(t.confirmLong).check()
    await form.getByRole('button', { name: t.extend }).click()
    await expect(page.getByText('Auskunft der Rückversicherung ausstehend')).toBeVisible()
    await expect(page.getByText(formatDate(addDays(today, 200))).first()).toBeVisible()

    // Answered, with the health professional the requester named.
    await page.getByRole('link', { name: t.answer, exact: true }).click()
    form = formWith(page, 'answeredOn')
    await form.getByLabel(t.answeredOn).fill(today)
    await form.getByLabel(t.how).fill('Eingeschriebener Brief')
    await form.getByLabel(t.health).fill('Dr. med. Vera Arzt')
    await form.getByRole('button', { name: t.answer, exact: true }).click()
    await expect(page.getByText(t.healthNote)).toBeVisible()
    await expect(page.getByText(t.answered, { exact: true }).first()).toBeVisible()

    await page.goto(`/app/dsg/requests?q=${encodeURIComponent(name)}`)
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText(t.answered)
    await expect(row).toContainText(formatDate(addDays(today, 200)))
  })
}

test('the request screens have no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  // axe runs in the browser: the nojs project leaves @js-only tests out (playwright.config.ts).
  // Eight pages, each analysed in full: more than the default 30 s on a busy machine.
  test.setTimeout(120_000)
  await signIn('dsg')
  await page.goto('/app/dsg/requests')
  const id = await page.getByRole('row').nth(1).getByRole('link').first().getAttribute('href')
  expect(id).toMatch(/^\/app\/dsg\/requests\/[0-9a-f-]{36}$/)
  for (const path of [
    '/app/dsg/requests',
    '/app/dsg/requests?due=soon',
    '/app/dsg/requests/new',
    id!,
    `${id}/edit`,
    `${id}/extend`,
    `${id}/answer`,
    `${id}/close`,
  ]) {
    await page.goto(path)
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious, path).toEqual([])
  }
})

test('readers and writers without the dsg role do not see the requests', async ({ page, signIn }) => {
  await signIn('writer')
  const res = await page.goto('/app/dsg/requests')
  expect(res?.status()).toBe(403)
})

test('a request is refused with a reason, reopened and deleted', async ({ page, signIn }) => {
  await signIn('dsg')
  const today = todayInZurich()
  const name = `Beispiel ${crypto.randomBytes(3).toString('hex')}`
  await page.goto('/app/dsg/requests/new')
  let form = formWith(page, 'requesterName')
  await form.getByLabel('Art des Begehrens').selectOption('erasure')
  await form.getByLabel('Eingegangen am').fill(addDays(today, -3))
  await form.getByLabel('Name der gesuchstellenden Person').fill(name)
  await form.getByRole('button', { name: 'Erstellen' }).click()
  await expect(page.getByText('Fällig in 27 Tagen').first()).toBeVisible()

  await page.getByRole('link', { name: 'Ablehnung oder Rückzug' }).click()
  form = formWith(page, 'reason')
  await form.getByLabel('Ergebnis').selectOption('refused')
  await form.getByLabel('Erledigt am').fill(today)
  await form.getByLabel('Begründung').fill('Gesetzliche Aufbewahrungspflicht (Art. 26 Abs. 1 lit. a DSG)')
  await form.getByRole('button', { name: 'Ablehnung oder Rückzug' }).click()
  await expect(page.getByRole('heading', { name: 'Ablehnung' })).toBeVisible()
  await expect(page.getByText('Gesetzliche Aufbewahrungspflicht (Art. 26 Abs. 1 lit. a DSG)')).toBeVisible()

  await page.getByRole('button', { name: 'Wieder öffnen' }).click()
  await expect(page.getByText('Fällig in 27 Tagen').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ablehnung' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Löschen' }).click()
  await page.getByRole('button', { name: 'Löschen' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gelöscht')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Begehren betroffener Personen')
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0)
})
