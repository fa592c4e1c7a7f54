import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { Measures } from '#app/features/measures/measures.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { db } from '#models/core/db.server.ts'
import { icsCatalog, icsMainThemes, riskCatalog, riskThemes } from '#models/schema/index.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { seedRiskCatalog } from '#models/reference/catalogs.server.ts'
import { createCustomer, createUser, right } from '../../../tests/factories.ts'
import { processes } from '#app/features/inventory/ics/processes.server.ts'
import { icsTool } from '#app/features/inventory/ics/tool.server.ts'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import { riskTool } from '#app/features/inventory/risk/tool.server.ts'
import { type AnyTool, type Inventory, inventory } from './kit.server.ts'
import { processesOfRisk, risksOfProcess, setLink } from './links.server.ts'

type Role = Parameters<typeof right>[0]

async function member(customerId: string, role: Role = 'write'): Promise<CustomerAccess> {
  const rights = { risk: right(role), iks: right(role) }
  const { user, memberships } = await createUser({ memberships: [{ customerId, ...rights }] })
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, language: 'de', isSuperAdmin: false },
    actingFor: null,
    customer: { id: customerId, name: 'X', logoVersion: null, language: 'de' },
    permId: memberships[0].id,
    rights,
  }
}

/** What differs between the tools for these checks: where their catalogue and themes are. */
const tools = [
  {
    name: 'risk',
    service: risks$,
    firstEntry: async () => (await db().select().from(riskCatalog).orderBy(riskCatalog.idkey).limit(1))[0],
    individual: async (title: string) => {
      const [theme] = await db().select().from(riskThemes).where(eq(riskThemes.leadingNumber, '03'))
      return { input: { themeId: theme.id, title, description: '', ownerUserId: null }, prefix: '03.' }
    },
    firstBlock: 'monitoring',
    secondBlock: 'intro',
    values: { controlling: 'Quarterly review' },
    link: (access: CustomerAccess, id: string, other: string) => setLink(access, id, other, true),
    linked: (access: CustomerAccess, id: string) => processesOfRisk(access, id),
    measure: (id: string) => ({ source: 'risk' as const, riskId: id }),
  },
  {
    name: 'ics',
    service: processes,
    firstEntry: async () => (await db().select().from(icsCatalog).orderBy(icsCatalog.idkey).limit(1))[0],
    individual: async (title: string) => {
      const [main] = await db().select().from(icsMainThemes).where(eq(icsMainThemes.leadingNumber, '03'))
      return { input: { mainThemeId: main.id, subThemeId: null, title, description: '' }, prefix: '03.' }
    },
    firstBlock: 'objectives',
    secondBlock: 'intro',
    values: { furtherObjectives: 'Fewer manual steps', measureNeeded: true },
    link: (access: CustomerAccess, id: string, other: string) => setLink(access, other, id, true),
    linked: (access: CustomerAccess, id: string) => risksOfProcess(access, id),
    measure: (id: string) => ({ source: 'iks' as const, iksId: id }),
  },
] as const

describe('the inventory kit is one for both tools', () => {
  beforeAll(async () => {
    await seedRiskCatalog(db())
    await seedIcsCatalog(db())
  })

  it('declares each tool once and binds its service to an access', () => {
    expect(inventory(riskTool).tool).toBe(riskTool)
    expect(inventory(icsTool).tool).toBe(icsTool)
    expect(riskTool.blocks.editable).toContain('dsg')
    expect(icsTool.blocks.editable).toContain('dsg')
  })

  describe.each(tools)('$name', (t) => {
    let access: CustomerAccess
    let other: CustomerAccess
    beforeAll(async () => {
      access = await member((await createCustomer({ name: `Kit ${t.name}` })).id)
      other = await member((await createCustomer({ name: `Kit other ${t.name}` })).id)
    })

    it('adds from the catalogue once, and lists what the customer has, not another customer', async () => {
      const entry = await t.firstEntry()
      const inv = t.service.for(access)
      const [row] = await inv.addFromCatalog([entry.id])
      expect(row).toMatchObject({ idkey: entry.idkey, catalogId: entry.id, customerId: access.customer.id })
      expect(await inv.addFromCatalog([entry.id])).toEqual([])
      const list = await inv.list({ sort: 'idkey', dir: 'asc' } as never, { limit: 50, offset: 0 }, 'de')
      expect(list.total).toBe(1)
      expect(list.rows.map((r) => r.id)).toEqual([row.id])
      const catalog = (await inv.catalog('de')) as { id: string; inventoryId: string | null }[]
      expect(catalog.find((c) => c.id === entry.id)?.inventoryId).toBe(row.id)
      expect((await t.service.for(other).list({ sort: 'idkey', dir: 'asc' } as never, { limit: 50, offset: 0 }, 'de')).total).toBe(0)
      expect(await t.service.for(other).get(row.id, 'de')).toBeNull()
    })

    it('numbers individual records with the theme number, the next running number and _P', async () => {
      const inv = t.service.for(access)
      const { input, prefix } = await t.individual('Eigen')
      const first = await inv.createIndividual(input as never)
      const second = await inv.createIndividual(input as never)
      expect(first.idkey).toBe(`${prefix}01_P`)
      expect(second.idkey).toBe(`${prefix}02_P`)
      expect(first.catalogId).toBeNull()
    })

    it('refuses to add for a reader', async () => {
      const reader = await member(access.customer.id, 'read')
      const { input } = await t.individual('Nein')
      await expect(t.service.for(reader).createIndividual(input as never)).rejects.toMatchObject({ code: 'forbidden' })
    })

    it('locks one block, refuses a second, saves with a version and refuses a stale one', async () => {
      const inv = t.service.for(access) as Inventory<AnyTool>
      const { input } = await t.individual('Gesperrt')
      const record = await inv.createIndividual(input as never)
      expect(await inv.startEdit(record.id, t.firstBlock)).toEqual({ ok: true })
      expect(await inv.startEdit(record.id, t.secondBlock)).toMatchObject({ ok: false, reason: 'multiple' })
      const colleague = await member(access.customer.id)
      expect(await t.service.for(colleague).startEdit(record.id, t.firstBlock)).toMatchObject({ ok: false, holder: { userId: access.user.id } })
      expect(await inv.lock(record.id)).toMatchObject({ block: t.firstBlock, userId: access.user.id })
      expect(await t.service.for(other).lock(record.id)).toBeNull()
      const saved = await inv.saveBlock(record.id, t.firstBlock as never, t.values as never, record.version)
      expect(saved.version).toBe(record.version + 1)
      expect(await inv.lock(record.id)).toBeNull()
      await expect(inv.saveBlock(record.id, t.firstBlock as never, t.values as never, record.version)).rejects.toMatchObject({ code: 'stale' })
      await expect(
        (t.service.for(other) as Inventory<AnyTool>).saveBlock(record.id, t.firstBlock as never, t.values as never, saved.version),
      ).rejects.toMatchObject({
        code: 'not-found',
      })
    })

    it('links to the other tool and attaches a measure', async () => {
      const { input } = await t.individual('Verknüpft')
      const record = await t.service.for(access).createIndividual(input as never)
      const otherTool = t.name === 'risk' ? tools[1] : tools[0]
      const { input: otherInput } = await otherTool.individual('Gegenstück')
      const counterpart = await otherTool.service.for(access).createIndividual(otherInput as never)
      await t.link(access, record.id, counterpart.id)
      expect((await t.linked(access, record.id))?.map((r) => r.id)).toEqual([counterpart.id])
      await Measures.for(access).create({
        ...t.measure(record.id),
        title: 'Massnahme',
        body: '',
        owner: { type: 'user', id: access.user.id },
        dueDate: '2030-01-01',
        recurrence: 0,
        dsgMeasure: false,
        inEdit: false,
      })
      const filter = t.name === 'risk' ? { riskId: record.id } : { iksId: record.id }
      const attached = await Measures.for(access).list({ tab: 'all', view: 'all', ...filter, sort: 'dueDate', dir: 'asc' }, '2026-01-01', {
        limit: 10,
        offset: 0,
      })
      expect(attached.rows.map((m) => m.title)).toEqual(['Massnahme'])
    })
  })
})
