import { database, expect, insertCustomerWithUser, test } from './fixtures.ts'

/** A day in Zurich, `days` from today, as a date input takes it (yyyy-mm-dd). */
const zurichDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  )

/** yyyy-mm-dd as the pages show it (dd.mm.yyyy). */
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`

const DUTIES = ['informSupervisor', 'informEmployer', 'informInsured', 'informPensioners', 'decideMeasures', 'reportEffect'] as const

/**
 * An open underfunding case of the fund, as a coverage ratio below 100 % at `periodEnd` leaves it: the six
 * duties, the first four due 90 days after it (overdue by now), the others later.
 */
async function underfundingCase(customer: string, periodEnd: string) {
  const { rows } = await database().query<{ id: string; customer_id: string }>(
    `insert into underfunding_cases (customer_id, period_end, coverage_ratio)
     select id, $2, 97.4 from customers where name = $1 returning id, customer_id`,
    [customer, periodEnd],
  )
  const days = [90, 90, 90, 90, 180, 365]
  for (const [i, duty] of DUTIES.entries())
    await database().query(`insert into underfunding_duties (customer_id, case_id, duty, due_on) values ($1, $2, $3, $4::date + $5::int)`, [
      rows[0]!.customer_id,
      rows[0]!.id,
      duty,
      periodEnd,
      days[i],
    ])
}

const TEXTS = {
  de: { title: 'Pflichten bei Unterdeckung', overdue: 'überfällig', evidence: 'Bitte geben Sie den Nachweis an.', done: 'Erledigt am', ratio: '97.4 %' },
  fr: { title: 'Obligations en cas de découvert', overdue: 'en retard', evidence: 'Veuillez indiquer la preuve.', done: 'Remplie le', ratio: '97.4 %' },
} as const

for (const language of ['de', 'fr'] as const) {
  test(`${language}: a writer of RM records an underfunding duty done with its date and evidence`, async ({ page, signIn }) => {
    test.setTimeout(90_000)
    const text = TEXTS[language]
    const account = await insertCustomerWithUser({ role: 'write', language })
    const periodEnd = zurichDay(-120)
    await underfundingCase(account.customer, periodEnd)
    await signIn(account)

    await page.goto('/app/risk/kri/underfunding')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title)
    await expect(page.getByText(text.ratio).first()).toBeVisible()
    const duty = page.getByTestId('duty-informSupervisor')
    await expect(duty.getByTestId('duty-overdue')).toContainText(text.overdue)
    await expect(page.getByTestId('duty-reportEffect').getByTestId('duty-overdue')).toHaveCount(0)

    // Without evidence: refused at its field, the date kept.
    const form = duty.getByTestId('duty-form')
    const doneOn = zurichDay(-3)
    await form.locator('[name="doneOn"]').fill(doneOn)
    await form.locator('button[type="submit"]').click()
    await expect(page.getByTestId('duty-informSupervisor').getByText(text.evidence)).toBeVisible()
    await expect(page.getByTestId('duty-informSupervisor').locator('[name="doneOn"]')).toHaveValue(doneOn)

    // With evidence: recorded, the duty shows its date, who and the evidence, and is no longer overdue.
    const again = page.getByTestId('duty-informSupervisor').getByTestId('duty-form')
    await again.locator('[name="evidence"]').fill('Schreiben an die Aufsichtsbehörde')
    await again.locator('button[type="submit"]').click()
    const done = page.getByTestId('duty-informSupervisor').getByTestId('duty-done')
    await expect(done).toContainText(`${text.done} ${shown(doneOn)}`)
    await expect(done).toContainText('Schreiben an die Aufsichtsbehörde')
    await expect(page.getByTestId('duty-informSupervisor').getByTestId('duty-overdue')).toHaveCount(0)
    await expect(page.getByTestId('duty-informEmployer').getByTestId('duty-overdue')).toBeVisible()
  })
}
