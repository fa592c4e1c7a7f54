import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, removal, writeAudit } from '#models/core/audit.server.ts'
import type { DecisionSubject } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { isIsoDate, todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DECISION_COMPONENT, decisionOptions } from '#models/core/decisions.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { filesOf } from '#models/core/files.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { numberFromSearch, RECORD_PREFIX } from '#models/core/record-number.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { documentVisibility } from '#models/core/visibility.server.ts'
import { councilDecisionDocuments, councilDecisions, documents } from '#models/schema/index.ts'

/*
 * The register of the foundation council's decisions (issue 28, decision 0068), bound to the acting
 * access: readers of either tool and auditors read it (decisions.read), admins record, correct and
 * delete decisions (decisions.write). The areas link their approvals to a decision (the risk appetite,
 * accepted risks and findings, the loyalty review, the annual report, the ICS minimum level) through
 * models/core/decisions.server.ts; a decision something links to is not deleted (409). Its documents are
 * documents of the fund the user may read.
 */

export { DECISION_COMPONENT }

export const DECISION_SORTS = ['decidedOn', 'number', 'subject', 'title'] as const
export type DecisionSort = (typeof DECISION_SORTS)[number]

export type DecisionFilter = { subject?: DecisionSubject; year?: number; q?: string; sort: DecisionSort; dir: 'asc' | 'desc' }

export type DecisionRecordInput = {
  subject: DecisionSubject
  decidedOn: string
  reference: string
  title: string
  text: string
  decidedBy: string
}

/** What links to a decision: the kind (for its label), the page and how it reads there. */
export type DecisionUse = {
  kind: 'appetite' | 'acceptance' | 'loyaltyReview' | 'report' | 'icsMinimum' | 'finding'
  href: string
  label: string
  date: string | null
}

export const DECISION_MESSAGES = {
  future: 'decisions:errors.future',
  linked: 'decisions:errors.linked',
  linkedFacts: 'decisions:errors.linkedFacts',
  documentLinked: 'decisions:errors.documentLinked',
} as const

const listColumns = {
  id: councilDecisions.id,
  number: councilDecisions.number,
  subject: councilDecisions.subject,
  decidedOn: councilDecisions.decidedOn,
  reference: councilDecisions.reference,
  title: councilDecisions.title,
  decidedBy: councilDecisions.decidedBy,
  documents: sql<number>`(select count(*)::int from council_decision_documents d where d.decision_id = ${councilDecisions.id})`,
}

function whereFor(f: Pick<DecisionFilter, 'subject' | 'year' | 'q'>): SQL | undefined {
  const conds: (SQL | undefined)[] = []
  if (f.subject) conds.push(eq(councilDecisions.subject, f.subject))
  if (f.year) conds.push(gte(councilDecisions.decidedOn, `${f.year}-01-01`), lte(councilDecisions.decidedOn, `${f.year}-12-31`))
  const q = f.q?.trim()
  if (q) {
    const term = likeTerm(q)
    const n = numberFromSearch(q, RECORD_PREFIX.decision)
    conds.push(or(ilike(councilDecisions.title, term), ilike(councilDecisions.reference, term), n ? eq(councilDecisions.number, n) : undefined))
  }
  return conds.length ? and(...conds) : undefined
}

function orderFor(f: DecisionFilter): SQL[] {
  const dir = f.dir === 'desc' ? desc : asc
  const column = { decidedOn: councilDecisions.decidedOn, number: councilDecisions.number, subject: councilDecisions.subject, title: councilDecisions.title }[
    f.sort
  ]
  return [dir(column), dir(councilDecisions.number)]
}

function text(field: string, value: string | undefined, max: number, required = false) {
  const v = (value ?? '').trim()
  if (required && !v) throw new DomainError('invalid', field, 'validation.required')
  if (v.length > max) throw new DomainError('invalid', field, 'validation.tooLong')
  return v
}

/** The input checked again on the server: date (not in the future), reference and title required. */
function checked(input: DecisionRecordInput, today: string) {
  if (!isIsoDate(input.decidedOn)) throw new DomainError('invalid', 'decidedOn', 'validation.date')
  if (input.decidedOn > today) throw new DomainError('invalid', 'decidedOn', DECISION_MESSAGES.future)
  return {
    subject: input.subject,
    decidedOn: input.decidedOn,
    reference: text('reference', input.reference, 300, true),
    title: text('title', input.title, 300, true),
    text: text('text', input.text, 20000),
    decidedBy: text('decidedBy', input.decidedBy, 300),
  }
}

/** Everything that rests on a decision, read with the register's own queries (row-level security keeps them to the fund). */
async function usesOf(tx: Tx, id: string): Promise<DecisionUse[]> {
  const { rows } = await tx.execute<{ kind: DecisionUse['kind']; ref: string | null; label: string; date: string | null }>(sql`
    select 'appetite' as kind, null::text as ref, a.score_limit::text as label, a.approved_on::text as date
      from risk_appetite_approvals a where a.decision_id = ${id}
    union all
    select 'acceptance', a.risk_id::text, r.idkey || ' ' || r.title, a.accepted_on::text
      from risk_acceptances a join risks r on r.id = a.risk_id where a.decision_id = ${id}
    union all
    select 'loyaltyReview', null, c.year::text, c.reviewed_on::text from loyalty_campaigns c where c.review_decision_id = ${id}
    union all
    select 'report', s.id::text, to_char(s.reporting_date, 'DD.MM.YYYY'), a.approved_on::text
      from report_approvals a join report_snapshots s on s.id = a.snapshot_id where a.decision_id = ${id}
    union all
    select 'icsMinimum', null, i.council_minimum::text, null from ics_settings i where i.minimum_decision_id = ${id}
    union all
    select 'finding', f.id::text, 'FS-' || f.number || ' ' || f.title, null from findings f where f.acceptance_decision_id = ${id}
    order by 1, 4, 3`)
  return rows.map((r) => ({
    kind: r.kind,
    label: r.label,
    date: r.date,
    href: {
      appetite: '/app/risk/kri/appetite',
      acceptance: `/app/risk/${r.ref}/acceptance`,
      loyaltyReview: '/app/loyalty/review',
      report: `/app/report/${r.ref}`,
      icsMinimum: '/app/iks/qsindex',
      finding: `/app/findings/${r.ref}`,
    }[r.kind],
  }))
}

export const Decisions = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const mayRead = p.decisions.read
    const mayWrite = p.decisions.write
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const readable = () => {
      if (!mayRead) throw new DomainError('forbidden')
    }
    const writable = () => {
      if (!mayWrite) throw new DomainError(mayRead ? 'forbidden' : 'not-found')
    }
    /** The decision (locked), or 404. */
    async function decisionOf(tx: Tx, id: string) {
      if (!isUuid(id)) throw new DomainError('not-found')
      const [row] = await tx.select({ id: councilDecisions.id }).from(councilDecisions).where(eq(councilDecisions.id, id)).for('update')
      if (!row) throw new DomainError('not-found')
      return row
    }
    /** A document of the fund the user may read, else unknown (404). */
    async function readableDocument(tx: Tx, documentId: string) {
      if (!isUuid(documentId)) throw new DomainError('not-found', 'documentId')
      const [doc] = await tx
        .select({ id: documents.id, name: documents.name })
        .from(documents)
        .where(and(eq(documents.id, documentId), documentVisibility(p)))
      if (!doc) throw new DomainError('not-found', 'documentId')
      return doc
    }

    return {
      rights: { read: mayRead, write: mayWrite },

      /** A page of decisions, newest first by default. */
      async list(f: DecisionFilter, page: { limit: number; offset: number }) {
        readable()
        return scoped(async (tx) => {
          const where = whereFor(f)
          const rows = await tx
            .select(listColumns)
            .from(councilDecisions)
            .where(where)
            .orderBy(...orderFor(f))
            .limit(page.limit)
            .offset(page.offset)
          const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(councilDecisions).where(where)
          return { rows, total: count }
        })
      },

      /** Every decision of the filter, for the exports (a council records a few dozen a year). */
      async all(f: DecisionFilter) {
        readable()
        return scoped((tx) =>
          tx
            .select({ ...listColumns, text: councilDecisions.text })
            .from(councilDecisions)
            .where(whereFor(f))
            .orderBy(...orderFor(f))
            .limit(20000),
        )
      },

      /** One decision with its documents (and their files) and what links to it; null when unknown here. */
      async get(id: string) {
        if (!mayRead || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [decision] = await tx.select().from(councilDecisions).where(eq(councilDecisions.id, id))
          if (!decision) return null
          const docs = await tx
            .select({ id: documents.id, name: documents.name, category: documents.category, link: documents.link, linkText: documents.linkText })
            .from(councilDecisionDocuments)
            .innerJoin(documents, eq(documents.id, councilDecisionDocuments.documentId))
            .where(and(eq(councilDecisionDocuments.decisionId, id), documentVisibility(p)))
            .orderBy(documents.name)
          const withFiles = await Promise.all(docs.map(async (d) => ({ ...d, files: await filesOf(tx, 'document', d.id) })))
          const [hidden] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(councilDecisionDocuments)
            .innerJoin(documents, eq(documents.id, councilDecisionDocuments.documentId))
            .where(and(eq(councilDecisionDocuments.decisionId, id), sql`not (${documentVisibility(p)})`))
          return { decision, documents: withFiles, hiddenDocuments: hidden?.count ?? 0, uses: await usesOf(tx, id) }
        })
      },

      /** The documents a decision may link: the fund's documents the user reads, not linked yet. */
      async documentOptions(id: string) {
        writable()
        return scoped((tx) =>
          tx
            .select({ id: documents.id, name: documents.name, category: documents.category })
            .from(documents)
            .where(
              and(
                documentVisibility(p),
                sql`not exists (select 1 from council_decision_documents l where l.document_id = ${documents.id} and l.decision_id = ${isUuid(id) ? id : null})`,
              ),
            )
            .orderBy(documents.name)
            .limit(1000),
        )
      },

      /** The decisions an approval form offers (the subject's and 'other'). */
      async options(subjects: DecisionSubject[]) {
        readable()
        return scoped((tx) => decisionOptions(tx, subjects))
      },

      async create(input: DecisionRecordInput, today = todayInZurich()) {
        writable()
        const values = checked(input, today)
        return scoped(async (tx) => {
          const [row] = await tx
            .insert(councilDecisions)
            .values({
              ...values,
              customerId: access.customer.id,
              number: await nextNumber(tx, access.customer.id, 'councilDecision'),
              recordedByUserId: access.user.id,
            })
            .returning()
          await writeAudit(tx, access, {
            component: DECISION_COMPONENT,
            action: 'Created',
            entityId: row.id,
            changes: { number: { from: null, to: row.number }, ...diff(null, values) },
          })
          return row
        })
      },

      async update(id: string, input: DecisionRecordInput, version: number, today = todayInZurich()) {
        writable()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, councilDecisions, id, version)
          const values = checked(input, today)
          // A decision an area's approval rests on keeps its subject, day and reference: the approvals keep
          // them as recorded (the appetite's and the report's approvals are never changed); its title, text
          // and documents may still be corrected.
          if (values.subject !== before.subject || values.decidedOn !== before.decidedOn || values.reference !== before.reference) {
            if ((await usesOf(tx, id)).length) throw new DomainError('conflict', undefined, DECISION_MESSAGES.linkedFacts)
          }
          return updateVersioned(tx, access, { table: councilDecisions, before, set: values, audit: { component: DECISION_COMPONENT } })
        })
      },

      /** Deletes a decision nothing links to (409 otherwise); its document links go with it. */
      async remove(id: string, version: number) {
        writable()
        return scoped(async (tx) => {
          const before = await lockVersioned(tx, councilDecisions, id, version)
          if ((await usesOf(tx, id)).length) throw new DomainError('conflict', undefined, DECISION_MESSAGES.linked)
          const linked = await tx
            .select({ id: councilDecisionDocuments.documentId })
            .from(councilDecisionDocuments)
            .where(eq(councilDecisionDocuments.decisionId, id))
          await deleteVersioned(tx, access, {
            table: councilDecisions,
            before,
            audit: { component: DECISION_COMPONENT, changes: { ...removal(before), documentIds: { from: linked.map((l) => l.id), to: null } } },
          })
        })
      },

      /** Links a document of the fund (one the user reads) to the decision. */
      async linkDocument(id: string, documentId: string) {
        writable()
        return scoped(async (tx) => {
          const before = await decisionOf(tx, id)
          const doc = await readableDocument(tx, documentId)
          const [made] = await tx
            .insert(councilDecisionDocuments)
            .values({ customerId: access.customer.id, decisionId: before.id, documentId: doc.id })
            .onConflictDoNothing()
            .returning()
          if (!made) throw new DomainError('conflict', 'documentId', DECISION_MESSAGES.documentLinked)
          await writeAudit(tx, access, { component: DECISION_COMPONENT, action: 'Updated', entityId: id, changes: { documentId: { from: null, to: doc.id } } })
        })
      },

      async unlinkDocument(id: string, documentId: string) {
        writable()
        return scoped(async (tx) => {
          await decisionOf(tx, id)
          if (!isUuid(documentId)) throw new DomainError('not-found')
          const gone = await tx
            .delete(councilDecisionDocuments)
            .where(and(eq(councilDecisionDocuments.decisionId, id), eq(councilDecisionDocuments.documentId, documentId)))
            .returning()
          if (!gone.length) throw new DomainError('not-found')
          await writeAudit(tx, access, {
            component: DECISION_COMPONENT,
            action: 'Updated',
            entityId: id,
            changes: { documentId: { from: documentId, to: null } },
          })
        })
      },

      /** For tests and the pages: the decisions of some ids (other funds' are not there). */
      async byIds(ids: string[]) {
        readable()
        const valid = ids.filter(isUuid)
        if (!valid.length) return Promise.resolve([])
        return scoped((tx) => tx.select(listColumns).from(councilDecisions).where(inArray(councilDecisions.id, valid)))
      },
    }
  },
}
