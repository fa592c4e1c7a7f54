import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { database, expect, insertCustomerWithUser, test } from './fixtures.ts'

/** A day in Zurich, `days` from today, as a date input takes it (yyyy-mm-dd). */
const zurichDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  )

const TEXTS = {
  de: {
    overdue: 'überfällig seit',
    none: 'Keine Meldung ausstehend',
    left: 'noch 51 h',
    soon: /nur noch 1[12] h/,
    unset: 'Keine Ansprechperson für den Datenschutz festgelegt',
    future: 'Die Entdeckung kann nicht in der Zukunft liegen.',
    notify: 'Meldung an den EDÖB erfassen',
    notification: 'Meldung (Druckansicht)',
    heading: 'Meldung einer Verletzung der Datensicherheit',
    subjects: 'Kategorien und ungefähre Anzahl der betroffenen Personen',
    approx: 'ca. 240',
    contact: 'Ansprechperson',
  },
  fr: {
    overdue: 'en retard depuis',
    none: 'Aucune annonce en attente',
    left: 'encore 51 h',
    soon: /plus que 1[12] h/,
    unset: 'Aucune personne de contact pour la protection des données',
    future: 'La découverte ne peut pas se situer dans le futur.',
    notify: 'Saisir l’annonce au PFPDT',
    notification: 'Annonce (version imprimable)',
    heading: 'Annonce d’une violation de la sécurité des données',
    subjects: 'Catégories et nombre approximatif de personnes concernées',
    approx: 'env. 240',
    contact: 'Personne de contact',
  },
} as const

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

for (const language of ['de', 'fr'] as const) {
  test(`${language}: a high-risk breach found more than 72 hours ago is overdue until the FDPIC is notified; its notification prints`, async ({
    page,
    signIn,
    noJs,
  }) => {
    test.setTimeout(90_000)
    const text = TEXTS[language]
    // A fund of its own, whose admin (the dsg area's editor) is its contact person.
    const account = await insertCustomerWithUser({ role: 'admin', language })
    await database().query('update customers set contact_id = $1 where name = $2', [account.id, account.customer])
    const title = `Fehlversand ${crypto.randomBytes(3).toString('hex')}`
    await signIn(account)

    await page.goto('/app/dsg/breaches/new')
    const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="discoveredTime"]') })
    await form.locator('[name="title"]').fill(title)
    await form.locator('[name="discoveredOn"]').fill(zurichDay(1))
    await form.locator('[name="discoveredTime"]').fill('08:00')
    await form.locator('[name="description"]').fill('Vorsorgeausweise an falsche Adressen versandt')
    await form.locator('[name="subjectCategories"]').fill('Aktive Versicherte')
    await form.locator('[name="subjectsCount"]').fill('240')
    await form.locator('[name="recordsCount"]').fill('240')
    await form.locator('[name="highRisk"]').selectOption('yes')
    await form.locator('button[type="submit"]').click()
    // A discovery in the future is refused at its field, and what was typed stays.
    await expect(page.getByText(text.future)).toBeVisible()
    await expect(form.locator('[name="title"]')).toHaveValue(title)
    await expect(form.locator('[name="subjectsCount"]')).toHaveValue('240')
    await expect(form.locator('[name="highRisk"]')).toHaveValue('yes')
    if (!noJs) expect(await seriousViolations(page), 'new, refused').toEqual([])

    await form.locator('[name="discoveredOn"]').fill(zurichDay(-4))
    await form.locator('button[type="submit"]').click()
    await expect(page).toHaveURL(/\/app\/dsg\/breaches\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
    await expect(page.getByTestId('breach-deadline')).toContainText(text.overdue)
    await expect(page.getByTestId('breach-deadline')).toHaveAttribute('data-status', 'overdue')

    await page.goto('/app/dsg/breaches?overdue=yes')
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText(text.overdue)
    if (!noJs) expect(await seriousViolations(page), 'list').toEqual([])
    await page.getByRole('link', { name: title }).click()
    if (!noJs) expect(await seriousViolations(page), 'detail').toEqual([])

    await page.getByRole('link', { name: text.notify }).click()
    const notify = page.locator('form[method="post"]').filter({ has: page.locator('[name="fdpicReference"]') })
    await expect(notify).toBeVisible()
    if (!noJs) expect(await seriousViolations(page), 'notify').toEqual([])
    await notify.locator('[name="fdpicReference"]').fill('EDÖB-2026-0815')
    await notify.locator('button[type="submit"]').click()
    await expect(page.getByTestId('breach-notified')).toContainText('EDÖB-2026-0815')
    await expect(page.getByTestId('breach-deadline')).toHaveText(text.none)
    await page.goto('/app/dsg/breaches?overdue=yes')
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)

    await page.goto('/app/dsg/breaches')
    await page.getByRole('link', { name: title }).click()
    await page.getByRole('link', { name: text.notification }).click()
    const sheet = page.getByTestId('breach-notification')
    await expect(sheet.getByRole('heading', { level: 1 })).toHaveText(text.heading)
    await expect(sheet).toContainText(title)
    await expect(sheet).toContainText(text.subjects)
    await expect(sheet).toContainText(text.approx)
    await expect(sheet).toContainText('EDÖB-2026-0815')
    await expect(sheet).toContainText(account.customer)
    await expect(sheet).toContainText(text.contact)
    await expect(sheet).toContainText('Erika Muster')
    // No data protection contact chosen: the fund's contact is named, and the page says so (not on paper).
    await expect(page.getByTestId('breach-contact-unset')).toContainText(text.unset)
    if (!noJs) expect(await seriousViolations(page), 'notification').toEqual([])
    // On paper: the notification alone, without the app's header and navigation.
    await page.emulateMedia({ media: 'print' })
    await expect(sheet).toBeVisible()
    await expect(sheet).toContainText(text.heading)
    await expect(page.locator('header').first()).toBeHidden()
    await expect(page.getByRole('navigation').first()).toBeHidden()
    await expect(sheet.getByRole('link')).toBeHidden()
    await page.emulateMedia({ media: 'screen' })

    await page.goto('/app/dsg/breaches/settings')
    await expect(page.locator('[name="breachNoticeHours"]')).toHaveValue('72')
    if (!noJs) expect(await seriousViolations(page), 'settings').toEqual([])
  })
}

for (const language of ['de', 'fr'] as const) {
  test(`${language}: the breach list shows the time left until the FDPIC target, amber in its last 24 hours and red after it, in words`, async ({
    page,
    signIn,
  }) => {
    test.setTimeout(90_000)
    const text = TEXTS[language]
    const account = await insertCustomerWithUser({ role: 'admin', language })
    await signIn(account)
    const suffix = crypto.randomBytes(3).toString('hex')
    // Three high-risk breaches, discovered 20, 60 and 80 hours ago (set in the database to the minute).
    const ages: [string, number][] = [
      [`Frisch ${suffix}`, 20],
      [`Knapp ${suffix}`, 60],
      [`Spät ${suffix}`, 80],
    ]
    for (const [title, hours] of ages) {
      await page.goto('/app/dsg/breaches/new')
      const form = page.locator('form[method="post"]').filter({ has: page.locator('[name="discoveredTime"]') })
      await form.locator('[name="title"]').fill(title)
      await form.locator('[name="discoveredOn"]').fill(zurichDay(-4))
      await form.locator('[name="discoveredTime"]').fill('08:00')
      await form.locator('[name="highRisk"]').selectOption('yes')
      await form.locator('button[type="submit"]').click()
      await expect(page).toHaveURL(/\/app\/dsg\/breaches\/[0-9a-f-]{36}$/)
      await database().query(`update dsg_breaches set discovered_at = now() - make_interval(hours => $1) where title = $2`, [hours, title])
    }
    await page.goto('/app/dsg/breaches')
    const row = (title: string) => page.getByRole('row').filter({ hasText: title }).getByTestId('breach-deadline')
    await expect(row(ages[0][0])).toHaveText(text.left)
    await expect(row(ages[0][0])).toHaveAttribute('data-status', 'left')
    await expect(row(ages[1][0])).toHaveText(text.soon)
    await expect(row(ages[1][0])).toHaveAttribute('data-status', 'soon')
    await expect(row(ages[2][0])).toHaveText(new RegExp(`${text.overdue} [78] h`))
    await expect(row(ages[2][0])).toHaveAttribute('data-status', 'overdue')
    // The same clock on the breach's page.
    const href = await page.getByRole('link', { name: ages[1][0] }).getAttribute('href')
    await page.goto(href!)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ages[1][0])
    await expect(page.getByTestId('breach-deadline')).toHaveText(text.soon)
  })
}

test('members without the dsg role or admin do not see breaches', async ({ page, signIn }) => {
  await signIn('writer')
  const res = await page.goto('/app/dsg/breaches')
  expect(res?.status()).toBe(403)
})
