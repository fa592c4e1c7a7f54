import fs from 'node:fs'
import { todayInZurich } from '../../models/core/dates.ts'
import { demoLoyaltyYear } from '../../models/seed/loyalty.ts'
import { inflatedPdf, pdfText } from '../pdf-text.ts'
import { unzip } from '../zip.ts'
import { database, expect, insertUser, test } from './fixtures.ts'

/*
 * The auditor's sample (Art. 35 para. 2 BVV 2, issue 26): the fund's auditor chooses the year of
 * Pensionskasse Alpha's demo campaign and a number, the server draws that many of the signed
 * declarations, and the auditor downloads them as one PDF with the council's review, and the paper
 * scans as a ZIP. With JavaScript on and off (the nojs project), in German and in French.
 */

const ALPHA = 'Pensionskasse Alpha'
const year = demoLoyaltyYear(todayInZurich())

const texts = {
  de: { year: 'Jahr', n: 'Anzahl Erklärungen', draw: 'Stichprobe ziehen', pdf: 'PDF mit den Erklärungen', zip: 'ZIP mit den Scans', function: 'Funktion' },
  fr: { year: 'Année', n: 'Nombre de déclarations', draw: 'Tirer l’échantillon', pdf: 'PDF des déclarations', zip: 'ZIP des scans', function: 'Fonction' },
} as const

/** Alpha's signed declarations of the year, by the person's name. */
async function signedNames() {
  const { rows } = await database().query<{ name: string }>(
    `select d.person_name as name from loyalty_declarations d
     join loyalty_campaigns c on c.id = d.campaign_id join customers f on f.id = d.customer_id
     where f.name = $1 and c.year = $2 and d.state <> 'requested'`,
    [ALPHA, year],
  )
  return rows.map((r) => r.name)
}

for (const language of ['de', 'fr'] as const) {
  const x = texts[language]
  test(`the auditor draws a sample of the year's declarations and downloads them as a PDF (${language})`, async ({ page, signIn }) => {
    test.setTimeout(90_000)
    const auditor = await insertUser({ customer: ALPHA, role: 'read', language, membership: { kind: 'auditor', endsOn: '2099-12-31' } })
    await signIn(auditor)
    await page.goto('/app/loyalty/sample')
    const form = page.getByTestId('sample-form')
    await form.getByLabel(x.year).selectOption(String(year))
    await form.getByLabel(x.n).fill('3')
    await form.getByRole('button', { name: x.draw }).click()

    // Three of the year's signed declarations, drawn and listed.
    const rows = page.getByTestId('sample-drawn').locator('tbody tr')
    await expect(rows).toHaveCount(3)
    const signed = await signedNames()
    expect(signed.length).toBeGreaterThan(3)
    const drawn = await rows.locator('td:nth-child(2)').allTextContents()
    for (const name of drawn) expect(signed).toContain(name)

    // The PDF: each drawn declaration in full, in the auditor's language.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sample-pdf').click()])
    const bytes = fs.readFileSync(await pdf.path())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(inflatedPdf(bytes)).replace(/\s+/g, ' ')
    for (const name of drawn) expect(text).toContain(name)
    expect(text).toContain(x.function)

    // The ZIP with its readme (and the paper declaration's scan when it was drawn).
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sample-zip').click()])
    const files = unzip(fs.readFileSync(await zip.path()))
    expect(files.has('README.txt')).toBe(true)
    for (const [name, content] of files) if (name.endsWith('.pdf')) expect(content.subarray(0, 5).toString('latin1'), name).toBe('%PDF-')
  })
}

test('n outside 1 to 200 is refused with its message and draws nothing', async ({ page, signIn }) => {
  const auditor = await insertUser({ customer: ALPHA, role: 'read', language: 'de', membership: { kind: 'auditor', endsOn: '2099-12-31' } })
  await signIn(auditor)
  await page.goto('/app/loyalty/sample')
  const form = page.getByTestId('sample-form')
  await form.getByLabel(texts.de.n).fill('0')
  await form.getByRole('button', { name: texts.de.draw }).click()
  await expect(page.getByText('Bitte eine ganze Zahl von 1 bis 200 angeben.')).toBeVisible()
  await expect(page.getByTestId('sample-drawn')).toHaveCount(0)
})
