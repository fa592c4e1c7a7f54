import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { addDays, formatDate, todayInZurich } from '../../models/core/dates.ts'
import { database, expect, insertCustomerWithUser, insertUser, test } from './fixtures.ts'

const today = todayInZurich()
/** The journeys freeze 31.12.2025: long enough ago (more than 90 days) for the warning once today is past March 2026. */
const late = addDays('2025-12-31', 90) < today

const texts = {
  de: {
    nav: 'Jahresabschluss',
    heading: 'Jahresabschlüsse',
    date: 'Stichtag',
    freeze: 'Jahresabschluss einfrieren',
    detail: 'Jahresabschluss per 31.12.2025',
    approvedOn: 'Genehmigt am',
    names: 'Namen',
    reference: 'Referenz (Protokoll, Traktandum)',
    record: 'Genehmigung erfassen',
    recorded: `Vom Stiftungsrat genehmigt am ${formatDate(today)}: Anna Muster, Beat Beispiel`,
    beforeFrozen: 'Die Genehmigung kann nicht vor dem Tag liegen, an dem der Jahresabschluss eingefroren wurde.',
    late: 'Der Stichtag liegt mehr als 90 Tage zurück.',
    commentary: 'Kommentar der Geschäftsführung',
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
    reference: 'Référence (procès-verbal, point de l’ordre du jour)',
    record: 'Enregistrer l’approbation',
    recorded: `Approuvé par le conseil de fondation le ${formatDate(today)}\u00a0: Anna Muster, Beat Beispiel`,
    beforeFrozen: 'L’approbation ne peut précéder le jour où la clôture a été figée.',
    late: 'La date de référence remonte à plus de 90 jours.',
    commentary: 'Commentaire de la direction',
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
    // A long journey: the freeze, a refused and a recorded approval, two downloads, the comparison.
    test.setTimeout(90_000)
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
    // The management summary the council reads first, written before freezing.
    await page.getByTestId('freeze-form').getByLabel(x.commentary).fill('Ein ruhiges Jahr.\nKeine grossen Ereignisse.')
    await page.getByTestId('freeze-form').getByRole('button', { name: x.freeze }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.detail)
    await expect(page.getByTestId('summary')).toBeVisible()
    await expect(page.getByTestId('commentary')).toHaveText('Ein ruhiges Jahr.\nKeine grossen Ereignisse.', { useInnerText: true })
    // Approved before the snapshot was frozen: refused; today: recorded.
    const approval = page.getByTestId('approval-form')
    await approval.getByLabel(x.approvedOn).fill(addDays(today, -1))
    await approval.getByLabel(x.names).fill('Anna Muster, Beat Beispiel')
    // The approval rests on the council's decision, recorded with it (its minutes and item).
    await approval.getByLabel(x.reference).fill('SR-Protokoll 2026/1, Traktandum 3')
    await approval.getByRole('button', { name: x.record }).click()
    await expect(page.getByTestId('approval-form')).toContainText(x.beforeFrozen)
    await page.getByTestId('approval-form').getByLabel(x.approvedOn).fill(today)
    await page.getByTestId('approval-form').getByLabel(x.names).fill('Anna Muster, Beat Beispiel')
    await page.getByTestId('approval-form').getByLabel(x.reference).fill('SR-Protokoll 2026/1, Traktandum 3')
    await page.getByTestId('approval-form').getByRole('button', { name: x.record }).click()
    await expect(page.getByTestId('approval')).toContainText(x.recorded)
    await expect(page.getByTestId('approval-decision')).toContainText('SR-Protokoll 2026/1, Traktandum 3')
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

test('the freeze form warns when the reporting date lies long back, and follows the date chosen with JavaScript', async ({ page, signIn, noJs }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/report')
  const form = page.getByTestId('freeze-form')
  await expect(form.getByLabel('Stichtag')).toHaveValue(late ? '2025-12-31' : /\d{4}-12-31/)
  // The proposed date, judged on the server: the warning is there without JavaScript too.
  await expect(form.getByTestId('late-freeze')).toHaveCount(late ? 1 : 0)
  if (late) await expect(form.getByTestId('late-freeze')).toContainText('aus den heutigen Daten und dem Audit-Trail auf den Stichtag zurückgerechnet')
  if (noJs) return
  // A date typed while the page still hydrates may not reach the form's state: type it again until the warning follows.
  await expect(async () => {
    await form.getByLabel('Stichtag').fill(addDays(today, -1))
    await expect(form.getByTestId('late-freeze')).toHaveCount(0, { timeout: 1_000 })
  }).toPass()
  await expect(async () => {
    await form.getByLabel('Stichtag').fill(addDays(today, -200))
    await expect(form.getByTestId('late-freeze')).toBeVisible({ timeout: 1_000 })
  }).toPass()
})

test('a commentary over 4000 characters is refused with the form’s message, and what was typed stays', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/report')
  const long = 'x'.repeat(4001)
  await page.getByTestId('freeze-form').getByLabel('Kommentar der Geschäftsführung').fill(long)
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/app/report')),
    page.getByTestId('freeze-form').getByRole('button', { name: 'Jahresabschluss einfrieren' }).click(),
  ])
  expect(response.status()).toBe(400)
  await expect(page.getByTestId('freeze-form')).toContainText('Der Kommentar ist zu lang: höchstens 4000 Zeichen.')
  await expect(page.getByTestId('freeze-form').getByLabel('Kommentar der Geschäftsführung')).toHaveValue(long)
  await expect(page.getByTestId('snapshots')).toHaveCount(0)
})

test('a snapshot of a past date names in words what it cannot know, and says when it was frozen', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  // Recorded in June 2025 and changed today outside the app: no entry in the trail says what it was.
  await database().query(
    `insert into documents (customer_id, category, name, created_at, updated_at)
     select id, 'fund', 'Organisationsreglement', '2025-06-01T10:00:00Z', now() from customers where name = $1`,
    [admin.customer],
  )
  await signIn(admin)
  await page.goto('/app/report')
  await page.getByTestId('freeze-form').getByLabel('Stichtag').fill('2025-12-31')
  await page.getByTestId('freeze-form').getByRole('button', { name: 'Jahresabschluss einfrieren' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jahresabschluss per 31.12.2025')
  await expect(page.getByTestId('uncertain')).toContainText('Bei 1 Eintrag ist der Stand per 31.12.2025 nicht sicher bekannt:')
  await expect(page.getByTestId('uncertain').getByRole('listitem')).toHaveText([
    'Dokument Organisationsreglement: nach dem Stichtag ohne Eintrag im Audit-Trail geändert; gezählt mit den heutigen Werten.',
  ])
  if (late)
    await expect(page.getByTestId('frozen-late')).toHaveText(
      `Stand per 31.12.2025, eingefroren erst am ${formatDate(today)}: die Zahlen sind aus dem Audit-Trail auf den Stichtag zurückgerechnet.`,
    )
})

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

test('the report pages have no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  // axe needs JavaScript: the nojs project leaves @js-only tests out (playwright.config.ts).
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
