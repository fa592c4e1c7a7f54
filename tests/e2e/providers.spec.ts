import crypto from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { customerNamed, riskFactory } from '../factories/index.ts'
import { expect, insertCustomerWithUser, test } from './fixtures.ts'

/*
 * The providers register (issue 28), as the admin of a fund of their own, in German and French, with
 * JavaScript on and off: a provider keeping data in Ireland is refused without its safeguard (Art. 16
 * DSG), recorded with it, linked to a risk it serves, and an incident at it is recorded.
 */

const TEXTS = {
  de: {
    safeguardRequired: 'Werden Personendaten im Ausland bearbeitet, ist die Garantie nach Art. 16 DSG anzugeben.',
    personalData: 'Personendaten betroffen',
  },
  fr: {
    safeguardRequired: 'Si des données personnelles sont traitées à l’étranger, indiquez la garantie selon l’art. 16 LPD.',
    personalData: 'Données personnelles concernées',
  },
} as const

/** The register's pages as a journey uses them. */
class ProvidersPage {
  constructor(private readonly page: Page) {}

  /** The provider form (new or edit). */
  get form(): Locator {
    return this.page.locator('form[method="post"]').filter({ has: this.page.locator('[name="dataCountries"]') })
  }

  async openNew() {
    await this.page.goto('/app/providers/new')
    await expect(this.form.locator('[name="name"]')).toBeVisible()
  }

  async fill(values: { name: string; service: string; criticality: string; countries: string; safeguard: string; note?: string }) {
    await this.form.locator('[name="name"]').fill(values.name)
    await this.form.locator('[name="service"]').selectOption(values.service)
    await this.form.locator('[name="criticality"]').selectOption(values.criticality)
    await this.form.locator('[name="dsgRole"]').selectOption('processor')
    await this.form.locator('[name="dataCountries"]').fill(values.countries)
    await this.form.locator('[name="abroadSafeguard"]').selectOption(values.safeguard)
    if (values.note) await this.form.locator('[name="abroadSafeguardNote"]').fill(values.note)
  }

  async submit() {
    await this.form.locator('button[type="submit"]').click()
  }

  /** On the provider's page: links a record of `kind` by its label. */
  async link(kind: 'risk' | 'process' | 'activity', label: string) {
    const section = this.page.getByTestId(`provider-links-${kind}`)
    const select = section.locator('select[name="targetId"]')
    const value = await select.locator('option', { hasText: label }).getAttribute('value')
    await select.selectOption(value ?? '')
    await section
      .locator('form')
      .filter({ has: this.page.locator('select[name="targetId"]') })
      .locator('button[type="submit"]')
      .click()
    await expect(section.getByRole('link', { name: label })).toBeVisible()
  }

  async recordIncident(values: { occurredOn: string; title: string; personalData: boolean }) {
    await this.page.locator('a[href$="/incidents/new"]').click()
    await expect(this.page).toHaveURL(/\/incidents\/new$/)
    const form = this.page.locator('form[method="post"]').filter({ has: this.page.locator('[name="occurredOn"]') })
    await form.locator('[name="occurredOn"]').fill(values.occurredOn)
    await form.locator('[name="title"]').fill(values.title)
    if (values.personalData) await form.locator('[name="personalData"]').check()
    await form.locator('button[type="submit"]').click()
  }
}

const zurichDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  )

for (const language of ['de', 'fr'] as const) {
  test(`${language}: a provider abroad is recorded with its safeguard, linked to a risk, and an incident recorded at it`, async ({ page, signIn }) => {
    test.setTimeout(90_000)
    const text = TEXTS[language]
    const account = await insertCustomerWithUser({ role: 'admin', language })
    const fund = await customerNamed(account.customer)
    const risk = await riskFactory({ customer: fund, attributes: { title: `Ausfall Rechenzentrum ${crypto.randomBytes(2).toString('hex')}` } })
    await signIn(account)
    const providers = new ProvidersPage(page)
    const name = `Cloud Hosting ${crypto.randomBytes(3).toString('hex')}`

    // Data in Ireland without the safeguard: refused at its field, what was typed stays.
    await providers.openNew()
    await providers.fill({ name, service: 'itCloud', criticality: 'high', countries: 'CH, IE', safeguard: '' })
    await providers.submit()
    await expect(providers.form.getByText(text.safeguardRequired)).toBeVisible()
    await expect(providers.form.locator('[name="name"]')).toHaveValue(name)
    await expect(providers.form.locator('[name="dataCountries"]')).toHaveValue('CH, IE')

    // With the safeguard: recorded, its page shows the countries.
    await providers.form.locator('[name="abroadSafeguard"]').selectOption('adequacy')
    await providers.form.locator('[name="abroadSafeguardNote"]').fill('Anhang 1 DSV')
    await providers.submit()
    await expect(page).toHaveURL(/\/app\/providers\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
    await expect(page.getByTestId('data-countries')).toHaveText('CH, IE')

    // The risk it serves.
    await providers.link('risk', `${risk.idkey} ${risk.title}`)

    // An incident with personal data concerned.
    await providers.recordIncident({ occurredOn: zurichDay(-2), title: 'Speicher ausgefallen', personalData: true })
    await expect(page).toHaveURL(/\/app\/providers\/[0-9a-f-]{36}$/)
    const incidents = page.getByTestId('provider-incidents')
    await expect(incidents).toContainText('Speicher ausgefallen')
    await expect(incidents).toContainText(text.personalData)

    // The list: the provider with its countries.
    await page.goto('/app/providers')
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('CH, IE')
  })
}

test('the demo fund’s providers: the list with the governance tabs, the hosting abroad, its incident and the processors of an activity', async ({
  page,
  signIn,
  noJs,
}) => {
  await signIn('reader')
  await page.goto('/app/providers')
  await expect(page.getByTestId('governance-tab-providers')).toBeVisible()
  const hosting = page.getByRole('row').filter({ hasText: 'Wolkenstein Cloud Services AG' })
  await expect(hosting).toContainText('CH, IE')
  // The ended provider shows only under "ended".
  await expect(page.getByRole('row').filter({ hasText: 'Archivdienst Emme GmbH' })).toHaveCount(0)
  await page.goto('/app/providers?state=ended')
  await expect(page.getByRole('row').filter({ hasText: 'Archivdienst Emme GmbH' })).toHaveCount(1)
  // A reader sees no New button and no link forms.
  await expect(page.locator('a[href="/app/providers/new"]')).toHaveCount(0)
  await page.goto('/app/providers')
  await hosting.getByTestId('provider-link').click()
  await expect(page).toHaveURL(/\/app\/providers\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('notice-day')).not.toBeEmpty()
  await expect(page.getByTestId('provider-incidents')).toContainText('Ausfall der Verwaltungssoftware')
  await expect(page.getByTestId('provider-links-risk').locator('select')).toHaveCount(0)
  if (!noJs) {
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  }
  // The activity the hosting serves lists it among its processors.
  const activity = page.getByTestId('provider-links-activity').getByRole('link').first()
  await activity.click()
  await expect(page).toHaveURL(/\/app\/dsg\/processing\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('activity-processors')).toContainText('Wolkenstein Cloud Services AG')
})
