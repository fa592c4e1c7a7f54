import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/*
 * A phone, 390 px wide, with JavaScript on and off (the two projects), issue 22: lists are cards and
 * start with the list, their filters and export links folded away; a table that scrolls sideways
 * says so; a toast does not cover the header or the user menu.
 */

const PHONE = { width: 390, height: 844 }

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  expect(b, String(locator)).not.toBeNull()
  return b!
}

async function expectCards(page: Page) {
  const rows = page.locator('main table tbody tr')
  await expect(rows.first()).toBeVisible()
  const first = await rows.first().evaluate((tr) => {
    const style = getComputedStyle(tr)
    const cell = tr.querySelector('td[data-label]')
    return {
      display: style.display,
      border: style.borderTopWidth,
      width: tr.getBoundingClientRect().width,
      label: cell ? getComputedStyle(cell, '::before').content : '',
      expected: cell?.getAttribute('data-label') ?? '',
    }
  })
  // Each row a card: a block with a border of its own, as wide as the screen allows, each value after its column's name.
  expect(first.display).toBe('block')
  expect(first.border).toBe('1px')
  expect(first.width).toBeLessThanOrEqual(390)
  expect(first.expected).not.toBe('')
  expect(first.label).toBe(`"${first.expected}"`)
}

test('on a phone a list shows cards and folds its filters and export links away', async ({ page, signIn }) => {
  await page.setViewportSize(PHONE)
  await signIn('writer')
  for (const path of ['/app/measures?tab=risk', '/app/risk']) {
    await page.goto(path)
    const tools = page.getByTestId('list-tools')
    await expect(tools).not.toHaveAttribute('open')
    await expect(page.getByRole('search', { name: 'Filter' })).toBeHidden()
    await expect(page.getByTestId('list-exports').getByRole('link').first()).toBeHidden()
    await expectCards(page)
    // The list comes before anything folded: its first card starts in the first screen.
    expect((await box(page.locator('main table tbody tr').first())).y).toBeLessThan(PHONE.height)
    // Opening the fold (a <details>: no JavaScript needed) shows the filters and the export links.
    await tools.locator('summary').click()
    await expect(page.getByRole('search', { name: 'Filter' })).toBeVisible()
    await expect(page.getByTestId('list-exports').getByRole('link').first()).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
  }
  // A filtered list says so on the folded summary.
  await page.goto('/app/measures?tab=risk&q=zzz-none')
  await expect(page.getByTestId('list-tools').locator('summary')).toContainText('Filter aktiv')
})

test('on a wide screen the filters and export links show without unfolding', async ({ page, signIn }) => {
  await signIn('writer')
  await page.goto('/app/measures?tab=risk')
  await expect(page.getByTestId('list-tools').locator('summary')).toBeHidden()
  await expect(page.getByRole('search', { name: 'Filter' })).toBeVisible()
  await expect(page.getByTestId('list-exports').getByRole('link').first()).toBeVisible()
  const display = await page
    .locator('main table tbody tr')
    .first()
    .evaluate((tr) => getComputedStyle(tr).display)
  expect(display).toBe('table-row')
})

test('on a phone a table that scrolls sideways shows it and can be scrolled by keyboard', async ({ page, signIn }) => {
  await page.setViewportSize(PHONE)
  // writer@ has reader@ as an active deputy.
  await signIn('writer')
  await page.goto('/app/user/dselector')
  const region = page.getByRole('region', { name: 'Meine Stellvertretungen' })
  await expect(region).toBeVisible()
  await expect(region).toHaveAttribute('tabindex', '0')
  const state = await region.evaluate((el) => ({ overflows: el.scrollWidth > el.clientWidth, background: getComputedStyle(el).backgroundImage }))
  expect(state.overflows).toBe(true)
  // Shadows at the edges where more follows (CSS only).
  expect(state.background).toContain('radial-gradient')
  const hint = page.getByTestId('scroll-hint').first()
  await expect(hint).toBeVisible()
  await expect(hint).toContainText('seitwärts')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/phone-deputies.png' })
  // On a wide screen the line is not needed.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(hint).toBeHidden()
})

test('on a phone a toast covers neither the header nor the user menu', async ({ page, signIn }) => {
  await page.setViewportSize(PHONE)
  await signIn('admin')
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha' }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toHaveText('Kunde ausgewählt')
  const t = await box(toast)
  const header = await box(page.locator('header').first())
  const menu = await box(page.getByTestId('user-menu'))
  expect(overlaps(t, header), 'toast over the header').toBe(false)
  expect(overlaps(t, menu), 'toast over the user menu').toBe(false)
  // On screen, whole.
  expect(t.x).toBeGreaterThanOrEqual(0)
  expect(t.x + t.width).toBeLessThanOrEqual(390)
  expect(t.y + t.height).toBeLessThanOrEqual(PHONE.height)
  await page.screenshot({ path: 'test-results/phone-toast.png' })
})

test('on a phone the dashboard and the measures list, screenshots', async ({ page, signIn }) => {
  await page.setViewportSize(PHONE)
  await signIn('writer')
  await page.goto('/app/measures?tab=risk')
  await expect(page.locator('main table tbody tr').first()).toBeVisible()
  await page.screenshot({ path: 'test-results/phone-measures.png' })
  await page.goto('/app')
  await expect(page.getByTestId('heat-map')).toBeVisible()
  await page.screenshot({ path: 'test-results/phone-dashboard.png', fullPage: true })
})
