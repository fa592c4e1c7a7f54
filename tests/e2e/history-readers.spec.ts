import AxeBuilder from '@axe-core/playwright'
import { addDays, todayInZurich } from '../../models/core/dates.ts'
import { database, expect, insertCustomerWithUser, insertUser, test } from './fixtures.ts'

// Every detail page has a history panel (issue 12): readers and auditors, who have no edit page,
// open a measure read-only from the list and read its history old → new, with JavaScript on and off.
test('an auditor opens a measure from the list and reads its history old → new', async ({ page, signIn, noJs }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  const auditor = await insertUser({ customer: admin.customer, role: 'read', membership: { kind: 'auditor', endsOn: addDays(todayInZurich(), 30) } })
  const db = database()
  const { rows } = await db.query<{ id: string; customer_id: string }>(
    `insert into measures (customer_id, idkey, source, title, due_date, owner_user_id)
     select id, 1, 'fund', 'Anlagereglement überarbeiten', (now() at time zone 'Europe/Zurich')::date + 30, $2 from customers where name = $1
     returning id, customer_id`,
    [admin.customer, admin.id],
  )
  await db.query(
    `insert into audit_entries (customer_id, component, action, entity_id, user_id, changed_fields)
     values ($1, 'measure', 'Updated', $2, $3, $4)`,
    [rows[0].customer_id, rows[0].id, admin.id, JSON.stringify({ title: { from: 'Anlagereglement prüfen', to: 'Anlagereglement überarbeiten' } })],
  )

  await signIn(auditor)
  await page.goto('/app/measures?tab=fund')
  const row = page.getByRole('row').filter({ hasText: 'Anlagereglement überarbeiten' })
  await expect(row.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0)
  await row.getByRole('link', { name: 'Anzeigen: M-1' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/measures/${rows[0].id}`))
  await expect(page.getByText('Massnahme M-1').first()).toBeVisible()
  const panel = page.getByTestId('history-panel')
  await panel.getByRole('link', { name: 'Verlauf anzeigen' }).click()
  await expect(page).toHaveURL(/history=1/)
  await expect(panel).toContainText('Titel: Anlagereglement prüfen → Anlagereglement überarbeiten')
  await expect(panel).toContainText('Erika Muster')
  // The read-only page with its open history has no serious or critical accessibility violation (axe runs in the page's JavaScript).
  if (!noJs) {
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  }
})

// The trail names the fields of deputyships and sign-ins as the user knows them, never technically.
test('the admin’s trail reads deputyships and sign-ins with labels and readable values', async ({ page, signIn }) => {
  const admin = await insertCustomerWithUser({ role: 'admin' })
  const db = database()
  const { rows } = await db.query<{ id: string }>(`select id from customers where name = $1`, [admin.customer])
  await db.query(
    `insert into audit_entries (customer_id, component, action, entity_id, user_id, changed_fields) values
       ($1, 'deputy', 'Created', gen_random_uuid()::text, $2, $3),
       ($1, 'session', 'SignedIn', $2::text, $2, $4)`,
    [
      rows[0].id,
      admin.id,
      JSON.stringify({ deputyUserId: { from: null, to: admin.id }, active: { from: null, to: true }, startsOn: { from: null, to: '2026-12-01' } }),
      JSON.stringify({ client: { from: null, to: '192.0.2.5' }, userAgent: { from: null, to: 'Firefox 140' }, method: { from: null, to: 'second_factor' } }),
    ],
  )
  await signIn(admin)
  await page.goto('/app/admin/audit?component=deputy')
  const table = page.getByRole('table')
  await expect(table).toContainText('Stellvertretung durch: — → Erika Muster')
  await expect(table).toContainText('Beginnt am: — → 01.12.2026')
  await expect(table).not.toContainText('startsOn')
  await page.goto('/app/admin/audit?component=session')
  await expect(table).toContainText('Anmeldeart: — → Passwort und zweiter Faktor')
  await expect(table).toContainText('IP-Adresse: — → 192.0.2.5')
  await expect(table).toContainText('Gerät und Browser: — → Firefox 140')
})
