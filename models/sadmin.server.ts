import { sql } from 'drizzle-orm'
import { db } from './db.server.ts'
import { customers } from './schema/index.ts'

export async function listCustomersOverview() {
  return db()
    .select({
      id: customers.id,
      name: customers.name,
      language: customers.language,
      state: customers.state,
      members: sql<number>`(select count(*)::int from memberships m where m.customer_id = ${customers.id})`,
    })
    .from(customers)
    .orderBy(customers.name)
}
