import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, insertCustomerWithUser, insertUser, test } from './fixtures.ts'

const texts = {
  de: {
    nav: 'Jahresabschluss',
    heading: 'Jahresabschlüsse',
    date: 'Stichtag',
    freeze: 'Jahresabschluss einfrieren',
    detail: 'Jahresabschluss per 31.12.2025',
    approvedOn: 'Genehmigt am',
    names: 'Namen',
    record: 'Genehmigung erfassen',
    recorded: 'Vom Stiftungsrat genehmigt am 15.03.2026: Anna Muster, Beat Beispiel',
    duplicate: 'Für diesen Stichtag gibt es bereits einen Jahresabschluss',
    future: 'Das Datum darf nicht in der Zukunft liegen.',
    compare: 'Risikoinventar: verändert seit 31.12.2025',
    pdf: 'Jahresbericht als PDF (Deutsch)',
    pdfFile: 'Jahresbericht-2025-12-31.pdf',
    zip: 'Prüfpaket für die Revisionsstelle (ZIP)',
    zipFile: 'Pruefpaket-2025-12-31.zip',
  },
  fr: {
    nav: 'Clôture annuelle',
    heading: 'Clôtures annuelles',
    date: 'Date de référence',
    freeze: 'Figer la clôture annuelle',
    detail: 'Clôture annuelle au 31.12.2025',
    approvedOn: 'Approuvé le',
    names: 'Noms',
    record: 'Enregistrer l’approbation',
    recorded: 'Approuvé par le conseil de fondation le 15.03.2026\u00a0: Anna Muster, Beat Beispiel',
    duplicate: 'Une clôture annuelle existe déjà pour cette date de référence',
    future: 'La date ne peut pas être dans le futur.',
    compare: 'Inventaire des risques\u00a0: modifié depuis le 31.12.2025',
    pdf: 'Rapport annuel en PDF (Français)',
    pdfFile: 'Rapport-annuel-2025-12-31.pdf',
    zip: 'Dossier pour l’organe de révision (ZIP)',
    zipFile: 'Dossier-revision-2025-12-31.zip',
  },
} as const

for (const language of ['de', 'fr'] as const) {
  const x = texts[language]
  test(`an admin freezes a snapshot and records the council's approval (${language})`, async ({ page, signIn }) => {
    const admin = await insertCustomerWithUser({ role: 'admin', language })
    await signIn(admin)
    await page.getByRole('navigation').first().getByRole('link', { name: x.nav }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.heading)
    const freeze = page.getByTestId('freeze-form')
    // Not in the future.
    await freeze.getByLabel(x.date).fill('2099-12-31')
    await freeze.getByRole('button', { name: x.freeze }).click()
    await expect(page.getByTestId('freeze-form')).toContainText(x.future)
    await page.getByTestId('freeze-form').getByLabel(x.date).fill('2025-12-31')
    await page.getByTestId('freeze-form').getByRole('button', { name: x.freeze }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.detail)
    await expect(page.getByTestId('summary')).toBeVisible()
    const approval = page.getByTestId('approval-form')
    await approval.getByLabel(x.approvedOn).fill('2026-03-15')
    await approval.getByLabel(x.names).fill('Anna Muster, Beat Beispiel')
    await approval.getByRole('button', { name: x.record }).click()
    await expect(page.getByTestId('approval')).toHaveText(x.recorded)
    // The report in the fund's language (the first link), then the auditor's pack.
    const downloads = page.getByTestId('downloads')
    await expect(downloads.getByRole('link').first()).toHaveText(x.pdf)
    const [pdf] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('link', { name: x.pdf }).click()])
    expect(pdf.suggestedFilename()).toBe(x.pdfFile)
    expect(
      fs
        .readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const [zip] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('link', { name: x.zip }).click()])
    expect(zip.suggestedFilename()).toBe(x.zipFile)
    expect(
      fs
        .readFileSync(await zip.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK')
    await page.getByRole('link', { name: x.compare }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('31.12.2025')
    // The same date a second time: refused with a message (409).
    await page.goto('/app/report')
    await page.getByTestId('freeze-form').getByLabel(x.date).fill('2025-12-31')
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/app/report')),
      page.getByTestId('freeze-form').getByRole('button', { name: x.freeze }).click(),
    ])
    expect(response.status()).toBe(409)
    await expect(page.getByTestId('freeze-form')).toContainText(x.duplicate)
    await expect(page.getByTestId('snapshots').getByRole('row')).toHaveCount(2)
  })
}

test('a reader reads the snapshots but cannot freeze one', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  const reader = await insertUser({ customer: admin.customer, role: 'read' })
  await signIn(reader)
  await page.goto('/app/report')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jahresabschlüsse')
  await expect(page.getByTestId('freeze-form')).toHaveCount(0)
  const response = await page.request.post('/app/report', { form: { reportingDate: '2025-12-31' }, headers: { origin: new URL(page.url()).origin } })
  expect(response.status()).toBe(403)
})

test('the report pages have no serious or critical accessibility violation', async ({ page, signIn, noJs }) => {
  test.skip(noJs, 'axe needs JavaScript')
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/report')
  await page.getByTestId('freeze-form').getByRole('button').click()
  await expect(page.getByTestId('summary')).toBeVisible()
  const detail = new URL(page.url()).pathname
  for (const path of ['/app/report', detail, `${detail}/compare`]) {
    await page.goto(path)
    const results = await new AxeBuilder({ page }).analyze()
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`),
      path,
    ).toEqual([])
  }
})
