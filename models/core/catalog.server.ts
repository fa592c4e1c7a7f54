import { eq } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from './db.server.ts'
import { DomainError } from './errors.ts'
import { isUuid } from './sql-helpers.ts'

/**
 * The theme an individual record (or a catalogue entry) is filed under, by the id its form sent; an unknown one is
 * invalid input for `field`, with `message` if given.
 */
export async function themeOf<T extends PgTable & { id: AnyPgColumn }>(tx: Executor, themes: T, id: string, field: string, message?: string) {
  const [theme] = isUuid(id)
    ? await tx
        .select()
        .from(themes as PgTable)
        .where(eq(themes.id, id))
    : []
  if (!theme) throw new DomainError('invalid', field, message)
  return theme as T['$inferSelect']
}
