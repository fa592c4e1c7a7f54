import AxeBuilder from '@axe-core/playwright'
import { backdateFund, evaluate, expect, goStep, insertCustomerWithUser, test } from './fixtures.ts'

const fits = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth)

test('an admin freezes a snapshot, changes a risk, and sees the change in the inventory and the score over time', async ({ page, signIn }) => {
  test.setTimeout(90_000)
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)

  // Two risks from the catalogue; the first one evaluated 2 × 2.
  await page.goto('/app/risk/catalog')
  const first = page.getByRole('listitem').filter({ hasText: '01.01' })
  const title = (await first.locator('label').innerText()).replace('01.01', '').trim()
  await first.getByRole('checkbox').check()
  await page.getByRole('listitem').filter({ hasText: '02.01' }).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Ausgewählte Risiken ins Inventar übernehmen' }).first().click()
  await expect(page.getByTestId('toast')).toHaveText('Eintrag hinzugefügt')
  await page.getByRole('link', { name: title }).click()
  await page.waitForURL(/\/app\/risk\/[0-9a-f-]{36}/)
  const riskUrl = page.url()
  await evaluate(page, 2, 2)
  // Both risks and their rating existed before the reporting date the snapshot counts them at.
  await backdateFund(admin.customer, '2025-06-02T10:00:00Z')

  // Without a snapshot the inventory offers no comparison.
  await page.goto('/app/risk')
  await expect(page.getByLabel('Verändert seit')).toHaveCount(0)

  // Freeze the snapshot of 31.12.2025.
  await page.goto('/app/report')
  await page.getByTestId('freeze-form').getByLabel('Stichtag').fill('2025-12-31')
  await page.getByTestId('freeze-form').getByRole('button', { name: 'Jahresabschluss einfrieren' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jahresabschluss per 31.12.2025')

  // Raise the first risk to 5 × 5.
  await page.goto(riskUrl)
  await evaluate(page, 5, 5)

  // The inventory changed since 31.12.2025: the first risk's score went up (4 → 25), the second is unchanged.
  await page.goto('/app/risk')
  await page.getByLabel('Verändert seit').selectOption({ label: '31.12.2025' })
  await page.getByRole('button', { name: 'Filtern' }).click()
  await expect(page).toHaveURL(/since=/)
  const sinceUrl = page.url()
  await expect(page.getByRole('columnheader', { name: 'Seit 31.12.2025' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('Bewertung gestiegen')
  await expect(row).toContainText('4 → 25')
  await expect(page.getByRole('row').filter({ hasText: '02.01' })).toContainText('Unverändert')
  await expect(page.getByText('Seit dem 31.12.2025 wurde kein Risiko entfernt.')).toBeVisible()

  // The evaluation step shows the score over time, with its numbers in a table for screen readers.
  await page.getByRole('link', { name: title }).click()
  await goStep(page, 3, 'Bewertung')
  await expect(page.getByTestId('score-history').getByRole('img', { name: 'Risikowert im Verlauf' })).toBeVisible()
  const table = page.getByTestId('step-chart-table')
  await expect(table).toContainText('31.12.2025')
  await expect(table).toContainText('Jahresabschluss')
  await expect(table).toContainText('Änderung')
  await expect(table.getByRole('row').last()).toContainText('25')
  // On a time scale: the snapshot's point sits at its reporting date, the changes of today far to its
  // right, and the time axis is labelled with months in between (not "28.11.2026 … 28.11.2026").
  const chart = page.getByTestId('step-chart')
  const snapshotPoint = chart.locator('rect[data-point]')
  await expect(snapshotPoint.locator('title')).toHaveText(/^31\.12\.2025, Jahresabschluss/)
  const snapshotX = Number(await snapshotPoint.getAttribute('x')) + 5
  const changeXs = await chart.locator('circle[data-point]').evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('cx'))))
  // The rating of June 2025 sits before the snapshot; today's change far to its right.
  const afterSnapshot = changeXs.filter((x) => x > snapshotX)
  expect(afterSnapshot.length).toBeGreaterThan(0)
  for (const x of afterSnapshot) expect(x - snapshotX).toBeGreaterThan(300)
  const ticks = await chart.locator('[data-tick] text').allTextContents()
  expect(ticks.length).toBeGreaterThanOrEqual(2)
  expect(new Set(ticks).size).toBe(ticks.length)
  expect(ticks.some((label) => /2026/.test(label))).toBe(true)
  // A proper size: the chart takes the step's width, not one narrow column of it.
  expect((await chart.boundingBox())!.width).toBeGreaterThan(600)
  await chart.screenshot({ path: 'test-results/score-chart.png' })

  // On a phone, the chart, the inventory's comparison and the quality trend fit the width.
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await fits(page)).toBeLessThanOrEqual(390)
  await page.goto(sinceUrl)
  await expect(page.getByTestId('removed-since').or(page.getByText('Seit dem 31.12.2025 wurde kein Risiko entfernt.'))).toBeVisible()
  expect(await fits(page)).toBeLessThanOrEqual(390)
  await page.goto('/app/report')
  await expect(page.getByText('Der Verlauf erscheint ab zwei Jahresabschlüssen.')).toBeVisible()
  expect(await fits(page)).toBeLessThanOrEqual(390)
})

test('the quality index over two snapshots is drawn per main process with a table', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  for (const date of ['2024-12-31', '2025-12-31']) {
    await page.goto('/app/report')
    await page.getByTestId('freeze-form').getByLabel('Stichtag').fill(date)
    await page.getByTestId('freeze-form').getByRole('button', { name: 'Jahresabschluss einfrieren' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(date.slice(0, 4))
  }
  await page.goto('/app/report')
  await expect(page.getByTestId('small-multiples')).toBeVisible()
  const table = page.getByTestId('small-multiples-table')
  await expect(table.getByRole('columnheader', { name: '31.12.2024' })).toHaveCount(1)
  await expect(table.getByRole('columnheader', { name: '31.12.2025' })).toHaveCount(1)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  expect(await fits(page)).toBeLessThanOrEqual(390)
})

test('the charts have no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  // axe needs JavaScript: the nojs project leaves @js-only tests out (playwright.config.ts).
  // Two freezes and axe over three pages: 30 s ran out on two cores under the full run.
  test.setTimeout(60_000)
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/risk/catalog')
  await page.getByRole('listitem').filter({ hasText: '01.01' }).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Ausgewählte Risiken ins Inventar übernehmen' }).first().click()
  await expect(page.getByTestId('toast')).toHaveText('Eintrag hinzugefügt')
  await backdateFund(admin.customer, '2024-06-03T10:00:00Z')
  for (const date of ['2024-12-31', '2025-12-31']) {
    await page.goto('/app/report')
    await page.getByTestId('freeze-form').getByLabel('Stichtag').fill(date)
    await page.getByTestId('freeze-form').getByRole('button', { name: 'Jahresabschluss einfrieren' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(date.slice(0, 4))
  }
  await page.goto('/app/risk')
  await page.locator('tbody a').first().click()
  await page.waitForURL(/\/app\/risk\/[0-9a-f-]{36}/)
  for (const path of [`${new URL(page.url()).pathname}?step=evaluation`, '/app/report', '/app/risk']) {
    await page.goto(path)
    if (path.endsWith('evaluation')) await expect(page.getByTestId('step-chart')).toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`),
      path,
    ).toEqual([])
  }
})
