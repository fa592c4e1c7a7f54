import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('the login page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/')
  expect(await seriousViolations(page)).toEqual([])
})

test('the app shell has no serious or critical accessibility violation, also with the user menu open', async ({ page, signIn }) => {
  await signIn('writer')
  await expect(page).toHaveURL(/\/app$/)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByTestId('user-menu').click()
  expect(await seriousViolations(page)).toEqual([])
})

// The writer's pages in groups of a few axe runs each (one axe run takes up to 10 s on two busy cores).
const WRITER_PAGES: Record<string, string[]> = {
  'the account pages': ['/app/user/profile', '/app/user/pwd', '/app/user/dselector', '/app/user/customer'],
  'the measures': ['/app/measures', '/app/measures?tab=risk&view=confirmed', '/app/measures/new'],
  'documents and work processes': ['/app/docs', '/app/docs/new', '/app/docs?tab=workprocess', '/app/work-process', '/app/work-process/new'],
  'DSG, debug, help and the password reset': ['/app/dsg', '/app/debug', '/help', '/pwdreset'],
}
for (const [group, paths] of Object.entries(WRITER_PAGES)) {
  test(`${group} have no serious or critical accessibility violation`, async ({ page, signIn }) => {
    test.setTimeout(120_000)
    await signIn('writer')
    for (const path of paths) {
      await page.goto(path)
      expect(await seriousViolations(page), path).toEqual([])
    }
  })
}

test('the four risk screens have no serious or critical accessibility violation', async ({ page, signIn }) => {
  // Seven axe runs: 90 s ran out on two cores under the full run.
  test.setTimeout(180_000)
  await signIn('writer')
  for (const path of ['/app/risk', '/app/risk/catalog', '/app/risk/map']) {
    await page.goto(path)
    const results = await new AxeBuilder({ page }).analyze()
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`),
      path,
    ).toEqual([])
  }
  await page.goto('/app/risk')
  await page.locator('tbody a').first().click()
  for (const step of ['intro', 'evaluation', 'steering', 'documents']) {
    await page.goto(`${page.url().split('?')[0]}?step=${step}`)
    const results = await new AxeBuilder({ page }).analyze()
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`),
      step,
    ).toEqual([])
  }
})

test('user management has no serious or critical accessibility violation', async ({ page, signIn }) => {
  await signIn('admin')
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha' }).click()
  await expect(page).toHaveURL(/\/app$/)
  for (const path of ['/app/admin/users', '/app/admin/users/new', '/app/admin/users/new?kind=auditor']) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
})

test('the operator screens have no serious or critical accessibility violation', async ({ page, signIn }) => {
  // Axe over every operator screen; the pages grew (folded filters, scroll regions) and two workers share two cores.
  test.setTimeout(180_000)
  await signIn('sadmin')
  for (const path of [
    '/app/sadmin',
    '/app/sadmin/customers',
    '/app/sadmin/users',
    '/app/sadmin/mails',
    '/app/sadmin/mails/welcome/de',
    '/app/sadmin/news',
    '/app/sadmin/news/new',
    '/app/sadmin/risks',
    '/app/sadmin/risks/themes',
    '/app/sadmin/ikss',
    '/app/sadmin/ikss/themes',
    '/app/sadmin/ikss/themes/new',
    '/app/sadmin/ikss/subthemes',
    '/app/sadmin/ikss/subthemes/new',
  ]) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
})

test('the ICS screens have no serious or critical accessibility violation', async ({ page, signIn }) => {
  test.setTimeout(90_000)
  await signIn('admin')
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha' }).click()
  await expect(page).toHaveURL(/\/app$/)
  for (const path of ['/app/iks', '/app/iks/catalog', '/app/iks/qsindex', '/app/iks/control-matrix', '/app/iks/executions']) {
    await page.goto(path)
    expect(await seriousViolations(page), path).toEqual([])
  }
  await page.goto('/app/iks')
  await page.locator('tbody a').first().click()
  expect(await seriousViolations(page), 'process detail').toEqual([])
  // The step "Execution" (issue 25): the plan's form, the executions, the occasion's form.
  await page.goto(`${new URL(page.url()).pathname}?step=execution`)
  await expect(page.getByTestId('plan-form')).toBeVisible()
  expect(await seriousViolations(page), 'process execution step').toEqual([])
})
