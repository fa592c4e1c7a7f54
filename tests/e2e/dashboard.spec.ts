import AxeBuilder from '@axe-core/playwright'
import { expect, insertCustomerWithUser, test } from './fixtures.ts'

/*
 * The dashboard's top row (issue 11), with JavaScript on and off (the two projects): the demo admin
 * sees it and follows a tile to its filtered list; in French on a fund of its own, whose figures
 * are all zero. The charts are SVG drawn on the server, so they are there without JavaScript too.
 */

test('the demo admin sees the top row and follows a tile to its filtered list', async ({ page, signIn }) => {
  await signIn('admin')
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha' }).click()
  await expect(page).toHaveURL(/\/app$/)
  const row = page.getByTestId('dashboard-top-row')
  await expect(row.getByRole('heading', { name: 'Fällige Massnahmen' })).toBeVisible()
  await expect(row.getByTestId('heat-map')).toBeVisible()
  await expect(row.getByTestId('bar-chart')).toBeVisible()
  await expect(row.getByRole('img', { name: 'IKS-Qualitätsindex' })).toBeVisible()
  const overdue = row.getByRole('link', { name: /^Pensionskasse: \d+ überfällige Massnahmen?$/ })
  await overdue.click()
  await expect(page).toHaveURL(/\/app\/measures\?tab=fund&status=overdue$/)
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('overdue')
  await page.goBack()
  await row.getByRole('link', { name: 'Risikoinventar öffnen' }).click()
  await expect(page).toHaveURL(/\/app\/risk$/)
})

test('a French admin sees the row in French and opens the quality index', async ({ page, signIn }) => {
  const user = await insertCustomerWithUser({ role: 'admin', language: 'fr' })
  await signIn(user)
  await expect(page).toHaveURL(/\/app$/)
  const row = page.getByTestId('dashboard-top-row')
  await expect(row.getByRole('heading', { name: 'Mesures à échéance' })).toBeVisible()
  await expect(row.getByRole('link', { name: 'Caisse de pension\u00a0: 0 mesure en retard' })).toHaveText('0')
  await row.getByRole('link', { name: 'Ouvrir l’indice de qualité' }).click()
  await expect(page).toHaveURL(/\/app\/iks\/qsindex$/)
})

test('a title in “my measures” opens that measure', async ({ page, signIn }) => {
  await signIn('writer')
  await expect(page).toHaveURL(/\/app$/)
  const row = page.getByTestId('my-measures').locator('tbody tr').first()
  const number = (await row.locator('td').nth(2).textContent())!.trim()
  expect(number).toMatch(/^M-\d+$/)
  await row.locator('a').first().click()
  await expect(page).toHaveURL(/\/app\/measures\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: new RegExp(`${number}$`) })).toBeVisible()
})

test('a member without a tool sees no top row', async ({ page, signIn }) => {
  await signIn('norights')
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByTestId('dashboard-top-row')).toHaveCount(0)
})

test('the dashboard with its top row has no serious accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  // axe runs with JavaScript: the nojs project leaves @js-only tests out (playwright.config.ts).
  await signIn('admin')
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha' }).click()
  await expect(page.getByTestId('dashboard-top-row')).toBeVisible()
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
})
