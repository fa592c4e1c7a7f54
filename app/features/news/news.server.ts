import { and, asc, type Column, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { isUuid } from '#models/core/sql-helpers.ts'
import type { Access } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { Language, NewsAudience } from '#models/core/constants.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { asOperator, withCustomer } from '#models/core/scope.server.ts'
import { customers, news } from '#models/schema/index.ts'

const TEXT: Record<Language, [Column, Column, Column]> = {
  de: [news.title, news.lead, news.body],
  fr: [news.titleFr, news.leadFr, news.bodyFr],
  en: [news.titleEn, news.leadEn, news.bodyEn],
}

/**
 * Title, lead and body in the reader's language, else in German, else in the other language written.
 * A version stands as a whole: the first language with a title gives all three, and its code.
 */
export function localText(language: Language) {
  const order = [language, ...(['de', 'fr', 'en'] as const).filter((l) => l !== language)]
  const pick = <T>(value: (l: Language) => SQL | Column) =>
    sql<T>`case ${sql.join(
      order.map((l) => sql`when ${TEXT[l][0]} <> '' then ${value(l)}`),
      sql` `,
    )} else '' end`
  return {
    title: pick<string>((l) => TEXT[l][0]),
    lead: pick<string>((l) => TEXT[l][1]),
    body: pick<string>((l) => TEXT[l][2]),
    language: pick<Language>((l) => sql`${l}`),
  }
}

export type NewsInput = {
  title: string
  lead: string
  body: string
  titleFr: string
  leadFr: string
  bodyFr: string
  titleEn: string
  leadEn: string
  bodyEn: string
  date: string
  validFrom: string | null
  validUntil: string | null
  visibleFor: NewsAudience
  customerId: string | null
}

function check(input: NewsInput) {
  if (!input.title && !input.titleFr && !input.titleEn) throw new DomainError('invalid', 'title', 'sadmin:news.oneTitle')
  for (const [field, title, other] of [
    ['title', input.title, input.lead || input.body],
    ['titleFr', input.titleFr, input.leadFr || input.bodyFr],
    ['titleEn', input.titleEn, input.leadEn || input.bodyEn],
  ] as const) {
    if (!title && other) throw new DomainError('invalid', field, 'sadmin:news.titleNeeded')
  }
  if (input.visibleFor === 'customer' && !input.customerId) throw new DomainError('invalid', 'customerId', 'sadmin:news.customerNeeded')
  if (input.validFrom && input.validUntil && input.validFrom > input.validUntil) throw new DomainError('invalid', 'validUntil', 'sadmin:news.validOrder')
  return { ...input, customerId: input.visibleFor === 'customer' ? input.customerId : null }
}

/** The operator's work on news runs across customers, audited as such; nobody else gets here. */
function asNewsDesk<T>(access: Access, fn: (tx: Tx) => Promise<T>) {
  if (!permissionsOf(access).operator) throw new DomainError('forbidden')
  return asOperator(access, 'news', fn)
}

/**
 * News, bound to the acting access: a member reads the current news inside their customer's
 * scope (row-level security shows global news and their customer's own); the operator writes
 * them across customers.
 */
export const News = {
  for(access: Access) {
    return {
      /**
       * The news a member sees today: valid (from/until, both optional) and meant
       * for everyone, for users of a tool the member may use, or for their customer.
       */
      current(today: string, language: Language, limit = 5) {
        const { tools } = permissionsOf(access)
        const audiences = [eq(news.visibleFor, 'all'), eq(news.visibleFor, 'customer')]
        if (tools.iks.use) audiences.push(eq(news.visibleFor, 'iks'))
        if (tools.risk.use) audiences.push(eq(news.visibleFor, 'risk'))
        return withCustomer(access, (tx) =>
          tx
            .select({ id: news.id, ...localText(language), date: news.date })
            .from(news)
            .where(and(or(...audiences), or(isNull(news.validFrom), lte(news.validFrom, today)), or(isNull(news.validUntil), gte(news.validUntil, today))))
            .orderBy(desc(news.date), asc(news.title))
            .limit(limit),
        )
      },

      list() {
        return asNewsDesk(access, (tx) =>
          tx
            .select({
              id: news.id,
              title: sql<string>`coalesce(nullif(${news.title}, ''), nullif(${news.titleFr}, ''), ${news.titleEn})`,
              date: news.date,
              validFrom: news.validFrom,
              validUntil: news.validUntil,
              visibleFor: news.visibleFor,
              customer: customers.name,
            })
            .from(news)
            .leftJoin(customers, eq(customers.id, news.customerId))
            .orderBy(desc(news.date)),
        )
      },

      async get(id: string) {
        return asNewsDesk(access, async (tx) => (isUuid(id) ? ((await tx.query.news.findFirst({ where: eq(news.id, id) })) ?? null) : null))
      },

      async save(id: string | null, input: NewsInput, version?: number) {
        await asNewsDesk(access, async (tx) => {
          const values = check(input)
          if (values.customerId) {
            if (!isUuid(values.customerId) || !(await tx.query.customers.findFirst({ where: eq(customers.id, values.customerId) }))) {
              throw new DomainError('invalid', 'customerId', 'sadmin:news.customerNeeded')
            }
          }
          if (!id) {
            const [row] = await tx.insert(news).values(values).returning()
            await writeAudit(tx, access, { component: 'news', action: 'Created', entityId: row.id, customerId: null, changes: diff(null, values) })
            return
          }
          const before = await lockVersioned(tx, news, id, version)
          await updateVersioned(tx, access, { table: news, before, set: values, audit: { component: 'news', customerId: null } })
        })
      },

      async remove(id: string, version: number) {
        await asNewsDesk(access, async (tx) => {
          const before = await lockVersioned(tx, news, id, version)
          await deleteVersioned(tx, access, {
            table: news,
            before,
            audit: { component: 'news', customerId: null, changes: { title: { from: before.title || before.titleFr || before.titleEn, to: null } } },
          })
        })
      },
    }
  },
}

/** For the dashboard. */
