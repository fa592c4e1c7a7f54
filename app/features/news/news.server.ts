import { and, asc, type Column, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { isUuid } from '#models/core/sql-helpers.ts'
import { type Access, type CustomerAccess, canUseTool, requireSuper } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import type { Language, NewsAudience } from '#models/core/constants.ts'
import { db } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
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
function localText(language: Language) {
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

/**
 * The news a member sees today: valid (from/until, both optional) and meant
 * for everyone, for users of a tool the member may use, or for their customer.
 */
export async function newsFor(access: CustomerAccess, today: string, language: Language, limit = 5) {
  const audiences = [eq(news.visibleFor, 'all'), and(eq(news.visibleFor, 'customer'), eq(news.customerId, access.customer.id))]
  if (canUseTool(access.rights, 'iks')) audiences.push(eq(news.visibleFor, 'iks'))
  if (canUseTool(access.rights, 'risk')) audiences.push(eq(news.visibleFor, 'risk'))
  return db()
    .select({ id: news.id, ...localText(language), date: news.date })
    .from(news)
    .where(and(or(...audiences), or(isNull(news.validFrom), lte(news.validFrom, today)), or(isNull(news.validUntil), gte(news.validUntil, today))))
    .orderBy(desc(news.date), asc(news.title))
    .limit(limit)
}

export async function listNews(access: Access) {
  requireSuper(access)
  return db()
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
    .orderBy(desc(news.date))
}

export async function getNews(access: Access, id: string) {
  requireSuper(access)
  if (!isUuid(id)) return null
  return (await db().query.news.findFirst({ where: eq(news.id, id) })) ?? null
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

export async function saveNews(access: Access, id: string | null, input: NewsInput, version?: number) {
  requireSuper(access)
  const values = check(input)
  await db().transaction(async (tx) => {
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
    if (!isUuid(id)) throw new DomainError('not-found')
    const [before] = await tx.select().from(news).where(eq(news.id, id)).for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== version) throw new DomainError('stale')
    await tx
      .update(news)
      .set({ ...values, version: sql`${news.version} + 1`, updatedAt: new Date() })
      .where(eq(news.id, id))
    await writeAudit(tx, access, { component: 'news', action: 'Updated', entityId: id, customerId: null, changes: diff(before, values) })
  })
}

export async function deleteNews(access: Access, id: string, version: number) {
  requireSuper(access)
  if (!isUuid(id)) throw new DomainError('not-found')
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(news).where(eq(news.id, id)).for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== version) throw new DomainError('stale')
    await tx.delete(news).where(eq(news.id, id))
    await writeAudit(tx, access, {
      component: 'news',
      action: 'Deleted',
      entityId: id,
      customerId: null,
      changes: { title: { from: before.title || before.titleFr || before.titleEn, to: null } },
    })
  })
}
