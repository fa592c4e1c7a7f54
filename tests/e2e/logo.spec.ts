import { demoLogoPng } from '../../models/seed/demo-logo.ts'
import { expect, insertCustomerWithUser, test } from './fixtures.ts'

// The fund's logo is uploaded and kept by the product (decision 0053), with or without JavaScript.

test('a fund admin uploads the logo, sees it in the header and removes it again', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  await signIn(admin)
  await page.goto('/app/user/customer')
  const header = page.getByTestId('active-customer').locator('img')
  await expect(header).toHaveCount(0)

  // Not an image: refused at the field, in the user's language.
  await page
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') })
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText('Laden Sie ein Bild im Format PNG oder JPEG hoch.')).toBeVisible()

  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: demoLogoPng() })
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(header).toHaveCount(1)
  // Shown from this site, and really drawn.
  await expect(header).toHaveAttribute('src', /^\/app\/logo\?v=[0-9a-f]{16}$/)
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160)
  await expect(page.getByRole('img', { name: `Logo von ${admin.customer}` })).toBeVisible()

  await page.getByLabel('Logo entfernen').check()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByTestId('toast')).toHaveText('Die Daten wurden gespeichert')
  await expect(header).toHaveCount(0)
})
