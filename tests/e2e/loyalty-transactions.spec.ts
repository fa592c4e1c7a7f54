import { addDays, formatDate, todayInZurich } from '../../models/core/dates.ts'
import { csvRecords } from '../csv-records.ts'
import { customerFactory, memberFactory, tag } from '../factories/index.ts'
import { database, expect, test } from './fixtures.ts'

/*
 * Legal transactions with related parties (issue 26; Art. 51c BVG, Art. 48i BVV 2), with JavaScript on
 * and off: an admin records a significant transaction with an offer PDF through the plain multipart
 * form (a garbage amount refused at its field first), marks it disclosed to the auditor, and the
 * register's CSV export lists it.
 */

const PASSWORD = 'E2e-Passwort-1'
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('Offerte Liegenschaftsunterhalt\n'.repeat(80)), Buffer.from('%%EOF\n')])

async function setUp() {
  const customer = await customerFactory({ traits: ['german'] })
  const admin = await memberFactory({
    customer,
    traits: ['admin', 'signed-out', 'german'],
    attributes: { user: { email: `e2e-loyalty-${tag(5)}@example.test`, firstName: 'Ruth', lastName: 'Register' } },
    password: PASSWORD,
  })
  const { rows } = await database().query<{ id: string }>(
    `insert into loyalty_persons (customer_id, first_name, last_name, function, email, from_date)
     values ($1, 'Hans', 'Nahe', 'council', $2, '2020-01-01') returning id`,
    [customer.id, `hans-${tag(4)}@example.test`],
  )
  return { who: { email: admin.user.email, password: PASSWORD }, personId: rows[0].id }
}

test('an admin records a significant transaction with an offer, discloses it to the auditor, and the CSV lists it', async ({ page, signIn }) => {
  const { who, personId } = await setUp()
  await signIn(who)
  const today = todayInZurich()
  const counterparty = `Liegenschaften Nahe AG ${tag()}`

  await page.goto('/app/loyalty/transactions')
  await page.getByRole('link', { name: 'Neues Rechtsgeschäft' }).click()
  const form = page.getByTestId('transaction-form')
  await form.getByRole('textbox', { name: 'Gegenpartei' }).fill(counterparty)
  await form.getByLabel('Nahestehende Person').selectOption(personId)
  await form.getByRole('textbox', { name: 'Beziehung zur Vorsorgeeinrichtung' }).fill('Bruder eines Stiftungsrats')
  await form.getByRole('textbox', { name: 'Gegenstand' }).fill('Unterhalt der Liegenschaft Seestrasse')
  await form.getByRole('textbox', { name: 'Betrag (CHF)' }).fill('zwölftausend')
  await form.getByLabel('Datum des Geschäfts').fill(addDays(today, -10))
  await form.getByLabel('Bedeutendes Rechtsgeschäft').check()
  await form.getByRole('textbox', { name: 'Genehmigt durch' }).fill('Stiftungsrat')
  await form.getByLabel('Genehmigt am').fill(addDays(today, -5))
  await form.getByLabel('Offerten (Dateien)').setInputFiles({ name: 'Offerte Seestrasse.pdf', mimeType: 'application/pdf', buffer: PDF })
  await form.getByRole('button', { name: 'Hinzufügen' }).click()
  // Refused at its field in the user's words; the form keeps what was typed.
  await expect(page.getByText('Bitte einen Betrag in CHF angeben', { exact: false })).toBeVisible()

  await form.getByRole('textbox', { name: 'Betrag (CHF)' }).fill("48'000.50")
  // Without JavaScript the browser drops a file input's choice with the answer: chosen again.
  await form.getByLabel('Offerten (Dateien)').setInputFiles({ name: 'Offerte Seestrasse.pdf', mimeType: 'application/pdf', buffer: PDF })
  await form.getByRole('button', { name: 'Hinzufügen' }).click()
  await expect(page.getByTestId('toast')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(counterparty)
  await expect(page.getByTestId('offer-list').getByRole('link', { name: 'Offerte Seestrasse.pdf' })).toBeVisible()
  await expect(page.getByTestId('transaction-facts')).toContainText('CHF 48’000.50')
  await expect(page.getByText('nicht offengelegt')).toBeVisible()

  // Disclosed to the auditor today.
  await page.getByRole('link', { name: 'Bearbeiten' }).click()
  await page.getByTestId('transaction-form').getByLabel('Der Revisionsstelle offengelegt am').fill(today)
  await page.getByTestId('transaction-form').getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toBeVisible()
  await expect(page.getByText(`offengelegt am ${formatDate(today)}`)).toBeVisible()
  // Once disclosed, it stays in the register.
  await expect(page.getByTestId('transaction-delete')).toHaveCount(0)

  // The register lists it with the sum of the view's amounts.
  await page.goto(`/app/loyalty/transactions?q=${encodeURIComponent(counterparty)}`)
  await expect(page.getByTestId('transaction-link')).toHaveCount(1)
  await expect(page.getByTestId('transactions-sum')).toContainText('CHF 48’000.50')

  // The register's CSV lists it with its amount and the disclosure.
  const csv = await page.request.get('/app/loyalty/transactions/export.csv')
  expect(csv.status()).toBe(200)
  const rows = csvRecords((await csv.text()).replace(/^\uFEFF/, ''))
  const header = rows[0]
  const row = rows.find((r) => r.includes(counterparty))
  expect(row, 'the transaction is in the CSV').toBeTruthy()
  const cell = (name: string) => row?.[header.indexOf(name)]
  expect(cell('Bedeutendes Rechtsgeschäft')).toBe('Ja')
  expect(cell('Der Revisionsstelle offengelegt am')).toBe(formatDate(today))
  expect(cell('Nahestehende Person')).toBe('Hans Nahe')
  expect(Number(String(cell('Betrag (CHF)')).replace(',', '.'))).toBe(48000.5)
})
