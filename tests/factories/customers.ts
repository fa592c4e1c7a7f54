import { eq } from 'drizzle-orm'
import { asSystem } from '../../models/core/scope.server.ts'
import { provisionCustomer } from '../../models/reference/provision.server.ts'
import { customers } from '../../models/schema/index.ts'
import { applyTraits, tag } from './traits.ts'

export type Customer = typeof customers.$inferSelect
type NewCustomer = Partial<typeof customers.$inferInsert>
/** A customer as tests hold it: the row, or only its id. */
export type CustomerRef = string | { id: string }

const TRAITS = {
  german: { language: 'de' },
  french: { language: 'fr' },
  english: { language: 'en' },
  inactive: { state: 'inactive' },
  /** As a fund created before provisioning existed: no levels, control matrix or ICS settings yet. */
  unprovisioned: {},
} satisfies Record<string, NewCustomer>
export type CustomerTrait = keyof typeof TRAITS

/**
 * A pension fund with a name of its own, provisioned as the operator's "new pension fund"
 * leaves it (default levels, control matrix, ICS settings) unless it is `unprovisioned`.
 */
export async function customerFactory(opts: { traits?: CustomerTrait[]; attributes?: NewCustomer } = {}): Promise<Customer> {
  return asSystem('test factory: customer', async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({ name: `Pensionskasse ${tag()}`, language: 'de', ...applyTraits(TRAITS, opts.traits), ...opts.attributes })
      .returning()
    if (opts.traits?.includes('unprovisioned')) return row
    await provisionCustomer(tx, row.id, row.language)
    const [provisioned] = await tx.select().from(customers).where(eq(customers.id, row.id))
    return provisioned
  })
}

/** A customer by its name (a seeded demo fund, or one a journey made). */
export async function customerNamed(name: string): Promise<Customer> {
  const [row] = await asSystem('test factory: customer', (tx) => tx.select().from(customers).where(eq(customers.name, name)))
  if (!row) throw new Error(`no customer named ${name}`)
  return row
}

export function customerId(ref: CustomerRef) {
  return typeof ref === 'string' ? ref : ref.id
}

/** The full row, for factories given only an id. */
export async function loadCustomer(ref: CustomerRef): Promise<Customer> {
  if (typeof ref !== 'string' && 'name' in ref && 'language' in ref) return ref as Customer
  const id = customerId(ref)
  const [row] = await asSystem('test factory: customer', (tx) => tx.select().from(customers).where(eq(customers.id, id)))
  if (!row) throw new Error(`no customer ${id}`)
  return row
}

/** The former helper: a provisioned customer with the given columns. Prefer customerFactory. */
export function createCustomer(attributes: NewCustomer = {}) {
  return customerFactory({ attributes })
}
