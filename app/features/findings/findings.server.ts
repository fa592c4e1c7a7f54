import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import { memberToTake } from '#app/auth/customers.server.ts'
import { choosableMember } from '#app/auth/users.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import type { FindingSeverity, FindingSource } from '#models/core/constants.ts'
import { FINDING_SEVERITIES, FINDING_SOURCES } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { parseDate, todayInZurich } from '#models/core/dates.ts'
import { type DecisionInput, decisionById, decisionForApproval, decisionOptions } from '#models/core/decisions.server.ts'
import type { Executor, Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { deleteVersioned, lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import { numberFromSearch, RECORD_PREFIX } from '#models/core/record-number.ts'
import { cursorWithCustomer, withCustomer } from '#models/core/scope.server.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { measureVisibility } from '#models/core/visibility.server.ts'
import { findingLinks, findings, findingSettings, icsProcesses, measures, memberships, risks, users } from '#models/schema/index.ts'
import { FINDING_MESSAGES as FM } from './schema.ts'
import { FINDING_SORTS, FINDING_STATE_FILTERS, type FindingSort, type FindingStateFilter, isEscalated, LINK_KINDS, type LinkKind } from './states.ts'

/*
 * The register of findings (issue 28): what the auditor (management letter), the pension expert
 * (Art. 52e BVG), the supervisor (orders) and the internal review found, with the deadline they set
 * and how it was followed up (Art. 36 para. 1 BVV 2). Bound to the acting access:
 *   - readers of either tool and auditors read (findings.read); writers of either tool record, change,
 *     link and move findings along (findings.write); an admin who writes records the council's
 *     acceptance (findings.accept), which names a decision of the register (decisionForApproval);
 *   - states: open → inProgress → done (the day and the response required), back to open from done;
 *     accepted (open or in progress, by the council) is final: the finding is no longer changed;
 *   - "escalated" is derived: open or in progress with its deadline passed (Zurich); the escalation mail
 *     goes once per deadline (escalated_for); a changed deadline clears escalated_for;
 *   - the deadline is not before the day the finding was issued; issued and done are not in the future;
 *   - a finding is deleted only while open and never escalated (what went to the council stays);
 *   - links to risks, ICS processes (controls) and measures of the fund; another fund's are not found.
 */

/** The audit component of a finding (its history panel, the trail). */
export const FINDING_COMPONENT = 'finding'
/** The audit component of the register's settings (the council's contact). */
export const FINDING_SETTINGS_COMPONENT = 'findingSettings'

export { FINDING_SORTS, FINDING_STATE_FILTERS, LINK_KINDS, isEscalated }
export type { FindingSort, FindingStateFilter, LinkKind }

export type FindingFilter = {
  source?: FindingSource
  severity?: FindingSeverity
  state?: FindingStateFilter
  owner?: string
  year?: number
  q?: string
  sort: FindingSort
  dir: 'asc' | 'desc'
}

export type FindingInput = {
  source: FindingSource
  reference: string
  issuedOn: string
  title: string
  text: string
  severity: FindingSeverity
  deadline: string | null
  ownerUserId: string | null
}

const ownerName = sql<string | null>`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`

/** Open or in progress with the deadline passed (Zurich's today). */
export function escalatedSql(today: string): SQL<boolean> {
  return sql<boolean>`(${findings.state} in ('open', 'inProgress') and ${findings.deadline} < ${today}::date)`
}

function listColumns(today: string) {
  return {
    id: findings.id,
    number: findings.number,
    source: findings.source,
    reference: findings.reference,
    issuedOn: findings.issuedOn,
    title: findings.title,
    severity: findings.severity,
    deadline: findings.deadline,
    ownerUserId: findings.ownerUserId,
    ownerName,
    state: findings.state,
    doneOn: findings.doneOn,
    escalated: escalatedSql(today),
    escalatedAt: findings.escalatedAt,
  }
}

function listQuery(tx: Executor, today: string) {
  return tx.select(listColumns(today)).from(findings).leftJoin(users, eq(users.id, findings.ownerUserId)).$dynamic()
}

function whereFor(f: Omit<FindingFilter, 'sort' | 'dir'>, today: string): SQL | undefined {
  const conds: (SQL | undefined)[] = []
  if (f.source) conds.push(eq(findings.source, f.source))
  if (f.severity) conds.push(eq(findings.severity, f.severity))
  if (f.state === 'escalated') conds.push(escalatedSql(today))
  else if (f.state === 'unresolved') conds.push(inArray(findings.state, ['open', 'inProgress']))
  else if (f.state) conds.push(eq(findings.state, f.state))
  if (f.owner) conds.push(eq(findings.ownerUserId, f.owner))
  if (f.year) conds.push(gte(findings.issuedOn, `${f.year}-01-01`), lte(findings.issuedOn, `${f.year}-12-31`))
  const q = f.q?.trim()
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const n = numberFromSearch(q, RECORD_PREFIX.finding)
    conds.push(or(ilike(findings.title, like), ilike(findings.reference, like), n ? eq(findings.number, n) : undefined))
  }
  return conds.length ? and(...conds) : undefined
}

function orderFor(f: Pick<FindingFilter, 'sort' | 'dir'>): SQL[] {
  const dir = f.dir === 'desc' ? desc : asc
  const nulls = sql.raw(f.dir === 'desc' ? 'desc nulls last' : 'asc nulls last')
  switch (f.sort) {
    case 'issuedOn':
      return [dir(findings.issuedOn), dir(findings.number)]
    case 'deadline':
      return [sql`${findings.deadline} ${nulls}`, asc(findings.number)]
    case 'severity':
      return [
        sql`array_position(array['high','medium','low']::finding_severity[], ${findings.severity}) ${sql.raw(f.dir === 'desc' ? 'desc' : 'asc')}`,
        asc(findings.number),
      ]
    case 'title':
      return [dir(findings.title), asc(findings.number)]
    default:
      return [dir(findings.number)]
  }
}

function dateOf(value: string | null | undefined, field: string, required = false): string | null {
  if (!value?.trim()) {
    if (required) throw new DomainError('invalid', field, 'validation.required')
    return null
  }
  const d = parseDate(value)
  if (!d) throw new DomainError('invalid', field, 'validation.date')
  return d
}

function text(value: string | null | undefined, field: string, max: number, required = false) {
  const v = (value ?? '').trim()
  if (required && !v) throw new DomainError('invalid', field, 'validation.required')
  if (v.length > max) throw new DomainError('invalid', field, 'validation.tooLong')
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v)) throw new DomainError('invalid', field, 'validation.controlChars')
  return v
}

/** The input checked and normalised as the table keeps it. */
function valuesOf(input: FindingInput, today: string) {
  if (!(FINDING_SOURCES as readonly string[]).includes(input.source)) throw new DomainError('invalid', 'source', 'validation.required')
  if (!(FINDING_SEVERITIES as readonly string[]).includes(input.severity)) throw new DomainError('invalid', 'severity', 'validation.required')
  const values = {
    source: input.source,
    reference: text(input.reference, 'reference', 300),
    issuedOn: dateOf(input.issuedOn, 'issuedOn', true) as string,
    title: text(input.title, 'title', 300, true),
    text: text(input.text, 'text', 8000),
    severity: input.severity,
    deadline: dateOf(input.deadline, 'deadline'),
    ownerUserId: input.ownerUserId?.trim() || null,
  }
  if (values.issuedOn > today) throw new DomainError('invalid', 'issuedOn', FM.issuedInFuture)
  if (values.deadline && values.deadline < values.issuedOn) throw new DomainError('invalid', 'deadline', FM.deadlineBeforeIssued)
  return values
}

/** The owner: a member of the fund who may take something on (no auditor, no ended membership); the current one may stay. */
async function checkOwner(tx: Executor, userId: string | null, current?: string | null) {
  if (!userId || userId === current) return
  if (!isUuid(userId)) throw new DomainError('invalid', 'ownerUserId', FM.owner)
  const member = await memberToTake(tx, userId)
  if (!member) throw new DomainError('invalid', 'ownerUserId', FM.owner)
  if (!member.mayTakeOn) throw new DomainError('invalid', 'ownerUserId', 'validation.ownerMayNotOwn')
}

const LINK_COLUMN = { risk: 'riskId', process: 'processId', measure: 'measureId' } as const

export const Findings = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const rights = { read: p.findings.read, write: p.findings.write, accept: p.findings.accept }
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)
    const readable = () => {
      if (!rights.read) throw new DomainError('forbidden')
    }
    const writable = () => {
      if (!rights.write) throw new DomainError('forbidden')
    }
    /** Locks a finding for a change: 404 when not the fund's, 409 when stale. */
    const lock = (tx: Tx, id: string, version: number) => lockVersioned(tx, findings, id, version)
    const audit = { component: FINDING_COMPONENT }

    return {
      rights,

      /** A page of the fund's findings with the filter's total, and how many are escalated. */
      async page(f: FindingFilter, page: { limit: number; offset: number }, today = todayInZurich()) {
        readable()
        const where = whereFor(f, today)
        return scoped(async (tx) => {
          const rows = await listQuery(tx, today)
            .where(where)
            .orderBy(...orderFor(f))
            .limit(page.limit)
            .offset(page.offset)
          const [totals] = await tx
            .select({ total: sql<number>`count(*)::int`, escalated: sql<number>`count(*) filter (where ${escalatedSql(today)})::int` })
            .from(findings)
            .where(where)
          return { rows, total: totals.total, escalated: totals.escalated }
        })
      },

      /** Every row of a filter in batches, for the exports. */
      iterate(f: FindingFilter, today = todayInZurich(), batch = 500) {
        readable()
        const where = whereFor(f, today)
        return cursorWithCustomer(access, batch, (tx) =>
          listQuery(tx, today)
            .where(where)
            .orderBy(...orderFor(f)),
        )
      },

      /** One finding with its owner's name, its links and its acceptance decision; null when not there for this access. */
      async get(id: string, today = todayInZurich()) {
        if (!rights.read || !isUuid(id)) return null
        return scoped(async (tx) => {
          const [row] = await tx
            .select({ finding: findings, ownerName })
            .from(findings)
            .leftJoin(users, eq(users.id, findings.ownerUserId))
            .where(eq(findings.id, id))
          if (!row) return null
          const links = await tx
            .select({
              id: findingLinks.id,
              riskId: findingLinks.riskId,
              processId: findingLinks.processId,
              measureId: findingLinks.measureId,
              riskKey: risks.idkey,
              riskTitle: risks.title,
              processKey: icsProcesses.idkey,
              processTitle: icsProcesses.title,
              measureKey: measures.idkey,
              measureIteration: measures.iteration,
              measureTitle: measures.title,
              measureVisible: sql<boolean>`coalesce(${measureVisibility(p)}, false)`,
            })
            .from(findingLinks)
            .leftJoin(risks, eq(risks.id, findingLinks.riskId))
            .leftJoin(icsProcesses, eq(icsProcesses.id, findingLinks.processId))
            .leftJoin(measures, eq(measures.id, findingLinks.measureId))
            .where(eq(findingLinks.findingId, id))
            .orderBy(asc(findingLinks.createdAt))
          const decision = row.finding.acceptanceDecisionId ? ((await decisionById(tx, row.finding.acceptanceDecisionId)) ?? null) : null
          // A linked record by its number only for who does not read its tool (as the history names it).
          const shown = links.map((l) => ({
            id: l.id,
            kind: (l.riskId ? 'risk' : l.processId ? 'process' : 'measure') as LinkKind,
            targetId: (l.riskId ?? l.processId ?? l.measureId) as string,
            key:
              l.riskKey ??
              l.processKey ??
              (l.measureKey === null ? '' : `${RECORD_PREFIX.measure}-${l.measureKey}${(l.measureIteration ?? 1) > 1 ? `/${l.measureIteration}` : ''}`),
            title: l.riskId
              ? p.tools.risk.read
                ? l.riskTitle
                : null
              : l.processId
                ? p.tools.iks.read
                  ? l.processTitle
                  : null
                : l.measureVisible
                  ? l.measureTitle
                  : null,
          }))
          return { finding: row.finding, ownerName: row.ownerName, escalated: isEscalated(row.finding, today), links: shown, decision }
        })
      },

      /** Who may own a finding: members who may take something on; the current owner stays choosable. */
      async owners(keep?: string | null) {
        readable()
        const kept = keep && isUuid(keep) ? keep : null
        return scoped((tx) =>
          tx
            .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .innerJoin(memberships, eq(memberships.userId, users.id))
            .where(choosableMember(todayInZurich(), kept))
            .orderBy(users.lastName, users.firstName, users.id),
        )
      },

      /** What a finding may be linked to: the fund's risks, ICS processes and (visible) measures, not yet linked. */
      async linkOptions(id: string) {
        writable()
        return scoped(async (tx) => {
          const linked = await tx.select().from(findingLinks).where(eq(findingLinks.findingId, id))
          const has = (k: 'riskId' | 'processId' | 'measureId') => new Set(linked.map((l) => l[k]).filter(Boolean))
          const [r, pr, m] = [has('riskId'), has('processId'), has('measureId')]
          const riskRows = await tx.select({ id: risks.id, key: risks.idkey, title: risks.title }).from(risks).orderBy(asc(risks.idkey))
          const processRows = await tx
            .select({ id: icsProcesses.id, key: icsProcesses.idkey, title: icsProcesses.title })
            .from(icsProcesses)
            .orderBy(asc(icsProcesses.idkey))
          const measureRows = await tx
            .select({ id: measures.id, idkey: measures.idkey, iteration: measures.iteration, title: measures.title })
            .from(measures)
            .where(measureVisibility(p))
            .orderBy(asc(measures.idkey), asc(measures.iteration))
            .limit(1000)
          return {
            risk: riskRows.filter((x) => !r.has(x.id)).map((x) => ({ id: x.id, label: p.tools.risk.read ? `${x.key} ${x.title}` : x.key })),
            process: processRows.filter((x) => !pr.has(x.id)).map((x) => ({ id: x.id, label: p.tools.iks.read ? `${x.key} ${x.title}` : x.key })),
            measure: measureRows
              .filter((x) => !m.has(x.id))
              .map((x) => ({ id: x.id, label: `${RECORD_PREFIX.measure}-${x.idkey}${x.iteration > 1 ? `/${x.iteration}` : ''} ${x.title}` })),
          }
        })
      },

      /** The council's decisions an acceptance may name (findingAcceptance and other), newest first. */
      async decisionChoices() {
        if (!rights.accept) throw new DomainError('forbidden')
        return scoped((tx) => decisionOptions(tx, ['findingAcceptance']))
      },

      /** Records a finding with its next number (FS-n) and its 'Created' entry. */
      async create(input: FindingInput, today = todayInZurich()) {
        writable()
        const values = valuesOf(input, today)
        return scoped(async (tx) => {
          await checkOwner(tx, values.ownerUserId)
          const [row] = await tx
            .insert(findings)
            .values({ ...values, customerId: access.customer.id, number: await nextNumber(tx, access.customer.id, 'finding') })
            .returning()
          await writeAudit(tx, access, {
            component: FINDING_COMPONENT,
            action: 'Created',
            entityId: row.id,
            changes: diff(null, { number: row.number, ...values }),
          })
          return row
        })
      },

      /** Changes a finding's facts (409 when another change came first; an accepted finding stays as accepted). */
      async update(id: string, input: FindingInput, version: number, today = todayInZurich()) {
        writable()
        const values = valuesOf(input, today)
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          if (before.state === 'accepted') throw new DomainError('conflict', undefined, FM.acceptedKept)
          if (before.doneOn && before.doneOn < values.issuedOn) throw new DomainError('invalid', 'issuedOn', FM.doneBeforeIssued)
          await checkOwner(tx, values.ownerUserId, before.ownerUserId)
          // A new deadline may be escalated again once it passes.
          const set = values.deadline !== before.deadline ? { ...values, escalatedFor: null } : values
          return updateVersioned(tx, access, { table: findings, before, set, audit })
        })
      },

      /** Deletes a finding while open and never escalated (what reached the council stays in the register). */
      async delete(id: string, version: number) {
        writable()
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          if (before.state !== 'open' || before.escalatedAt) throw new DomainError('conflict', undefined, FM.noDelete)
          await deleteVersioned(tx, access, { table: findings, before, audit })
        })
      },

      /** open → inProgress. */
      async start(id: string, version: number) {
        writable()
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          if (before.state !== 'open') throw new DomainError('conflict', undefined, FM.wrongState)
          return updateVersioned(tx, access, { table: findings, before, set: { state: 'inProgress' }, audit })
        })
      },

      /** open or inProgress → done, with the day and what was done. */
      async done(id: string, input: { doneOn: string; response: string }, version: number, today = todayInZurich()) {
        writable()
        const doneOn = dateOf(input.doneOn, 'doneOn', true) as string
        const response = text(input.response, 'response', 8000)
        if (!response) throw new DomainError('invalid', 'response', FM.responseRequired)
        if (doneOn > today) throw new DomainError('invalid', 'doneOn', FM.doneInFuture)
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          if (before.state !== 'open' && before.state !== 'inProgress') throw new DomainError('conflict', undefined, FM.wrongState)
          if (doneOn < before.issuedOn) throw new DomainError('invalid', 'doneOn', FM.doneBeforeIssued)
          return updateVersioned(tx, access, { table: findings, before, set: { state: 'done', doneOn, response }, audit })
        })
      },

      /** done → open again (the follow-up did not hold); the response stays as written, the day goes. */
      async reopen(id: string, version: number) {
        writable()
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          if (before.state !== 'done') throw new DomainError('conflict', undefined, FM.wrongState)
          return updateVersioned(tx, access, { table: findings, before, set: { state: 'open', doneOn: null }, audit })
        })
      },

      /**
       * The council accepts an open or in-progress finding as it stands (admins who write): the decision
       * named, or one recorded now (findingAcceptance), in the same transaction; the reason is the response.
       */
      async accept(id: string, input: { decision: DecisionInput; response: string }, version: number) {
        if (!rights.accept) throw new DomainError('forbidden')
        const response = text(input.response, 'response', 8000)
        if (!response) throw new DomainError('invalid', 'response', FM.responseRequired)
        if ('decidedOn' in input.decision && !parseDate(input.decision.decidedOn ?? '')) throw new DomainError('invalid', 'decidedOn', 'validation.date')
        return scoped(async (tx) => {
          const before = await lock(tx, id, version)
          if (before.state !== 'open' && before.state !== 'inProgress') throw new DomainError('conflict', undefined, FM.wrongState)
          const decision = await decisionForApproval(tx, access, input.decision, 'findingAcceptance')
          // The council accepts what it was told of: a decision before the finding was issued does not.
          if (decision.decidedOn < before.issuedOn) throw new DomainError('invalid', 'decisionId', 'findings:errors.decisionBeforeIssued')
          const after = await updateVersioned(tx, access, {
            table: findings,
            before,
            set: { state: 'accepted', acceptanceDecisionId: decision.id, response },
            audit,
          })
          return { finding: after, decision }
        })
      },

      /** Links a risk, an ICS process or a measure of the fund (another fund's or an unknown one: 400). */
      async link(id: string, kind: LinkKind, targetId: string) {
        writable()
        if (!(LINK_KINDS as readonly string[]).includes(kind)) throw new DomainError('invalid', 'kind', FM.linkTarget)
        if (!isUuid(id)) throw new DomainError('not-found')
        return scoped(async (tx) => {
          const [finding] = await tx.select({ id: findings.id }).from(findings).where(eq(findings.id, id)).for('update')
          if (!finding) throw new DomainError('not-found')
          if (!isUuid(targetId)) throw new DomainError('invalid', 'targetId', FM.linkTarget)
          const table = kind === 'risk' ? risks : kind === 'process' ? icsProcesses : measures
          const visible = kind === 'measure' ? and(eq(measures.id, targetId), measureVisibility(p)) : eq(table.id, targetId)
          const [target] = await tx.select({ id: table.id }).from(table).where(visible)
          if (!target) throw new DomainError('invalid', 'targetId', FM.linkTarget)
          const column = LINK_COLUMN[kind]
          const [existing] = await tx
            .select({ id: findingLinks.id })
            .from(findingLinks)
            .where(and(eq(findingLinks.findingId, id), eq(findingLinks[column], targetId)))
          if (existing) throw new DomainError('conflict', 'targetId', FM.linkExists)
          const [row] = await tx
            .insert(findingLinks)
            .values({ customerId: access.customer.id, findingId: id, [column]: targetId })
            .returning()
          await writeAudit(tx, access, { component: FINDING_COMPONENT, action: 'Updated', entityId: id, changes: { [column]: { from: null, to: targetId } } })
          return row
        })
      },

      /** Removes a link of the finding (another finding's link is not found). */
      async unlink(id: string, linkId: string) {
        writable()
        if (!isUuid(id) || !isUuid(linkId)) throw new DomainError('not-found')
        return scoped(async (tx) => {
          const [row] = await tx
            .delete(findingLinks)
            .where(and(eq(findingLinks.id, linkId), eq(findingLinks.findingId, id)))
            .returning()
          if (!row) throw new DomainError('not-found')
          const column = row.riskId ? 'riskId' : row.processId ? 'processId' : 'measureId'
          await writeAudit(tx, access, {
            component: FINDING_COMPONENT,
            action: 'Updated',
            entityId: id,
            changes: { [column]: { from: row[column], to: null } },
          })
        })
      },

      /** The council's contact the escalations go to (empty when none is set). */
      async settings() {
        readable()
        return scoped(async (tx) => {
          const [row] = await tx.select().from(findingSettings)
          return row ?? { customerId: access.customer.id, councilContactEmail: '', councilContactName: '', version: 0, updatedAt: null }
        })
      },

      /** Sets the council's contact (admins who accept findings; 409 when another change came first). */
      async saveSettings(input: { councilContactName: string; councilContactEmail: string }, version: number) {
        if (!rights.accept) throw new DomainError('forbidden')
        const set = {
          councilContactName: text(input.councilContactName, 'councilContactName', 200),
          councilContactEmail: text(input.councilContactEmail, 'councilContactEmail', 254).toLowerCase(),
        }
        if (set.councilContactEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(set.councilContactEmail))
          throw new DomainError('invalid', 'councilContactEmail', 'validation.email')
        return scoped(async (tx) => {
          const [before] = await tx.select().from(findingSettings).for('update')
          if ((before?.version ?? 0) !== version) throw new DomainError('stale')
          if (!before) {
            const [row] = await tx
              .insert(findingSettings)
              .values({ customerId: access.customer.id, ...set })
              // Two first saves at once: the second finds the row there and is stale, not a failure.
              .onConflictDoNothing()
              .returning()
            if (!row) throw new DomainError('stale')
            await writeAudit(tx, access, { component: FINDING_SETTINGS_COMPONENT, action: 'Created', entityId: access.customer.id, changes: diff(null, set) })
            return row
          }
          const [row] = await tx
            .update(findingSettings)
            .set({ ...set, version: before.version + 1, updatedAt: new Date() })
            // The fund's one row: row-level security scopes it.
            .where(eq(findingSettings.version, before.version))
            .returning()
          await writeAudit(tx, access, { component: FINDING_SETTINGS_COMPONENT, action: 'Updated', entityId: access.customer.id, changes: diff(before, set) })
          return row
        })
      },
    }
  },
}
