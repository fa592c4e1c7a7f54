import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/*
 * One orientation for every risk matrix on screen (issue 22): the dashboard's heat map and the risk
 * map put severity on the vertical axis (highest at the top) and probability on the horizontal one,
 * so the same risks sit in the same cell on both pages. Both link a cell to the inventory filtered
 * to it (`/app/risk?cell=<probability>-<severity>`), which names the cell independently of the drawing.
 */

type Place = { cell: string; x: number; y: number }

async function places(links: Locator): Promise<Place[]> {
  const out: Place[] = []
  for (const link of await links.all()) {
    const cell = new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('cell')!
    const box = (await link.boundingBox())!
    out.push({ cell, x: box.x + box.width / 2, y: box.y + box.height / 2 })
  }
  return out
}

/** For each pair of cells: is the first left of / above the second? The same on every page if the orientation is. */
function relations(all: Place[], cells: string[]) {
  const at = new Map(all.map((p) => [p.cell, p]))
  const out: string[] = []
  for (const a of cells)
    for (const b of cells) {
      if (a === b) continue
      const pa = at.get(a)!
      const pb = at.get(b)!
      const h = Math.abs(pa.x - pb.x) < 2 ? '=' : pa.x < pb.x ? 'left of' : 'right of'
      const v = Math.abs(pa.y - pb.y) < 2 ? '=' : pa.y < pb.y ? 'above' : 'below'
      out.push(`${a} ${h}/${v} ${b}`)
    }
  return out
}

async function dashboardCells(page: Page) {
  await page.goto('/app')
  const map = page.getByTestId('dashboard-top-row').getByTestId('heat-map')
  await expect(map).toBeVisible()
  return places(map.locator('a[href*="cell="]'))
}

test('the dashboard’s heat map and the risk map put the same risks in the same cells', async ({ page, signIn }) => {
  await signIn('admin')
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha' }).click()
  await expect(page).toHaveURL(/\/app$/)
  const dashboard = await dashboardCells(page)
  const cells = dashboard.map((p) => p.cell)
  // The demo fund's risks are spread over several cells, some above and left of others.
  expect(cells.length).toBeGreaterThanOrEqual(3)
  const filled = new Map<string, string>()
  for (const c of cells) filled.set(c, (await page.locator(`[data-testid="heat-map"] a[href$="cell=${c}"]`).textContent())!.trim())

  await page.goto('/app/risk/map')
  const grid = page.getByTestId('risk-map')
  await expect(grid).toBeVisible()
  const map = await places(grid.locator('a[href*="cell="]'))
  expect(relations(dashboard, cells)).toEqual(relations(map, cells))
  for (const [c, n] of filled) await expect(grid.locator(`td[data-cell="${c}"]`)).toHaveText(n)

  // Severity is up, probability to the right: the cell 1-5 (rare, grave) is above and left of 5-1.
  const corner = async (cell: string) => (await grid.locator(`td[data-cell="${cell}"]`).boundingBox())!
  const [rareGrave, likelySlight] = [await corner('1-5'), await corner('5-1')]
  expect(rareGrave.y).toBeLessThan(likelySlight.y)
  expect(rareGrave.x).toBeLessThan(likelySlight.x)
  await page.goto('/app')
  const heat = page.getByTestId('heat-map')
  const [h15, h51] = [(await heat.locator('[data-cell="1-5"]').boundingBox())!, (await heat.locator('[data-cell="5-1"]').boundingBox())!]
  expect(h15.y).toBeLessThan(h51.y)
  expect(h15.x).toBeLessThan(h51.x)
  // The axes carry the level numbers and the fund's level names.
  await expect(page.getByTestId('heat-map-legend')).toContainText('Schadensausmass')
  await expect(page.getByTestId('heat-map-legend')).toContainText('5 ')
})
