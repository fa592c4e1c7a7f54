import { formatDate, todayInZurich } from '../../models/core/dates.ts'
import { tag } from '../factories/index.ts'
import { database, expect, test } from './fixtures.ts'

/*
 * The risk appetite and a quarter's KRI values (issue 27), as the admin of Pensionskasse Alpha: in
 * German with JavaScript on, in French with JavaScript off. The admin chooses an indicator from the
 * catalogue (one of the journey's own, so the demo's indicators are neither needed nor touched), sets
 * its thresholds (the wrong order refused first), records the council's approval, enters the last
 * quarter's value (a word refused first, then a Swiss figure) and sees the list mark it outside the appetite
 * and, on its page, the measure it proposed on the risk it watches.
 */

const TEXT = {
  de: {
    boundsOrder: 'Die Schwellenwerte passen nicht zur Richtung',
    inForce: 'Gültig seit 01.01.2020',
    value: 'Keine gültige Zahl',
    red: 'Ausserhalb Appetit',
    unchanged: 'Seit der Genehmigung unverändert',
  },
  fr: {
    boundsOrder: 'Les seuils ne correspondent pas au sens',
    inForce: 'En vigueur depuis le 01.01.2020',
    value: 'Nombre non valable',
    red: 'Hors appétence',
    unchanged: 'Inchangé depuis l’approbation',
  },
}

/** The last quarter's end before today (a value of a quarter not yet ended would lie in the future). */
function lastQuarterEnd(today: string) {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  const q = Math.floor((month - 1) / 3) * 3
  const end = q === 0 ? new Date(Date.UTC(year, 0, 0)) : new Date(Date.UTC(year, q, 0))
  return end.toISOString().slice(0, 10)
}

let catalogId: string | null = null

test.afterEach(async () => {
  if (!catalogId) return
  // The journey's indicator goes again with its values, thresholds and links; the approval stays (it is never changed).
  // The measures its red value proposed (they name the KRI, which has no foreign key to keep them apart).
  await database().query('delete from measures where kri_id in (select id from kris where catalog_id = $1)', [catalogId])
  await database().query('delete from kris where catalog_id = $1', [catalogId])
  await database().query('delete from kri_catalog where id = $1', [catalogId])
  catalogId = null
})

test('the admin sets the appetite, records its approval, enters a quarter and sees the status', async ({ page, signIn, noJs, baseURL }) => {
  const lang = noJs ? 'fr' : 'de'
  const t = TEXT[lang]
  const key = `e2eKri${tag(4)}`
  const name = { de: `Deckungsgrad Test ${key}`, fr: `Degré de couverture test ${key}` }[lang]
  const { rows } = await database().query<{ id: string }>(
    `insert into kri_catalog (key, name_de, name_fr, name_en, unit, direction, sort)
     values ($1, $2, $3, $4, 'percent', 'higher', 990) returning id`,
    [key, `Deckungsgrad Test ${key}`, `Degré de couverture test ${key}`, `Coverage ratio test ${key}`],
  )
  catalogId = rows[0].id

  await signIn('admin')
  await page.getByRole('button', { name: 'Auswählen: Pensionskasse Alpha', exact: true }).click()
  await expect(page).toHaveURL(/\/app$/)
  // The reader's language for this browser only (the cookie as the app writes it), not the demo account's.
  const value = encodeURIComponent(Buffer.from(JSON.stringify(lang)).toString('base64'))
  await page.context().addCookies([{ name: 'lng', value, url: baseURL ?? 'http://localhost' }])

  // Choose the indicator from the catalogue.
  await page.goto('/app/risk/kri/appetite')
  const choose = page.getByTestId('choose-form')
  await choose.getByTestId(`choose-${key}`).check()
  await choose.locator('button[type=submit]').click()
  await expect(page.getByTestId('toast')).toBeVisible()
  const section = page.getByTestId(`appetite-kri-${key}`)
  await expect(section).toBeVisible()

  // Its thresholds from 2020: the wrong order is refused at its field, then the right one is kept.
  const thresholds = section.getByTestId('thresholds-form')
  await thresholds.locator('input[name=validFrom]').fill('2020-01-01')
  await thresholds.locator('input[name=amber]').fill('100')
  await thresholds.locator('input[name=red]').fill('110')
  await thresholds.locator('button[type=submit]').click()
  await expect(page.getByTestId(`appetite-kri-${key}`).getByText(t.boundsOrder)).toBeVisible()
  const again = page.getByTestId(`appetite-kri-${key}`).getByTestId('thresholds-form')
  await again.locator('input[name=validFrom]').fill('2020-01-01')
  await again.locator('input[name=amber]').fill('110')
  await again.locator('input[name=red]').fill('100')
  await again.locator('button[type=submit]').click()
  await expect(page.getByTestId('toast')).toBeVisible()
  await expect(page.getByTestId(`appetite-kri-${key}`).getByTestId('appetite-thresholds')).toContainText(t.inForce)

  // The council approves the appetite.
  await page.getByTestId('appetite-approve').click()
  const approval = page.getByTestId('approval-form')
  // The council's decision recorded in the same form (the register of decisions), decided today.
  await approval.locator('input[name=decisionReference]').fill(`SR-Beschluss ${key}`)
  await approval.locator('input[name=decisionTitle]').fill(`Risikoappetit ${key}`)
  await approval.locator('input[name=decidedBy]').fill('Stiftungsrat')
  await approval.locator('input[name=scoreLimit]').fill('12')
  await approval.locator('button[type=submit]').click()
  await expect(page.getByTestId('toast')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/risk\/kri\/appetite$/)
  await expect(page.getByTestId('approval-date')).toHaveText(formatDate(todayInZurich()))
  await expect(page.getByTestId('appetite-approval')).toContainText(`SR-Beschluss ${key}`)
  await expect(page.getByTestId('appetite-approval')).toContainText(t.unchanged)

  // It watches a risk of the inventory: a value outside the appetite proposes a measure on it.
  await page.goto('/app/risk/kri')
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name }) })
    .getByRole('link', { name })
    .click()
  await page.getByTestId('kri-link-open').click()
  const link = page.getByTestId('kri-link-form')
  const riskLabel = (await link.locator('select[name=riskId] option').nth(0).textContent()) ?? ''
  await link.locator('button[type=submit]').click()
  await expect(page.getByTestId('toast')).toBeVisible()
  await expect(page.getByTestId('kri-risks')).toContainText(riskLabel.trim())

  // The last quarter's value: a word is refused in the reader's language, a Swiss figure is kept.
  const quarter = lastQuarterEnd(todayInZurich())
  await page.goto(`/app/risk/kri/values?date=${quarter}`)
  const group = page.getByRole('group', { name: name })
  await group.locator('input[name^=value-]').fill('fünfundneunzig')
  await page.getByTestId('kri-values-form').locator('button[type=submit]').click()
  await expect(page.getByRole('group', { name: name }).getByText(t.value)).toBeVisible()
  const fixed = page.getByRole('group', { name: name })
  await fixed.locator('input[name^=value-]').fill('95,5')
  await fixed.locator('input[name^=comment-]').fill('Stichtag')
  await page.getByTestId('kri-values-form').locator('button[type=submit]').click()
  await expect(page.getByTestId('toast')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/risk\/kri$/)

  // The list marks it outside the appetite, with the figure and its date.
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) })
  await expect(row.getByTestId('kri-value')).toHaveText('95.5\u00a0%')
  await expect(row.getByTestId('kri-status')).toHaveAttribute('data-status', 'red')
  await expect(row.getByTestId('kri-status')).toContainText(t.red)
  await expect(row).toContainText(formatDate(quarter))
  await expect(row.getByTestId('kri-sparkline')).toHaveCount(1)

  // Its page: the trend drawn on the server with the bands, and the table of values.
  await row.getByRole('link', { name }).click()
  await expect(page.getByTestId('kri-trend')).toBeVisible()
  await expect(page.getByTestId('kri-values-table')).toContainText('Stichtag')
  // The measure proposed on the watched risk, in edit, for the owner to take up.
  await expect(page.getByTestId('kri-measures').getByRole('listitem')).toHaveCount(1)
  await expect(page.getByTestId('kri-measures')).toContainText(key)
})
