// A large customer for the benchmark: 5,000 measures, all catalogue risks plus 300
// individual ones, 1,000 documents. Run against the app's database:
//   npm run bench:seed          (bundled PostgreSQL in ./data, or DATABASE_URL)
// then sign the benchmark in as bench@example.com (password Vorsorge-2026).
import { hash } from '@node-rs/argon2'
import { eq, sql } from 'drizzle-orm'
import { addDays, todayInZurich } from '../models/core/dates.ts'
import {
  customers,
  documents,
  measures,
  memberships,
  probabilityLevels,
  riskCatalog,
  risks,
  riskThemes,
  severityLevels,
  users,
} from '../models/schema/index.ts'
import { provisionCustomer } from '../models/reference/provision.server.ts'
import { seedRiskCatalog } from '../models/reference/catalogs.server.ts'
import { openDatabase } from '../server/database.ts'
import { asSystem } from '../models/core/scope.server.ts'

const NAME = 'Bench Pensionskasse'
const { close } = await openDatabase()
// Tenant tables are visible only inside a scope: the whole load runs as one system transaction.
await asSystem('bench seed', async (tx) => {
  await seedRiskCatalog(tx)
  let customer = await tx.query.customers.findFirst({ where: eq(customers.name, NAME) })
  if (customer) {
    console.log(`[bench] ${NAME} exists; nothing to do`)
  } else {
    ;[customer] = await tx.insert(customers).values({ name: NAME, language: 'de' }).returning()
    const [user] = await tx
      .insert(users)
      .values({ email: 'bench@example.com', passwordHash: await hash('Vorsorge-2026'), firstName: 'Bench', lastName: 'Mark', language: 'de' })
      .onConflictDoNothing()
      .returning()
    const userId = user?.id ?? (await tx.query.users.findFirst({ where: eq(users.email, 'bench@example.com') }))!.id
    await tx
      .insert(memberships)
      .values({ userId, customerId: customer.id, riskEnabled: true, riskRole: 'admin', iksEnabled: true, iksRole: 'admin' })
      .onConflictDoNothing()
    await provisionCustomer(tx, customer.id, 'de')
    const p = await tx.select().from(probabilityLevels).where(eq(probabilityLevels.customerId, customer.id))
    const s = await tx.select().from(severityLevels).where(eq(severityLevels.customerId, customer.id))
    const catalog = await tx.select().from(riskCatalog)
    const themes = await tx.select().from(riskThemes)
    const riskRows = [
      ...catalog.map((e, i) => ({ idkey: e.idkey, themeId: e.themeId, catalogId: e.id, title: e.titleDe, description: e.descriptionDe, i })),
      ...Array.from({ length: 300 }, (_, i) => {
        const theme = themes[i % themes.length]
        return {
          idkey: `${theme.leadingNumber}.${String(Math.floor(i / themes.length) + 1).padStart(2, '0')}_P`,
          themeId: theme.id,
          catalogId: null,
          title: `Individuelles Risiko ${i + 1}`,
          description: 'Benchmark',
          i,
        }
      }),
    ]
    const inserted = await tx
      .insert(risks)
      .values(
        riskRows.map((r) => ({
          customerId: customer!.id,
          idkey: r.idkey,
          themeId: r.themeId,
          catalogId: r.catalogId,
          title: r.title,
          description: r.description,
          ownerUserId: userId,
          probabilityLevelId: p[r.i % 5].id,
          severityLevelId: s[(r.i * 3) % 5].id,
          state: (['analyse', 'bewertung', 'steuerung', 'ueberwachung'] as const)[r.i % 4],
          dsgRelevant: r.i % 7 === 0,
        })),
      )
      .returning({ id: risks.id })
    const today = todayInZurich()
    for (let batch = 0; batch < 10; batch++) {
      await tx.insert(measures).values(
        Array.from({ length: 500 }, (_, k) => {
          const i = batch * 500 + k
          return {
            customerId: customer!.id,
            idkey: i + 1,
            source: (['fund', 'risk', 'iks'] as const)[i % 3],
            title: `Massnahme ${i + 1}`,
            body: 'Benchmark-Massnahme mit einer kurzen Beschreibung.',
            ownerUserId: userId,
            dueDate: addDays(today, (i % 400) - 100),
            recurrence: [0, 7, 30, 91, 182, 365][i % 6],
            dsgMeasure: i % 5 === 0,
            riskId: i % 3 === 1 ? inserted[i % inserted.length].id : null,
            ...(i % 4 === 0 ? { state: 'confirmed' as const, confirmedAt: new Date(), confirmedByUserId: userId, confirmationText: 'erledigt' } : {}),
          }
        }),
      )
    }
    await tx.execute(sql`insert into customer_counters (customer_id, name, value) values (${customer.id}, 'measure', 5000) on conflict do nothing`)
    await tx.insert(documents).values(
      Array.from({ length: 1000 }, (_, i) => ({
        customerId: customer!.id,
        category: (['fund', 'risk', 'iks', 'dsg'] as const)[i % 4],
        name: `Dokument ${i + 1}`,
        link: i % 10 === 0 ? null : `https://intranet.bench.example/doc/${i + 1}.pdf`,
        linkText: 'PDF',
        present: i % 3 !== 0,
      })),
    )
    console.log(`[bench] ${NAME}: ${inserted.length} risks, 5000 measures, 1000 documents; sign in as bench@example.com`)
  }
})
await close()
