import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { parseDate, todayInZurich } from '#models/core/dates.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { filesOf } from '#models/core/files.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { numberFromSearch, RECORD_PREFIX } from '#models/core/record-number.ts'
import { cursorWithCustomer, withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { loyaltyPersons, relatedTransactions, storedFiles } from '#models/schema/index.ts'
import { Files } from '#app/files/files.server.ts'
import { parseAmount } from '#models/core/amount.ts'
import { TX_MESSAGES } from './schema.ts'

/*
 * The register of legal transactions with related parties (issue 26; Art. 51c BVG, Art. 48i BVV 2),
 * bound to the acting access: admins manage it (loyalty.manage), the area's readers and auditors read
 * it (loyalty.read). Rules (decision record beside the area's):
 *   - the amount is CHF, not negative, typed the Swiss way ("12'500.50", "12 500,50");
 *   - the person the counterparty is related through is one of the fund's loyalty persons;
 *   - an approval date needs the approver, and neither approval nor disclosure lies in the future;
 *   - a significant transaction is tendered (Art. 48i para. 2): it is marked approved only with the
 *     offers' comparison written or at least one offer file, and its last offer is not removed then;
 *   - the disclosure to the auditor is not before the transaction's date;
 *   - once disclosed to the auditor, a transaction is not deleted, its disclosure not taken back and its
 *     offers not removed (what the auditor saw stays in the register); it may still be corrected, each
 *     change in its trail.
 */

/** The audit component of a transaction (its history panel, the trail). */
export const TRANSACTION_COMPONENT = 'relatedTransaction'

export const TRANSACTION_SORTS = ['date', 'number', 'counterparty', 'amount'] as const
export type TransactionSort = (typeof TRANSACTION_SORTS)[number]

export type TransactionFilter = {
  year?: number
  significant?: boolean
  disclosed?: boolean
  q?: string
  sort: TransactionSort
  dir: 'asc' | 'desc'
}

/** What a form hands the service: the amount as typed (checked here again), dates as yyyy-mm-dd or dd.mm.yyyy. */
export type TransactionInput = {
  counterparty: string
  personId: string | null
  relation: string
  subject: string
  amount: string | null
  transactionDate: string
  significant: boolean
  offersComparison: string
  approver: string
  approvedOn: string | null
  disclosedToAuditorOn: string | null
}

/** The same change also brings an offer file (the multipart form: the file is kept after the fields). */
type ChangeOptions = { offerAdded?: boolean; today?: string }

const personName = sql<string | null>`${loyaltyPersons.firstName} || ' ' || ${loyaltyPersons.lastName}`

const listColumns = {
  id: relatedTransactions.id,
  number: relatedTransactions.number,
  counterparty: relatedTransactions.counterparty,
  personId: relatedTransactions.personId,
  personName,
  personFunction: loyaltyPersons.function,
  relation: relatedTransactions.relation,
  subject: relatedTransactions.subject,
  amount: relatedTransactions.amount,
  transactionDate: relatedTransactions.transactionDate,
  significant: relatedTransactions.significant,
  approver: relatedTransactions.approver,
  approvedOn: relatedTransactions.approvedOn,
  disclosedToAuditorOn: relatedTransactions.disclosedToAuditorOn,
  offers: sql<number>`(select count(*)::int from stored_files f where f.transaction_id = ${relatedTransactions.id})`,
}

function listQuery(tx: Executor) {
  return tx.select(listColumns).from(relatedTransactions).leftJoin(loyaltyPersons, eq(loyaltyPersons.id, relatedTransactions.personId)).$dynamic()
}

function whereFor(f: Pick<TransactionFilter, 'year' | 'significant' | 'disclosed' | 'q'>): SQL | undefined {
  const conds: (SQL | undefined)[] = []
  if (f.year) conds.push(gte(relatedTransactions.transactionDate, `${f.year}-01-01`), lte(relatedTransactions.transactionDate, `${f.year}-12-31`))
  if (f.significant !== undefined) conds.push(eq(relatedTransactions.significant, f.significant))
  if (f.disclosed !== undefined)
    conds.push(f.disclosed ? isNotNull(relatedTransactions.disclosedToAuditorOn) : isNull(relatedTransactions.disclosedToAuditorOn))
  const q = f.q?.trim()
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const n = numberFromSearch(q, RECORD_PREFIX.relatedTransaction)
    conds.push(
      or(
        ilike(relatedTransactions.counterparty, like),
        ilike(relatedTransactions.subject, like),
        ilike(relatedTransactions.relation, like),
        ilike(relatedTransactions.approver, like),
        sql`(${loyaltyPersons.firstName} || ' ' || ${loyaltyPersons.lastName}) ilike ${like}`,
        n ? eq(relatedTransactions.number, n) : undefined,
      ),
    )
  }
  return conds.length ? and(...conds) : undefined
}

function orderFor(f: TransactionFilter): SQL[] {
  const dir = f.dir === 'desc' ? desc : asc
  switch (f.sort) {
    case 'number':
      return [dir(relatedTransactions.number)]
    case 'counterparty':
      return [dir(relatedTransactions.counterparty), asc(relatedTransactions.number)]
    case 'amount':
      return [sql`${relatedTransactions.amount} ${sql.raw(f.dir === 'desc' ? 'desc nulls last' : 'asc nulls first')}`, asc(relatedTransactions.number)]
    default:
      return [dir(relatedTransactions.transactionDate), dir(relatedTransactions.number)]
  }
}

/** A date field: yyyy-mm-dd or dd.mm.yyyy; else a 400 at the field. */
function dateOf(value: string | null, field: string, required = false): string | null {
  if (!value?.trim()) {
    if (required) throw new DomainError('invalid', field, 'validation.required')
    return null
  }
  const d = parseDate(value)
  if (!d) throw new DomainError('invalid', field, 'validation.date')
  return d
}

function text(value: string, field: string, max: number, required = false) {
  const v = (value ?? '').trim()
  if (required && !v) throw new DomainError('invalid', field, 'validation.required')
  if (v.length > max) throw new DomainError('invalid', field, 'validation.tooLong')
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v)) throw new DomainError('invalid', field, 'validation.controlChars')
  return v
}

/** The input checked and normalised as the table keeps it; the rules that need no other row. */
function valuesOf(input: TransactionInput, today: string) {
  const amount = parseAmount(input.amount)
  if (amount === undefined) throw new DomainError('invalid', 'amount', TX_MESSAGES.amount)
  const values = {
    counterparty: text(input.counterparty, 'counterparty', 300, true),
    personId: input.personId?.trim() || null,
    relation: text(input.relation, 'relation', 500),
    subject: text(input.subject, 'subject', 2000, true),
    amount,
    transactionDate: dateOf(input.transactionDate, 'transactionDate', true) as string,
    significant: Boolean(input.significant),
    offersComparison: text(input.offersComparison, 'offersComparison', 4000),
    approver: text(input.approver, 'approver', 300),
    approvedOn: dateOf(input.approvedOn, 'approvedOn'),
    disclosedToAuditorOn: dateOf(input.disclosedToAuditorOn, 'disclosedToAuditorOn'),
  }
  if (values.approvedOn && !values.approver) throw new DomainError('invalid', 'approver', TX_MESSAGES.approverRequired)
  if (values.approvedOn && values.approvedOn > today) throw new DomainError('invalid', 'approvedOn', TX_MESSAGES.approvedInFuture)
  if (values.disclosedToAuditorOn && values.disclosedToAuditorOn > today)
    throw new DomainError('invalid', 'disclosedToAuditorOn', TX_MESSAGES.disclosedInFuture)
  if (values.disclosedToAuditorOn && values.disclosedToAuditorOn < values.transactionDate)
    throw new DomainError('invalid', 'disclosedToAuditorOn', TX_MESSAGES.disclosedBeforeTransaction)
  return values
}

type Values = ReturnType<typeof valuesOf>

/** The person must be one of this fund's loyalty persons (row-level security hides another fund's). */
async function checkPerson(tx: Executor, personId: string | null) {
  if (!personId) return
  if (!isUuid(personId)) throw new DomainError('invalid', 'personId', TX_MESSAGES.person)
  const [row] = await tx.select({ id: loyaltyPersons.id }).from(loyaltyPersons).where(eq(loyaltyPersons.id, personId))
  if (!row) throw new DomainError('invalid', 'personId', TX_MESSAGES.person)
}

async function offerCount(tx: Executor, id: string) {
  const [row] = await tx.select({ n: count() }).from(storedFiles).where(eq(storedFiles.transactionId, id))
  return row?.n ?? 0
}

/** Art. 48i para. 2 BVV 2: a significant transaction is approved only once tendered (a comparison or an offer file). */
function tendered(v: Pick<Values, 'significant' | 'approvedOn' | 'offersComparison'>, offers: number) {
  return !(v.significant && v.approvedOn) || v.offersComparison.trim() !== '' || offers > 0
}

export const RelatedTransactions = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const readable = () => {
      if (!p.loyalty.read) throw new DomainError('forbidden')
    }
    const manageable = () => {
      if (!p.loyalty.manage) throw new DomainError('forbidden')
    }

    return {
      rights: { read: p.loyalty.read, manage: p.loyalty.manage },

      /** A page of the fund's transactions, the filter's total and the sum of its amounts (CHF, as text). */
      async page(f: TransactionFilter, page: { limit: number; offset: number }) {
        readable()
        const where = whereFor(f)
        return scoped(async (tx) => {
          const rows = await listQuery(tx)
            .where(where)
            .orderBy(...orderFor(f))
            .limit(page.limit)
            .offset(page.offset)
          const [totals] = await tx
            .select({ total: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${relatedTransactions.amount}), 0)::text` })
            .from(relatedTransactions)
            .leftJoin(loyaltyPersons, eq(loyaltyPersons.id, relatedTransactions.personId))
            .where(where)
          return { rows, total: totals.total, sum: totals.sum }
        })
      },

      /** Every row of a filter in batches, for the exports (a cursor in a transaction of its own). */
      iterate(f: TransactionFilter, batch = 500) {
        readable()
        const where = whereFor(f)
        return cursorWithCustomer(access, batch, (tx) =>
          listQuery(tx)
            .where(where)
            .orderBy(...orderFor(f)),
        )
      },

      /** One transaction with its person's name and function; null when not there for this access. */
      async get(id: string) {
        if (!p.loyalty.read || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx
            .select({ transaction: relatedTransactions, personName, personFunction: loyaltyPersons.function })
            .from(relatedTransactions)
            .leftJoin(loyaltyPersons, eq(loyaltyPersons.id, relatedTransactions.personId))
            .where(eq(relatedTransactions.id, id))
          return row ?? null
        })
      },

      /** The fund's loyalty persons to choose from (those ended last stay chosen where they are). */
      async persons() {
        readable()
        return scoped((tx) =>
          tx
            .select({ id: loyaltyPersons.id, name: personName, function: loyaltyPersons.function, untilDate: loyaltyPersons.untilDate })
            .from(loyaltyPersons)
            .orderBy(asc(loyaltyPersons.lastName), asc(loyaltyPersons.firstName)),
        )
      },

      /** Records a transaction with its next number (RG-n) and its 'Created' entry. */
      async create(input: TransactionInput, opts: ChangeOptions = {}) {
        manageable()
        const values = valuesOf(input, opts.today ?? todayInZurich())
        if (!tendered(values, opts.offerAdded ? 1 : 0)) throw new DomainError('invalid', 'offersComparison', TX_MESSAGES.offersRequired)
        return scoped(async (tx) => {
          await checkPerson(tx, values.personId)
          const [row] = await tx
            .insert(relatedTransactions)
            .values({ ...values, customerId: access.customer.id, number: await nextNumber(tx, access.customer.id, 'relatedTransaction') })
            .returning()
          const changes = diff(null, { number: row.number, ...values })
          await writeAudit(tx, access, { component: TRANSACTION_COMPONENT, action: 'Created', entityId: row.id, changes })
          return row
        })
      },

      /** Changes a transaction (409 when another change came first). */
      async update(id: string, input: TransactionInput, version: number, opts: ChangeOptions = {}) {
        manageable()
        const values = valuesOf(input, opts.today ?? todayInZurich())
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, relatedTransactions, id, version)
          // What the auditor was shown stays shown: the disclosure is corrected, never taken back.
          if (before.disclosedToAuditorOn && !values.disclosedToAuditorOn) throw new DomainError('invalid', 'disclosedToAuditorOn', TX_MESSAGES.disclosedKept)
          if (values.personId !== before.personId) await checkPerson(tx, values.personId)
          if (!tendered(values, (opts.offerAdded ? 1 : 0) + (await offerCount(tx, id))))
            throw new DomainError('invalid', 'offersComparison', TX_MESSAGES.offersRequired)
          return updateVersioned(tx, access, { table: relatedTransactions, before, set: values, audit: { component: TRANSACTION_COMPONENT } })
        })
      },

      /** Deletes a transaction not yet disclosed to the auditor, its offer files with it (each in the trail). */
      async delete(id: string, version: number) {
        manageable()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, relatedTransactions, id, version)
          if (before.disclosedToAuditorOn) throw new DomainError('conflict', undefined, TX_MESSAGES.disclosedNoDelete)
          const files = Files.for(access)
          for (const f of await filesOf(tx, 'transaction', id)) await files.remove(f.id, { kind: 'transaction', id })
          await deleteVersioned(tx, access, { table: relatedTransactions, before, audit: { component: TRANSACTION_COMPONENT } })
        })
      },

      /** The transaction's offer files, oldest first (none when it is not there for this access). */
      files(id: string) {
        return Files.for(access).list({ kind: 'transaction', id })
      },

      /**
       * Removes an offer file (another transaction's file is not found), with its audit entry; refused
       * for the last offer of an approved significant transaction without a written comparison.
       */
      async removeFile(id: string, fileId: string) {
        manageable()
        if (!isUuid(id) || !isUuid(fileId)) throw new DomainError('not-found')
        return scoped(async (tx) => {
          const [row] = await tx.select().from(relatedTransactions).where(eq(relatedTransactions.id, id)).for('update')
          if (!row) throw new DomainError('not-found')
          // The offers the auditor saw stay with the transaction.
          if (row.disclosedToAuditorOn) throw new DomainError('conflict', undefined, TX_MESSAGES.disclosedKept)
          await Files.for(access).remove(fileId, { kind: 'transaction', id })
          if (!tendered(row, await offerCount(tx, id))) throw new DomainError('conflict', undefined, TX_MESSAGES.offersRequired)
        })
      },
    }
  },
}
