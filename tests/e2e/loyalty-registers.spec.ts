import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, insertCustomerWithUser, test } from './fixtures.ts'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** A day in Zurich, `days` from today, as a date input takes it (yyyy-mm-dd). */
const zurichDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  )

/** yyyy-mm-dd as the pages show it (dd.mm.yyyy). */
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`

const TEXTS = {
  de: {
    required: 'Dies ist ein Pflichtfeld',
    council: 'Stiftungsrat',
    notReported: 'Nicht gemeldet',
    left: 'Austritt',
  },
  fr: {
    required: 'Ce champ est obligatoire',
    council: 'Conseil de fondation',
    notReported: 'Pas annoncée',
    left: 'Départ',
  },
} as const

for (const language of ['de', 'fr'] as const) {
  test(`${language}: an admin adds a person to the loyalty register and records the change reported to the supervisor`, async ({ page, signIn, noJs }) => {
    test.setTimeout(90_000)
    const text = TEXTS[language]
    const account = await insertCustomerWithUser({ role: 'admin', language })
    await signIn(account)
    const lastName = `Muster-${crypto.randomBytes(3).toString('hex')}`

    // A person: a missing name is refused at its field, and what was typed stays.
    await page.goto('/app/loyalty/persons/new')
    const person = page.locator('form[method="post"]').filter({ has: page.locator('[name="lastName"]') })
    await person.locator('[name="firstName"]').fill('Erika')
    await person.locator('[name="function"]').selectOption('council')
    await person.locator('[name="organisation"]').fill('Muster Treuhand AG')
    await person.locator('[name="email"]').fill(`${lastName.toLowerCase()}@example.test`)
    await person.locator('[name="fromDate"]').fill(zurichDay(-30))
    await person.locator('button[type="submit"]').click()
    await expect(person.getByText(text.required).first()).toBeVisible()
    await expect(person.locator('[name="firstName"]')).toHaveValue('Erika')
    await expect(person.locator('[name="function"]')).toHaveValue('council')
    if (!noJs) expect(await seriousViolations(page), 'new person, refused').toEqual([])
    await person.locator('[name="lastName"]').fill(lastName)
    await person.locator('button[type="submit"]').click()
    await expect(page).toHaveURL(/\/app\/loyalty\/persons$/)
    const personRow = page.getByRole('row').filter({ hasText: lastName })
    await expect(personRow).toContainText(text.council)
    await expect(personRow).toContainText('Muster Treuhand AG')
    if (!noJs) expect(await seriousViolations(page), 'persons').toEqual([])

    // The change: the person left yesterday, not yet reported.
    await page.goto('/app/loyalty/changes/new')
    const change = page.locator('form[method="post"]').filter({ has: page.locator('[name="effectiveOn"]') })
    await change.locator('[name="kind"]').selectOption('left')
    const personId = await change.locator('[name="personId"] option', { hasText: lastName }).getAttribute('value')
    await change.locator('[name="personId"]').selectOption(personId ?? '')
    await change.locator('[name="description"]').fill('Rücktritt aus dem Stiftungsrat')
    await change.locator('[name="effectiveOn"]').fill(zurichDay(-1))
    await change.locator('button[type="submit"]').click()
    await expect(page).toHaveURL(/\/app\/loyalty\/changes$/)
    const changeRow = page.getByRole('row').filter({ hasText: 'Rücktritt aus dem Stiftungsrat' })
    await expect(changeRow).toContainText(text.left)
    await expect(changeRow).toContainText(`Erika ${lastName}`)
    await expect(changeRow.getByTestId('change-unreported')).toHaveText(text.notReported)
    if (!noJs) expect(await seriousViolations(page), 'changes').toEqual([])

    // Reported today: recorded on the change, and the list of unreported ones no longer has it.
    await changeRow.getByTestId('change-link').click()
    await expect(page).toHaveURL(/\/app\/loyalty\/changes\/[0-9a-f-]{36}\/edit$/)
    const edit = page.locator('form[method="post"]').filter({ has: page.locator('[name="reportedOn"]') })
    if (!noJs) expect(await seriousViolations(page), 'change').toEqual([])
    await edit.locator('[name="reportedOn"]').fill(zurichDay(0))
    await edit.locator('button[type="submit"]').click()
    await expect(page).toHaveURL(/\/app\/loyalty\/changes$/)
    await expect(page.getByRole('row').filter({ hasText: 'Rücktritt aus dem Stiftungsrat' })).toContainText(shown(zurichDay(0)))
    await page.goto('/app/loyalty/changes?reported=no')
    await expect(page.getByRole('row').filter({ hasText: 'Rücktritt aus dem Stiftungsrat' })).toHaveCount(0)

    // The person now has a change: the edit page says why it cannot be deleted.
    await page.goto('/app/loyalty/persons')
    await page.getByRole('link', { name: new RegExp(lastName) }).click()
    await expect(page.locator('[name="lastName"]')).toHaveValue(lastName)
    await expect(page.getByTestId('person-delete')).toHaveCount(0)
    if (!noJs) expect(await seriousViolations(page), 'person').toEqual([])
  })
}
