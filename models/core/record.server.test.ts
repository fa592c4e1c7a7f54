import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DomainError } from './errors.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from './record.server.ts'
import { asOperator } from './scope.server.ts'
import { auditEntries, news } from '../schema/index.ts'
import { operatorFactory } from '../../tests/factories/index.ts'

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  )

describe('record kit', () => {
  it('locks by id and version, bumps the version with its audit entry, and deletes with the whole row in the trail', async () => {
    const { access } = await operatorFactory()
    const inOperator = <T>(fn: Parameters<typeof asOperator<T>>[2]) => asOperator(access, 'record kit test', fn)
    const [row] = await inOperator((tx) => tx.insert(news).values({ title: 'Kit', date: '2026-01-05' }).returning())

    expect(await code(inOperator((tx) => lockVersioned(tx, news, 'not-a-uuid', 1)))).toBe('not-found')
    expect(await code(inOperator((tx) => lockVersioned(tx, news, crypto.randomUUID(), 1)))).toBe('not-found')
    expect(await code(inOperator((tx) => lockVersioned(tx, news, row.id, 2)))).toBe('stale')
    expect(await code(inOperator((tx) => lockVersioned(tx, news, row.id, 1, { allowed: () => false })))).toBe('forbidden')
    // Out of the `where` is out of sight: 404 before the right or the version is asked.
    expect(await code(inOperator((tx) => lockVersioned(tx, news, row.id, 2, { where: eq(news.title, 'other'), allowed: () => false })))).toBe('not-found')

    const after = await inOperator(async (tx) => {
      const before = await lockVersioned(tx, news, row.id, 1)
      return updateVersioned(tx, access, { table: news, before, set: { title: 'Kit 2', lead: '' }, audit: { component: 'news', customerId: null } })
    })
    expect(after.version).toBe(2)
    expect(after.title).toBe('Kit 2')
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime())
    const entries = () =>
      inOperator((tx) =>
        tx
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.entityId, row.id), eq(auditEntries.component, 'news')))
          .orderBy(auditEntries.createdAt),
      )
    const [updated] = await entries()
    // Only the fields that changed, as writeAudit always kept them.
    expect(updated).toMatchObject({ action: 'Updated', customerId: null, userId: access.user.id, changedFields: { title: { from: 'Kit', to: 'Kit 2' } } })

    // Nothing changed: one version up, but no entry (the trail keeps real changes only).
    await inOperator(async (tx) =>
      updateVersioned(tx, access, {
        table: news,
        before: await lockVersioned(tx, news, row.id, 2),
        set: { title: 'Kit 2' },
        audit: { component: 'news', customerId: null },
      }),
    )
    expect(await entries()).toHaveLength(1)

    await inOperator(async (tx) =>
      deleteVersioned(tx, access, { table: news, before: await lockVersioned(tx, news, row.id, 3), audit: { component: 'news', customerId: null } }),
    )
    expect(await inOperator((tx) => tx.select().from(news).where(eq(news.id, row.id)))).toHaveLength(0)
    const deleted = (await entries())[1]
    expect(deleted.action).toBe('Deleted')
    expect((deleted.changedFields as Record<string, { from: unknown; to: unknown }>).title).toEqual({ from: 'Kit 2', to: null })
    expect((deleted.changedFields as Record<string, { from: unknown; to: unknown }>).id).toEqual({ from: row.id, to: null })
  })
})
