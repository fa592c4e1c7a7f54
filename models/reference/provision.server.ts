import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Language } from '../core/constants.ts'
import type { DB, Executor } from '../core/db.server.ts'
import { asSystem } from '../core/scope.server.ts'
import { controlMatrixRows, customers, icsSettings, probabilityLevels, severityLevels } from '../schema/index.ts'
import { controlMatrixSeed } from './ics-catalog/index.ts'
import { defaultProbabilityLevels, defaultSeverityLevels } from './risk-catalog/levels.ts'

/**
 * What every pension fund starts with, in its language: the five levels of each risk-map scale,
 * the control matrix and the ICS settings. Runs once per fund, when it is created (or, for funds
 * older than this step, at the next start); the screens only read, so a fund that empties its
 * control matrix keeps it empty.
 *
 * Writes tenant rows through the executor it is given, which must already be inside a scope
 * (`asSystem` or `asOperator`); it opens none of its own.
 */
export async function provisionCustomer(tx: Executor, customerId: string, language: Language) {
  await tx
    .insert(severityLevels)
    .values(
      defaultSeverityLevels.map((l) => ({
        customerId,
        ref: l.ref,
        size: l.size[language],
        effect: l.effect?.[language] ?? '',
        description: l.description[language],
      })),
    )
    .onConflictDoNothing()
  await tx
    .insert(probabilityLevels)
    .values(
      defaultProbabilityLevels.map((l) => ({
        customerId,
        ref: l.ref,
        name: l.size[language],
        range: l.range?.[language] ?? '',
        description: l.description[language],
      })),
    )
    .onConflictDoNothing()
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(controlMatrixRows).where(eq(controlMatrixRows.customerId, customerId))
  if (n === 0) {
    await tx.insert(controlMatrixRows).values(
      controlMatrixSeed.map((r, i) => ({
        customerId,
        position: i + 1,
        task: r.task[language],
        revision: r.revision,
        management: r.management,
        responsible: r.responsible,
        department: r.department[language],
        controller: r.controller[language],
        cycle: r.cycle[language],
        comment: r.comment[language],
      })),
    )
  }
  await tx.insert(icsSettings).values({ customerId }).onConflictDoNothing()
  await tx
    .update(customers)
    .set({ provisionedAt: new Date() })
    .where(and(eq(customers.id, customerId), isNull(customers.provisionedAt)))
}

/**
 * Provisions the funds that are not yet; each in its own system transaction (the levels, matrix
 * and settings are tenant rows, written only inside a scope), locked so two starting servers do
 * not both do it.
 */
export async function provisionPendingCustomers(db: DB) {
  const pending = await db.select({ id: customers.id }).from(customers).where(isNull(customers.provisionedAt))
  let done = 0
  for (const { id } of pending) {
    await asSystem('provision pending customer', async (tx) => {
      const [row] = await tx
        .select({ language: customers.language, provisionedAt: customers.provisionedAt })
        .from(customers)
        .where(eq(customers.id, id))
        .for('update')
      if (!row || row.provisionedAt) return
      await provisionCustomer(tx, id, row.language)
      done++
    })
  }
  return done
}
