import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { database, expect, insertCustomerWithUser, insertUser, test } from './fixtures.ts'

/*
 * The data protection area's overview (issue 10): its tabs and its head row, with JavaScript on and
 * off (the two projects), in German and French. The demo accounts are shared by every spec, so their
 * language stays German; the French journey and the figures with values use a fund of their own.
 */

const HOUR = 3_600_000

/** A member of `customer` with the dsg role on both tools, in French. */
async function insertDsgUser(customer: string) {
  return insertUser({ customer, role: 'dsg', language: 'fr', firstName: 'Delphine', lastName: 'Sauter' })
}

/** Records on both sides of each figure: 1 activity due, 1 assessment open, 2 breaches open (1 overdue, found 100 hours ago), 1 request due soon, 1 overdue. */
async function insertRecords(customer: string) {
  const db = database()
  const { rows } = await db.query<{ id: string }>('select id from customers where name = $1', [customer])
  const id = rows[0].id
  const activity = async (n: number, state: string, lastReviewedOn: string) =>
    (
      await db.query<{ id: string }>(
        `insert into dsg_activities (customer_id, idkey, name, state, last_reviewed_on) values ($1, $2, $3, $4, $5) returning id`,
        [id, n, `Tätigkeit ${n}`, state, lastReviewedOn],
      )
    ).rows[0].id
  await activity(1, 'active', '2000-01-01')
  await activity(2, 'active', '2999-01-01')
  await db.query(`insert into dsg_dpias (customer_id, activity_id, state) values ($1, $2, 'open')`, [id, await activity(3, 'draft', '2999-01-01')])
  await db.query(`insert into dsg_dpias (customer_id, activity_id, state) values ($1, $2, 'approved')`, [id, await activity(4, 'draft', '2999-01-01')])
  const breach = (n: number, hoursAgo: number, highRisk: boolean | null, state = 'open') =>
    db.query(`insert into dsg_breaches (customer_id, idkey, title, discovered_at, high_risk, state) values ($1, $2, $3, $4, $5, $6)`, [
      id,
      n,
      `Verletzung ${n}`,
      new Date(Date.now() - hoursAgo * HOUR - 10 * 60_000),
      highRisk,
      state,
    ])
  await breach(1, 100, true)
  await breach(2, 5, null) // not yet judged: its notice target counts down (72 h from discovery)
  await breach(4, 200, false)
  await breach(3, 500, true, 'closed')
  const day = (offset: number) => new Date(Date.now() + offset * 24 * HOUR).toLocaleDateString('en-CA', { timeZone: 'Europe/Zurich' })
  const request = (n: number, dueOn: string, state = 'open') =>
    db.query(`insert into dsg_requests (customer_id, idkey, kind, received_on, due_on, requester_name, state) values ($1, $2, 'access', $3, $3, 'X', $4)`, [
      id,
      n,
      dueOn,
      state,
    ])
  await request(1, day(3))
  await request(2, day(-3))
  await request(3, day(20))
  await request(4, day(-10), 'answered')
}

const figure = (page: Page, id: string) => page.getByTestId(`dsg-head-${id}`)

test('the data protection role sees the head row and every tab of the area', async ({ page, signIn }) => {
  await signIn('dsg')
  // The app's main navigation leads to the area.
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'DSG', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/dsg$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz (DSG)')

  const tabs = page.getByRole('navigation', { name: 'Bereiche des Datenschutzes' })
  const expected: [string, string][] = [
    ['Übersicht', '/app/dsg'],
    ['Bearbeitungsverzeichnis', '/app/dsg/processing'],
    ['Folgenabschätzungen', '/app/dsg/dpia'],
    ['Verletzungen der Datensicherheit', '/app/dsg/breaches'],
    ['Begehren betroffener Personen', '/app/dsg/requests'],
  ]
  await expect(tabs.getByRole('link')).toHaveText(expected.map(([name]) => name))
  for (const [name, href] of expected) await expect(tabs.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  await expect(tabs.getByRole('link', { name: 'Übersicht' })).toHaveAttribute('aria-current', 'page')

  await expect(page.getByRole('heading', { name: 'Pendenzen im Datenschutz' })).toBeVisible()
  for (const [id, href] of [
    ['activities', '/app/dsg/processing?due=yes'],
    ['dpias', '/app/dsg/dpia?open=yes'],
    ['breaches', '/app/dsg/breaches?state=open'],
    ['requests-soon', '/app/dsg/requests?due=soon'],
    ['requests-overdue', '/app/dsg/requests?due=overdue'],
  ]) {
    await expect(figure(page, id).getByRole('link')).toHaveAttribute('href', href)
    await expect(figure(page, id).getByRole('link')).toHaveText(/^\d+/)
  }
  await expect(figure(page, 'breaches')).toContainText('Offene Verletzungen der Datensicherheit')
  // What was there before stays below the head row.
  await expect(page.getByRole('heading', { name: /Offene Datenschutz-Massnahmen/ })).toBeVisible()
})

test('a reader sees activities and assessments, but no breach or request tab or figure', async ({ page, signIn }) => {
  await signIn('reader')
  await page.goto('/app/dsg')
  const tabs = page.getByRole('navigation', { name: 'Bereiche des Datenschutzes' })
  await expect(tabs.getByRole('link')).toHaveText(['Übersicht', 'Bearbeitungsverzeichnis', 'Folgenabschätzungen'])
  await expect(figure(page, 'activities')).toBeVisible()
  await expect(figure(page, 'dpias')).toBeVisible()
  await expect(figure(page, 'breaches')).toHaveCount(0)
  await expect(figure(page, 'requests-soon')).toHaveCount(0)
  await expect(figure(page, 'requests-overdue')).toHaveCount(0)
  await expect(page.locator('main')).not.toContainText('Begehren betroffener Personen')
})

test('en français : les chiffres de la tête, l’horloge des violations et le tableau de bord', async ({ page, signIn }) => {
  const { customer } = await insertCustomerWithUser({ role: 'admin', language: 'fr' })
  await insertRecords(customer)
  const member = await insertDsgUser(customer)
  await signIn(member)
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'LPD', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/dsg$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protection des données (LPD)')
  await expect(page.getByRole('navigation', { name: 'Rubriques de la protection des données' }).getByRole('link')).toHaveText([
    'Vue d’ensemble',
    'Registre des activités de traitement',
    'Analyses d’impact',
    'Violations de la sécurité des données',
    'Demandes des personnes concernées',
  ])
  const head = page.getByTestId('dsg-head')
  await expect(head.getByRole('heading')).toHaveText('Points en suspens en protection des données')
  await expect(figure(page, 'activities').getByRole('link')).toHaveText('1Activités de traitement à réexaminer')
  await expect(figure(page, 'dpias').getByRole('link')).toHaveText('1Analyses d’impact en cours')
  await expect(figure(page, 'breaches').getByRole('link')).toHaveText('3Violations de la sécurité des données en cours')
  await expect(figure(page, 'breaches')).toContainText('Annonces au PFPDT en retard\u00a0: 1')
  await expect(figure(page, 'breaches')).toContainText('Prochain délai d’annonce\u202f: encore 66\u00a0h (objectif\u202f: 72\u00a0h après la découverte).')
  await expect(figure(page, 'requests-soon').getByRole('link')).toHaveText('1Demandes de personnes concernées, échéance dans les 7 jours')
  await expect(figure(page, 'requests-overdue').getByRole('link')).toHaveText('1Demandes de personnes concernées, en retard')

  // The dashboard's data protection part: the same figures.
  await page.goto('/app')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord')
  await expect(figure(page, 'breaches')).toContainText('Annonces au PFPDT en retard\u00a0: 1')
  await expect(figure(page, 'requests-overdue').getByRole('link')).toHaveAttribute('href', '/app/dsg/requests?due=overdue')
  await page.getByRole('link', { name: 'Vers la vue d’ensemble de la protection des données' }).click()
  await expect(page).toHaveURL(/\/app\/dsg$/)
})

test('the overview has no serious or critical accessibility violation', { tag: '@js-only' }, async ({ page, signIn }) => {
  // axe runs in the page: the nojs project leaves @js-only tests out (playwright.config.ts).
  // Axe over the whole overview: 30 s ran out inside axe on two cores under the full run.
  test.setTimeout(60_000)
  const { customer } = await insertCustomerWithUser({ role: 'admin', language: 'fr' })
  await insertRecords(customer)
  for (const who of ['dsg', 'reader'] as const) {
    await signIn(who)
    await page.goto('/app/dsg')
    await expect(page.getByTestId('dsg-head')).toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      who,
    ).toEqual([])
    await page.context().clearCookies()
  }
  // With every figure filled and the breach clock shown, in French.
  await signIn({ email: (await insertDsgUser(customer)).email, password: 'E2e-Passwort-1' })
  await page.goto('/app/dsg')
  await expect(figure(page, 'breaches')).toContainText('PFPDT')
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
})
