import { sql } from 'drizzle-orm'
import { db } from '../../models/core/db.server.ts'
import { seed } from '../../models/seed/index.ts'
import { type Customer, describeRowLevelSecurity } from '../row-level-security.ts'

// The row-level security checks (tests/row-level-security.ts) on the demo data; the upgrade test runs
// the same checks on a database written by the previous release and upgraded.
describeRowLevelSecurity(async () => {
  await seed()
  const rows = (await db().execute(sql`select id, name from customers order by name`)).rows as Customer[]
  return {
    alpha: rows.find((c) => c.name === 'Pensionskasse Alpha')!,
    beta: rows.find((c) => c.name === 'Caisse de pension Beta')!,
    alphaRowsMoreThan: 100,
  }
})
