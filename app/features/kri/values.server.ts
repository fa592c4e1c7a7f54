import { and, eq, inArray, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, removal, writeAudit } from '#models/core/audit.server.ts'
import type { KriValueSource } from '#models/core/constants.ts'
import { isIsoDate, todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { deleteVersioned, lockVersioned } from '#models/core/record.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { kriCatalog, kris, kriValues } from '#models/schema/index.ts'
import { afterKriValues } from './alerts.server.ts'
import { KRI_MESSAGES } from './messages.ts'
import { isPeriodEnd } from './periods.ts'

/** The audit component of a KRI's value. */
export const KRI_VALUE_COMPONENT = 'kriValue'

export type KriValueRow = { kriId: string; periodEnd: string /* yyyy-mm-dd */; value: string /* decimal, dot */; comment: string }

/** A figure numeric(14,4) keeps: up to ten digits before the point and four after. */
const DECIMAL = /^-?\d{1,10}(\.\d{1,4})?$/
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const COMMENT_MAX = 2000

/** The same figure whatever its trailing zeros ("102.40" and "102.4"). */
const sameNumber = (a: string, b: string) => Number(a) === Number(b)

/**
 * Writes a fund's KRI values (new or changed; a row equal to the stored one is left alone), each with
 * its audit entry, then lets the alerts judge them. Checks: the KRI is the fund's (404 otherwise), the
 * date is a reporting date of its frequency and not in the future, the value a finite figure, the
 * comment a text; values entered or imported need the enter right and a KRI not computed by the product.
 * Runs in the caller's transaction (withCustomer). Answers the ids of the values written or changed.
 */
export async function upsertKriValues(tx: Tx, access: CustomerAccess, rows: KriValueRow[], source: KriValueSource, today = todayInZurich()): Promise<string[]> {
  if (source !== 'computed' && !permissionsOf(access).kri.enter) throw new DomainError('forbidden')
  if (!rows.length) return []
  const ids = [...new Set(rows.map((r) => r.kriId))]
  if (!ids.every(isUuid)) throw new DomainError('not-found')
  // Row-level security hides another fund's KRIs: any id not found here is not the fund's.
  const found = await tx
    .select({ id: kris.id, frequency: kris.frequency, computed: kriCatalog.computed })
    .from(kris)
    .innerJoin(kriCatalog, eq(kriCatalog.id, kris.catalogId))
    .where(inArray(kris.id, ids))
  const byId = new Map(found.map((k) => [k.id, k]))
  if (byId.size !== ids.length) throw new DomainError('not-found')

  const seen = new Set<string>()
  const checked = rows.map((r) => {
    const kri = byId.get(r.kriId)
    if (!kri) throw new DomainError('not-found')
    const field = `value-${r.kriId}`
    if (source !== 'computed' && kri.computed) throw new DomainError('invalid', field, KRI_MESSAGES.computed)
    if (!isIsoDate(r.periodEnd) || !isPeriodEnd(r.periodEnd, kri.frequency)) throw new DomainError('invalid', 'periodEnd', KRI_MESSAGES.periodEnd)
    if (r.periodEnd > today) throw new DomainError('invalid', 'periodEnd', KRI_MESSAGES.future)
    const value = String(r.value ?? '').trim()
    if (!DECIMAL.test(value) || !Number.isFinite(Number(value))) throw new DomainError('invalid', field, KRI_MESSAGES.value)
    const comment = String(r.comment ?? '').trim()
    if (comment.length > COMMENT_MAX) throw new DomainError('invalid', `comment-${r.kriId}`, 'validation.tooLong')
    if (CONTROL_CHARS.test(comment)) throw new DomainError('invalid', `comment-${r.kriId}`, 'validation.controlChars')
    const key = `${r.kriId}|${r.periodEnd}`
    if (seen.has(key)) throw new DomainError('invalid', field, KRI_MESSAGES.duplicate)
    seen.add(key)
    return { kriId: r.kriId, periodEnd: r.periodEnd, value, comment }
  })

  const existing = await tx
    .select()
    .from(kriValues)
    .where(and(inArray(kriValues.kriId, ids), inArray(kriValues.periodEnd, [...new Set(checked.map((r) => r.periodEnd))])))
    .for('update')
  const stored = new Map(existing.map((v) => [`${v.kriId}|${v.periodEnd}`, v]))

  const written: string[] = []
  const fresh = checked.filter((r) => !stored.has(`${r.kriId}|${r.periodEnd}`))
  if (fresh.length) {
    const inserted = await tx
      .insert(kriValues)
      .values(fresh.map((r) => ({ ...r, customerId: access.customer.id, source, enteredByUserId: access.user.id })))
      .onConflictDoNothing()
      .returning()
    // Another entry of the same value came first (a form and an import at once): 409, and nothing of this one is kept.
    if (inserted.length !== fresh.length) throw new DomainError('stale')
    for (const row of inserted) {
      const changes = diff(null, { kriId: row.kriId, periodEnd: row.periodEnd, value: row.value, source: row.source, comment: row.comment })
      await writeAudit(tx, access, { component: KRI_VALUE_COMPONENT, action: 'Created', entityId: row.id, changes })
      written.push(row.id)
    }
  }
  for (const r of checked) {
    const before = stored.get(`${r.kriId}|${r.periodEnd}`)
    if (!before) continue
    // The same figure and comment again (a form saved as it was shown, an import repeated) changes nothing, its source neither.
    if (sameNumber(before.value, r.value) && before.comment === r.comment) continue
    const valueChanged = !sameNumber(before.value, r.value)
    const set = { value: r.value, comment: r.comment, source, enteredByUserId: access.user.id }
    const [after] = await tx
      .update(kriValues)
      .set({
        ...set,
        // A changed figure is a new value: its alert may go out again.
        ...(valueChanged ? { alertedAt: null } : {}),
        version: sql`${kriValues.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(kriValues.id, before.id))
      .returning()
    const changes = diff(
      { value: before.value, comment: before.comment, source: before.source },
      { value: valueChanged ? after.value : before.value, comment: r.comment, source },
    )
    await writeAudit(tx, access, { component: KRI_VALUE_COMPONENT, action: 'Updated', entityId: before.id, changes })
    written.push(before.id)
  }
  if (written.length) await afterKriValues(tx, access, written)
  return written
}

/**
 * Deletes a value entered or imported by mistake (with its 'Deleted' audit entry): the value must be of
 * the KRI (404 otherwise), in the version shown (409), and not computed by the product (400). Nothing
 * else is set off: the measures and the underfunding case it may have set off stay.
 */
export async function deleteKriValue(tx: Tx, access: CustomerAccess, kriId: string, valueId: string, version: number): Promise<void> {
  if (!permissionsOf(access).kri.enter) throw new DomainError('forbidden')
  if (!isUuid(kriId)) throw new DomainError('not-found')
  const before = await lockVersioned(tx, kriValues, valueId, version, { where: eq(kriValues.kriId, kriId) })
  const [kri] = await tx.select({ computed: kriCatalog.computed }).from(kris).innerJoin(kriCatalog, eq(kriCatalog.id, kris.catalogId)).where(eq(kris.id, kriId))
  if (before.source === 'computed' || kri?.computed) throw new DomainError('invalid', undefined, KRI_MESSAGES.computedValue)
  const shown = { kriId: before.kriId, periodEnd: before.periodEnd, value: before.value, source: before.source, comment: before.comment }
  await deleteVersioned(tx, access, { table: kriValues, before, audit: { component: KRI_VALUE_COMPONENT, changes: removal(shown) } })
}
