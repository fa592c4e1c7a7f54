import { addDays, todayInZurich } from '../../models/core/dates.ts'
import { customerNamed, deputyFactory, setDeputyTerm } from '../factories/index.ts'
import { database, expect, insertCustomerWithUser, insertUser, test } from './fixtures.ts'

test('a deputy acts on behalf of a colleague and back', async ({ page, signIn }) => {
  await signIn('reader')
  await page.goto('/app/user/dselector')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stellvertretungen verwalten')
  await page.getByRole('button', { name: 'Als Stellvertretung von Walter Frei arbeiten' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByTestId('deputy-banner')).toHaveText('Sie arbeiten als Stellvertretung von Walter Frei.')
  // The dashboard now shows the colleague's measures and risks; a reader becomes a writer for them.
  await expect(page.getByText('Willkommen, Walter.')).toBeVisible()
  await page.goto('/app/measures')
  await expect(page.getByRole('link', { name: 'Neue Massnahme' })).toBeVisible()
  // Back to the own access through the customer selector.
  await page.goto('/app/user/cselector')
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha', exact: true }).click()
  await expect(page.getByTestId('deputy-banner')).toHaveCount(0)
  await page.goto('/app/measures')
  await expect(page.getByRole('link', { name: 'Neue Massnahme' })).toHaveCount(0)
})

test('French users get the product in French', async ({ page, signIn }) => {
  await signIn('beta')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mesures' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mesures')
  await expect(page.getByRole('link', { name: 'Caisse de pension' }).first()).toBeVisible()
  await page.goto('/app/risk')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventaire des risques')
  await page.locator('tbody a').first().click()
  await expect(page.getByRole('navigation', { name: 'Étapes du risque' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Suivant →' })).toBeVisible()
})

test('the data protection officer sees the DSG overview and only DSG-relevant risks', async ({ page, signIn }) => {
  await signIn('dsg')
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'DSG' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz (DSG)')
  await expect(page.getByTestId('dsg-risks')).toBeVisible()
  await page.getByTestId('dsg-risks').locator('tbody a').first().click()
  await expect(page.getByRole('navigation', { name: 'Schritte des Risikos' }).getByRole('link')).toHaveCount(1)
  await expect(page.locator('main h2').first()).toHaveText('Datenschutz')
  // The data protection role edits this block (docs/decisions/0006-rights.md).
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(1)
})

test('news of the operator appear on the dashboard', async ({ page, signIn }) => {
  await signIn('beta')
  const news = page.getByTestId('my-news')
  // The news for all funds is written in three languages: a French reader gets the French.
  await expect(news).toContainText('Clôture annuelle : mettre à jour l’inventaire des risques et le SCI avant la révision')
  await expect(news).toContainText('Protection des données : registre des activités de traitement')
  await news.getByText('Protection des données : registre des activités de traitement').click()
  await expect(news.getByText('Vérifiez que chaque traitement de données des assurés y figure', { exact: false })).toBeVisible()
})

test('a deputy outside their dates is not offered the colleague and is sent back once the deputyship ends', async ({ page, signIn }) => {
  const principal = await insertCustomerWithUser({ role: 'admin', firstName: 'Paula', lastName: 'Prinzipal' })
  const deputy = await insertUser({ customer: principal.customer, role: 'read' })
  const today = todayInZurich()
  const deputyship = await deputyFactory({
    customer: await customerNamed(principal.customer),
    principal,
    deputy,
    attributes: { startsOn: addDays(today, 1) },
  })
  const { rows: days } = await database().query<{ tomorrow: string; yesterday: string }>(
    `select to_char((now() at time zone 'Europe/Zurich')::date + 1, 'DD.MM.YYYY') as tomorrow, to_char((now() at time zone 'Europe/Zurich')::date - 1, 'DD.MM.YYYY') as yesterday`,
  )
  // The principal sees the planned deputyship as planned from its start (not "inaktiv" beside "Deaktivieren").
  await signIn(principal)
  await page.goto('/app/user/dselector')
  const row = page.getByRole('row').filter({ hasText: deputy.email })
  await expect(row.getByRole('cell').nth(3)).toHaveText(`geplant ab ${days[0].tomorrow}`)
  await expect(row.getByRole('button', { name: 'Deaktivieren' })).toBeVisible()
  await page.context().clearCookies()

  await signIn(deputy)
  await page.goto('/app/user/dselector')
  const actAs = page.getByRole('button', { name: 'Als Stellvertretung von Paula Prinzipal arbeiten' })
  // Before the start: shown as planned, nothing to act on, and choosing it anyway is refused.
  await expect(page.getByRole('listitem').filter({ hasText: `Paula Prinzipal — geplant ab ${days[0].tomorrow}` })).toBeVisible()
  await expect(actAs).toHaveCount(0)
  const origin = new URL(page.url()).origin
  const forced = await page.request.post('/app/user/cselector', { form: { permId: principal.permId }, headers: { Origin: origin }, maxRedirects: 0 })
  expect(forced.status()).toBe(404)

  // From today on it can be used.
  await setDeputyTerm(deputyship.id, { startsOn: today })
  await page.goto('/app/user/dselector')
  await actAs.click()
  await expect(page.getByTestId('deputy-banner')).toHaveText('Sie arbeiten als Stellvertretung von Paula Prinzipal.')

  // Its end passes: the next request leaves the principal's access for the selector, which says why.
  await setDeputyTerm(deputyship.id, { startsOn: addDays(today, -3), endsOn: addDays(today, -1) })
  await page.goto('/app/measures')
  await expect(page).toHaveURL(/\/app\/user\/cselector/)
  await expect(page.getByText('Ihr bisheriger Zugang ist abgelaufen')).toBeVisible()
  await expect(page.getByTestId('deputy-banner')).toHaveCount(0)
  // The deputy's list (in their own access) says when it ended.
  await page.getByRole('button', { name: `Auswählen: ${principal.customer}` }).click()
  await expect(page).not.toHaveURL(/\/app\/user\/cselector/)
  await page.goto('/app/user/dselector')
  await expect(page.getByRole('listitem').filter({ hasText: `Paula Prinzipal — beendet am ${days[0].yesterday}` })).toBeVisible()
})
