import AxeBuilder from '@axe-core/playwright'
import { issueDeclarationToken } from '../../app/features/loyalty/tokens.server.ts'
import { asSystem } from '../../models/core/scope.server.ts'
import { customerFactory, memberFactory, tag } from '../factories/index.ts'
import { loyaltyDeclarationFactory, loyaltyPersonFactory } from '../factories/loyalty-declarations.ts'
import { expect, test } from './fixtures.ts'

/*
 * Loyalty declarations (issue 26), with JavaScript on and off, in German and in French: a member
 * declares in the app (a row added, a missing confirmation refused, then signed), a person without an
 * account declares through the personal link, and an admin records a paper declaration with its scan.
 * The rows (fund, person, campaign, declaration) are made directly; the link's token is issued as the
 * campaign's mail would.
 */

const PASSWORD = 'E2e-Passwort-1'
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('Unterzeichnete Loyalitaetserklaerung\n'.repeat(100)), Buffer.from('%%EOF\n')])

const WORDS = {
  de: {
    kind1: 'Art (Zeile 1)',
    org1: 'Organisation (Zeile 1)',
    desc1: 'Beschreibung (Zeile 1)',
    org2: 'Organisation (Zeile 2)',
    kind2: 'Art (Zeile 2)',
    boardSeat: 'Verwaltungsratssitz',
    holding: 'Beteiligung',
    addInterest: 'Weitere Interessenbindung',
    noInterests: 'Ich habe keine Interessenbindungen zu erklären.',
    advantagesConfirmed: 'Ich bestätige, dass ich alle Vermögensvorteile',
    ownAccountConfirmed: 'Ich bestätige, dass ich die Regeln über Eigengeschäfte',
    signedName: 'Unterschrift: Ihr vollständiger Name',
    signedNamePaper: 'Name, wie unterzeichnet',
    signedOn: 'Unterzeichnet am',
    scan: 'Unterzeichnete Erklärung (Scan)',
    sign: 'Unterzeichnen und abgeben',
    recordPaper: 'Papiererklärung erfassen',
    confirm: 'Bitte bestätigen Sie dies, um zu unterzeichnen.',
    declared: 'Abgegeben',
    saved: 'Die Daten wurden gespeichert',
    thanks: 'Vielen Dank.',
    heading: 'Loyalitätserklärung',
    signedAlready: 'Diese Erklärung ist bereits unterzeichnet und abgegeben.',
    paperChannel: 'Auf Papier',
  },
  fr: {
    kind1: 'Type (ligne 1)',
    org1: 'Organisation (ligne 1)',
    desc1: 'Description (ligne 1)',
    org2: 'Organisation (ligne 2)',
    kind2: 'Type (ligne 2)',
    boardSeat: 'Siège au conseil d’administration',
    holding: 'Participation',
    addInterest: 'Autre lien d’intérêts',
    noInterests: 'Je n’ai aucun lien d’intérêts à déclarer.',
    advantagesConfirmed: 'Je confirme avoir remis tous les avantages financiers',
    ownAccountConfirmed: 'Je confirme avoir respecté les règles sur les affaires pour compte propre',
    signedName: 'Signature\u202f: votre nom complet',
    signedNamePaper: 'Nom tel que signé',
    signedOn: 'Signée le',
    scan: 'Déclaration signée (scan)',
    sign: 'Signer et remettre',
    recordPaper: 'Saisir la déclaration papier',
    confirm: 'Veuillez le confirmer pour signer.',
    declared: 'Remise',
    saved: 'Les données ont été enregistrées',
    thanks: 'Merci.',
    heading: 'Déclaration de loyauté',
    signedAlready: 'Cette déclaration est déjà signée et remise.',
    paperChannel: 'Sur papier',
  },
} as const

type Language = keyof typeof WORDS

async function fundOf(language: Language) {
  const name = `Pensionskasse Treu ${tag()}`
  const customer = await customerFactory({ traits: [language === 'fr' ? 'french' : 'german'], attributes: { name } })
  return { customer, name }
}

async function memberOf(
  customer: Awaited<ReturnType<typeof customerFactory>>,
  language: Language,
  traits: ('read' | 'admin')[],
  firstName: string,
  lastName: string,
) {
  const m = await memberFactory({
    customer,
    traits: [...traits, 'signed-out', language === 'fr' ? 'french' : 'german'],
    attributes: { user: { email: `e2e-loyalty-${tag(5)}@example.test`, firstName, lastName } },
    password: PASSWORD,
  })
  return { id: m.user.id, email: m.user.email, password: PASSWORD }
}

for (const language of ['de', 'fr'] as const) {
  const w = WORDS[language]

  test(`a member declares in the app: a row added keeps what was typed, a missing confirmation refused, then signed (${language})`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000)
    const { customer } = await fundOf(language)
    const member = await memberOf(customer, language, ['read'], 'Corinne', 'Dubois-Keller')
    const person = await loyaltyPersonFactory({ customer, userId: member.id, firstName: 'Corinne', lastName: 'Dubois-Keller', language })
    const { declaration } = await loyaltyDeclarationFactory({ customer, person })
    await signIn(member)
    await page.goto(`/app/loyalty/declarations/${declaration.id}`)
    const form = page.getByTestId('declaration-form')
    await form.getByLabel(w.kind1).selectOption({ label: w.boardSeat })
    await form.getByLabel(w.org1, { exact: true }).fill('Muster Immobilien AG')
    await form.getByLabel(w.desc1, { exact: true }).fill('Verwaltungsrat')
    await form.getByRole('button', { name: w.addInterest }).click()
    await expect(page.getByTestId('declaration-form').getByTestId('interest-row')).toHaveCount(2)
    const again = page.getByTestId('declaration-form')
    await expect(again.getByLabel(w.org1, { exact: true })).toHaveValue('Muster Immobilien AG')
    await again.getByLabel(w.kind2).selectOption({ label: w.holding })
    await again.getByLabel(w.org2, { exact: true }).fill('Alpenbahn Holding')
    await again.getByLabel(w.signedName).fill('Corinne Dubois-Keller')
    await again.getByRole('button', { name: w.sign }).click()
    await expect(page.getByText(w.confirm).first()).toBeVisible()
    const third = page.getByTestId('declaration-form')
    await expect(third.getByLabel(w.org2, { exact: true })).toHaveValue('Alpenbahn Holding')
    await third.getByLabel(w.advantagesConfirmed).check()
    await third.getByLabel(w.ownAccountConfirmed).check()
    await third.getByLabel(w.signedName).fill('corinne dubois keller')
    await third.getByRole('button', { name: w.sign }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('declaration-state')).toHaveText(w.declared)
    await expect(page.getByTestId('declaration-summary')).toContainText('Alpenbahn Holding')
    await expect(page.getByTestId('declaration-form')).toHaveCount(0)
  })

  test(`a person without an account declares through the personal link, in their language, once (${language})`, async ({ page }) => {
    test.setTimeout(90_000)
    const { customer, name } = await fundOf(language)
    const person = await loyaltyPersonFactory({ customer, firstName: 'Jean', lastName: 'Favre', function: 'externalAssetManager', language })
    const { declaration } = await loyaltyDeclarationFactory({ customer, person })
    const token = await asSystem('e2e: personal link', (tx) => issueDeclarationToken(tx, declaration, null))
    const response = await page.goto(`/declaration/${token}`)
    // The token is in the path: the site's policy (same-origin) never sends it to another site.
    expect(response?.headers()['referrer-policy']).toBe('same-origin')
    expect(response?.headers()['cache-control']).toBe('no-store')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(w.heading)
    await expect(page.getByTestId('link-fund')).toContainText(name)
    await expect(page.getByTestId('link-person')).toContainText('Jean Favre')
    // Switchable: the other language and back (the switch posts like every form).
    const other = language === 'de' ? 'fr' : 'de'
    await page.getByRole('button', { name: other, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(WORDS[other].heading)
    await page.getByRole('button', { name: language, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(w.heading)
    const form = page.getByTestId('link-form')
    await form.getByLabel(w.noInterests).check()
    await form.getByLabel(w.advantagesConfirmed).check()
    await form.getByLabel(w.ownAccountConfirmed).check()
    await form.getByLabel(w.signedName).fill('Jean Favre')
    await form.getByRole('button', { name: w.sign }).click()
    await expect(page.getByTestId('link-thanks')).toContainText(w.thanks)
    await expect(page.getByTestId('link-thanks')).toContainText(w.noInterests)
    // The same link again: already signed (409), with what was signed; a second signature is refused.
    const again = await page.goto(`/declaration/${token}`)
    expect(again?.status()).toBe(409)
    await expect(page.getByTestId('link-thanks')).toContainText(w.signedAlready)
    await expect(page.getByTestId('link-thanks')).toContainText(w.noInterests)
    const reuse = await page.request.post(`/declaration/${token}`, {
      form: { intent: 'sign', noInterests: 'on', advantagesConfirmed: 'on', ownAccountConfirmed: 'on', signedName: 'Jean Favre' },
      headers: { Origin: new URL(page.url()).origin },
    })
    expect(reuse.status()).toBe(409)
    expect(await reuse.text()).toContain(w.signedAlready)
    // A link that was never issued.
    const unknown = await page.goto(`/declaration/${'A'.repeat(43)}`)
    expect(unknown?.status()).toBe(404)
    await expect(page.getByTestId('link-refused')).toBeVisible()
  })

  test(`an admin records a paper declaration with its scan (${language})`, async ({ page, signIn }) => {
    test.setTimeout(90_000)
    const { customer } = await fundOf(language)
    const admin = await memberOf(customer, language, ['admin'], 'Andrea', 'Admin')
    const person = await loyaltyPersonFactory({ customer, firstName: 'Peter', lastName: 'Papier', language })
    const { declaration } = await loyaltyDeclarationFactory({ customer, person })
    await signIn(admin)
    await page.goto(`/app/loyalty/declarations/${declaration.id}`)
    const form = page.getByTestId('paper-form')
    await form.getByLabel(w.kind1).selectOption({ label: w.boardSeat })
    await form.getByLabel(w.org1, { exact: true }).fill('Seeblick Hotel AG')
    await form.getByLabel(w.advantagesConfirmed).check()
    await form.getByLabel(w.ownAccountConfirmed).check()
    await form.getByLabel(w.signedNamePaper).fill('P. Papier')
    await form.getByLabel(w.signedOn).fill('2026-02-10')
    await form.getByLabel(w.scan).setInputFiles({ name: `Erklaerung Papier ${language}.pdf`, mimeType: 'application/pdf', buffer: PDF })
    await form.getByRole('button', { name: w.recordPaper }).click()
    await expect(page.getByTestId('toast')).toHaveText(w.saved)
    await expect(page.getByTestId('declaration-state')).toHaveText(w.declared)
    await expect(page.getByText(w.paperChannel)).toBeVisible()
    await expect(page.getByTestId('declaration-files')).toContainText(`Erklaerung Papier ${language}.pdf`)
    await expect(page.getByTestId('paper-form')).toHaveCount(0)
  })
}

test('the link page, a declaration with the paper form and the list have no serious or critical accessibility violation @js-only', async ({ page, signIn }) => {
  test.setTimeout(120_000)
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  const { customer } = await fundOf('de')
  const admin = await memberOf(customer, 'de', ['admin'], 'Andrea', 'Admin')
  const { declaration } = await loyaltyDeclarationFactory({ customer })
  const token = await asSystem('e2e: personal link', (tx) => issueDeclarationToken(tx, declaration, null))
  await page.goto(`/declaration/${token}`)
  await expect(page.getByTestId('link-form')).toBeVisible()
  expect(await serious(), 'link').toEqual([])
  await signIn(admin)
  for (const path of [`/app/loyalty/declarations/${declaration.id}`, '/app/loyalty/declarations']) {
    await page.goto(path)
    expect(await serious(), path).toEqual([])
  }
})
