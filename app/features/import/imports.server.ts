import { createHash } from 'node:crypto'
import { and, eq, getTableColumns, gt, lt, ne, sql } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { mayOwnMembership, rightsOf } from '#app/auth/users.server.ts'
import { introSchema } from '#app/features/inventory/face.ts'
import { upsertKriValues } from '#app/features/kri/face.server.ts'
import { measureVisibility as visibility } from '#models/core/visibility.server.ts'
import { measureSchema } from '#app/features/measures/face.ts'
import { parseTags } from '#app/utils/tags.ts'
import { CONTROL_CHARS, M, optionalString } from '#app/utils/validation.ts'
import type { CustomerAccess, Rights } from '#models/core/access.ts'
import { type Changes, diff } from '#models/core/audit.server.ts'
import {
  IMPORT_DRAFT_HOURS,
  type ImportKind,
  type MeasureSource,
  type Recurrence,
  RISK_STATES,
  type RiskRelevance,
  type RiskState,
} from '#models/core/constants.ts'
import { formatDate, parseDate, todayInZurich } from '#models/core/dates.ts'
import type { Tx } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf, permissionsOfRights } from '#models/core/permissions.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { asSystem, withCustomer } from '#models/core/scope.server.ts'
import {
  auditEntries,
  blockLocks,
  customerCounters,
  importDrafts,
  measures,
  memberships,
  probabilityLevels,
  responsibleBodies,
  risks,
  riskThemes,
  severityLevels,
  users,
} from '#models/schema/index.ts'
import { autoMapping, CHOICES, loose, norm, proposeMapping } from './fields.server.ts'
import { IMPORT_FIELDS } from './fields.ts'
import { type ImportCell, parseSpreadsheet } from './parse.server.ts'
import { measureNumber } from '#models/core/record-number.ts'
import { membershipWithRights } from '#models/core/rights.server.ts'

/** One problem of a row: the field (column) and an i18n key of namespace import, with its values. */
export type RowError = { field: string; key: string; values?: Record<string, string> }
export type RowAction = 'create' | 'update' | 'unchanged' | 'error'
/** A value as the preview shows it: a name, a level's number, a stored choice (translated by the page), a day, tags. */
export type Shown = string | number | boolean | string[] | null
/** One field an update changes, old → new, by the import's field name (the page labels and translates it). */
export type FieldChange = { field: string; from: Shown; to: Shown }
export type PreviewRow = { line: number; action: RowAction; number: string; title: string; errors: RowError[]; changes: FieldChange[] }
type Planned = Omit<PreviewRow, 'changes'> & {
  changes?: FieldChange[]
  targetId?: string
  version?: number
  values: Record<string, unknown>
  before?: Record<string, unknown>
}
export type Draft = typeof importDrafts.$inferSelect

const err = (field: string, key: string, values?: Record<string, string>): RowError => ({ field, key, values })
const CONTROL_CHARS_ALL = new RegExp(CONTROL_CHARS.source, 'g')

/**
 * The import of a risk inventory or of measures from a spreadsheet (issue 11, docs/decisions/0033-import.md),
 * bound to the acting user: upload (parse once into a draft), mapping, preview, confirm (all rows in one
 * transaction, audited, or none). A draft is its uploader's: anyone else, of this customer or another,
 * gets not-found.
 */
export const Imports = {
  for(access: CustomerAccess) {
    const p = permissionsOf(access)
    const scoped = <T>(fn: (tx: Tx) => Promise<T>) => withCustomer(access, fn)

    function mayImport(kind: ImportKind) {
      if (kind === 'kriValues') return p.kri.enter
      return kind === 'risks' ? p.tools.risk.write : Object.values(p.measures).some((m) => m.write)
    }
    function requireImport(kind: ImportKind) {
      if (!mayImport(kind)) throw new DomainError('forbidden')
    }

    async function load(tx: Tx, kind: ImportKind, id: string) {
      requireImport(kind)
      if (!isUuid(id)) throw new DomainError('not-found')
      const [draft] = await tx
        .select()
        .from(importDrafts)
        .where(and(eq(importDrafts.id, id), eq(importDrafts.userId, access.user.id), eq(importDrafts.kind, kind)))
      if (!draft) throw new DomainError('not-found')
      return draft
    }

    /** The draft deleted and returned in the caller's transaction: whoever deletes it first owns the confirm. */
    async function claim(tx: Tx, kind: ImportKind, id: string) {
      requireImport(kind)
      if (!isUuid(id)) throw new DomainError('not-found')
      const [draft] = await tx
        .delete(importDrafts)
        .where(and(eq(importDrafts.id, id), eq(importDrafts.userId, access.user.id), eq(importDrafts.kind, kind)))
        .returning()
      if (!draft) throw new DomainError('not-found')
      return draft
    }

    async function plan(tx: Tx, draft: Draft): Promise<{ planned: Planned[]; mapping: Record<string, number> }> {
      const mapping = draft.mapping ?? autoMapping(draft.kind as ImportKind, draft.header).mapping
      const rows = draft.rows as ImportCell[][]
      const planned = await (draft.kind === 'risks'
        ? planRisks(tx, access, rows, mapping)
        : draft.kind === 'kriValues'
          ? planKriValues(tx, access, rows, mapping)
          : planMeasures(tx, access, rows, mapping))
      return { planned, mapping }
    }

    return {
      mayImport,

      /** Parses the file once and keeps it as the user's draft; drafts older than a day go first. */
      async upload(kind: ImportKind, fileName: string, bytes: Uint8Array) {
        requireImport(kind)
        const parsed = await parseSpreadsheet(fileName, bytes)
        const { mapping, complete } = autoMapping(kind, parsed.header)
        return scoped(async (tx) => {
          await tx.delete(importDrafts).where(lt(importDrafts.createdAt, sql`now() - make_interval(hours => ${IMPORT_DRAFT_HOURS})`))
          const [row] = await tx
            .insert(importDrafts)
            .values({
              customerId: access.customer.id,
              userId: access.user.id,
              kind,
              // A name with NUL or other control characters cannot be stored: they are dropped.
              fileName: fileName.replace(CONTROL_CHARS_ALL, '').slice(0, 255),
              header: parsed.header,
              rows: parsed.rows,
              mapping: complete ? mapping : null,
            })
            .returning({ id: importDrafts.id })
          return { id: row.id, mapped: complete }
        })
      },

      /** The draft's name, header and mapping (the mapping the header suggests until one is chosen). */
      draft: (kind: ImportKind, id: string) =>
        scoped(async (tx) => {
          const d = await load(tx, kind, id)
          return {
            id: d.id,
            fileName: d.fileName,
            header: d.header,
            // Until the user chooses: what the header proposes (the export's labels, the fields' synonyms).
            mapping: d.mapping ?? proposeMapping(kind, d.header),
            mapped: d.mapping !== null,
            rowCount: (d.rows as unknown[]).length,
          }
        }),

      /** The user's choice of a column per field (-1 or absent: ignored). */
      setMapping: (kind: ImportKind, id: string, choice: Record<string, number>) =>
        scoped(async (tx) => {
          const d = await load(tx, kind, id)
          const mapping: Record<string, number> = {}
          const used = new Set<number>()
          for (const field of IMPORT_FIELDS[kind]) {
            const col = choice[field]
            if (col === undefined || col < 0) continue
            if (!Number.isInteger(col) || col >= d.header.length) throw new DomainError('invalid', field)
            if (used.has(col)) throw new DomainError('invalid', field, 'import:mapping.twice')
            used.add(col)
            mapping[field] = col
          }
          if (!Object.keys(mapping).length) throw new DomainError('invalid', undefined, 'import:mapping.none')
          await tx.update(importDrafts).set({ mapping }).where(eq(importDrafts.id, d.id))
        }),

      /** What confirming would do, row by row, with a token of the state it was computed on. */
      preview: (kind: ImportKind, id: string) =>
        scoped(async (tx) => {
          const d = await load(tx, kind, id)
          const { planned, mapping } = await plan(tx, d)
          return summary(planned, mapping)
        }),

      /**
       * Writes every row in one transaction, or none: refused while a row has an error, and when the
       * inventory changed since the preview (the token differs). Audited per row and once for the file.
       */
      confirm: (kind: ImportKind, id: string, token: string) =>
        scoped(async (tx) => {
          // Claimed, not just read: a second confirm of the same draft waits on the row lock and then
          // finds it gone (404) instead of importing every new row again. A refusal rolls the claim back.
          const d = await claim(tx, kind, id)
          const { planned, mapping } = await plan(tx, d)
          const s = summary(planned, mapping)
          if (s.counts.error) throw new DomainError('conflict', undefined, 'import:confirm.hasErrors')
          if (s.token !== token) throw new DomainError('conflict', undefined, 'import:confirm.changed')
          // Nothing to create or update: no audit entry for an import that wrote nothing.
          if (!s.counts.create && !s.counts.update) throw new DomainError('conflict', undefined, 'import:confirm.nothing')
          const write = kind === 'risks' ? writeRisks : kind === 'kriValues' ? writeKriValues : writeMeasures
          try {
            await write(tx, access, planned)
          } catch (error) {
            // A unique number taken meanwhile (a concurrent create): the whole import is rolled back.
            if ((error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505')
              throw new DomainError('conflict', undefined, 'import:confirm.changed')
            throw error
          }
          await tx.insert(auditEntries).values(
            auditValues(access, 'import', 'Created', d.id, {
              kind: { from: null, to: kind },
              file: { from: null, to: d.fileName },
              created: { from: null, to: s.counts.create },
              updated: { from: null, to: s.counts.update },
            }),
          )
          return s.counts
        }),

      /** Leaves a draft: deleted. */
      discard: (kind: ImportKind, id: string) =>
        scoped(async (tx) => {
          const d = await load(tx, kind, id)
          await tx.delete(importDrafts).where(eq(importDrafts.id, d.id))
        }),
    }
  },
}

/** Drafts older than a day, of every customer: the daily job. */
export function deleteStaleDrafts() {
  return asSystem('import drafts older than a day', (tx) =>
    tx.delete(importDrafts).where(lt(importDrafts.createdAt, sql`now() - make_interval(hours => ${IMPORT_DRAFT_HOURS})`)),
  )
}

/** The counts, the rows and a token of the plan: the mapping, and each row's action, target and values. */
function summary(planned: Planned[], mapping: Record<string, number>) {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0, total: planned.length }
  const hash = createHash('sha256')
  hash.update(`${JSON.stringify(Object.entries(mapping).sort(([a], [b]) => a.localeCompare(b)))};`)
  for (const r of planned) {
    counts[r.action]++
    hash.update(`${r.line}:${r.action}:${r.targetId ?? ''}:${r.version ?? ''}:${JSON.stringify(r.values)};`)
  }
  const rows: PreviewRow[] = planned.map(({ line, action, number, title, errors, changes }) => ({
    line,
    action,
    number,
    title,
    errors,
    changes: changes ?? [],
  }))
  return { counts, rows, token: hash.digest('hex').slice(0, 32) }
}

function auditValues(access: CustomerAccess, component: string, action: 'Created' | 'Updated', entityId: string, changes: Changes) {
  return {
    component,
    action,
    entityId,
    changedFields: changes,
    userId: access.user.id,
    actingForUserId: access.actingFor?.id ?? null,
    customerId: access.customer.id,
  }
}

/* ---------- reading cells ---------- */

type Cells = { get: (field: string) => ImportCell | undefined; has: (field: string) => boolean }
function cellsOf(row: ImportCell[], mapping: Record<string, number>, errors: RowError[]): Cells {
  for (const [field, col] of Object.entries(mapping)) {
    const c = row[col]
    if (c && typeof c === 'object' && 'f' in c) errors.push(err(field, 'error.formula'))
  }
  return {
    has: (field) => mapping[field] !== undefined,
    get: (field) => {
      if (mapping[field] === undefined) return undefined
      const c = row[mapping[field]] ?? null
      return c && typeof c === 'object' && 'f' in c ? undefined : c
    },
  }
}

const text = (c: ImportCell | undefined) => (c === null || c === undefined ? '' : typeof c === 'object' ? ('d' in c ? c.d : '') : String(c).trim())

function integer(c: ImportCell | undefined, field: string, errors: RowError[]): number | null | undefined {
  if (c === undefined) return undefined
  const s = text(c)
  if (!s) return null
  // Thousands as Swiss Excel and the app write them: 1'234, 1’234, 1 234 (also with a no-break space).
  const plain = s.replace(/(?<=\d)['’\u00a0\u202f ](?=\d{3}\b)/g, '')
  const n = typeof c === 'number' ? c : /^[+-]?\d+(?:[.,]0+)?$/.test(plain) ? Number.parseInt(plain, 10) : Number.NaN
  if (!Number.isInteger(n)) {
    errors.push(err(field, 'error.notNumber', { value: s }))
    return undefined
  }
  return n
}

function choice<V>(map: Map<string, V>, c: ImportCell | undefined, field: string, errors: RowError[]): V | null | undefined {
  if (c === undefined) return undefined
  const s = text(c)
  if (!s) return null
  const v = map.get(norm(s))
  if (v === undefined) errors.push(err(field, 'error.invalidChoice', { value: s }))
  return v
}

function yesNo(c: ImportCell | undefined, field: string, errors: RowError[]): boolean | undefined {
  if (c === undefined) return undefined
  if (typeof c === 'boolean') return c
  const v = choice(CHOICES.yesNo, c, field, errors)
  return v === null ? false : v
}

function day(c: ImportCell | undefined, field: string, errors: RowError[]): string | null | undefined {
  if (c === undefined) return undefined
  if (c && typeof c === 'object' && 'd' in c) return c.d
  const s = text(c)
  if (!s) return null
  // A day whose cell lost its date format reads as Excel's serial number (days since 30.12.1899).
  const d = typeof c === 'number' ? excelDay(c) : parseDate(s)
  if (!d) errors.push(err(field, 'error.invalidDate', { value: s }))
  return d ?? undefined
}

function excelDay(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > 2_958_465) return null
  return new Date(Date.UTC(1899, 11, 30) + n * 86_400_000).toISOString().slice(0, 10)
}

/** The same text but for its line ends (CRLF, CR or LF). */
const sameLines = (a: string, b: string) => a === b || a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n')

/** A text checked with the form's own schema: its value, or undefined with the row's error. */
function validText(schema: z.ZodType<string>, value: string, field: string, errors: RowError[]): string | undefined {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  if (issue?.message === M.tooLong) errors.push(err(field, 'error.tooLong', { max: String((issue as { maximum?: number }).maximum ?? '') }))
  else if (issue?.message === M.controlChars) errors.push(err(field, 'error.controlChars'))
  else errors.push(err(field, 'error.required'))
  return undefined
}
// The forms' schemas of the same fields (risk intro block, measure dialog).
const riskTitle = introSchema(RISK_STATES).shape.title
const measureTitle = measureSchema.shape.title
const measureBody = measureSchema.shape.body as unknown as z.ZodType<string>

/**
 * Members of the customer by "first last", "last first" and e-mail; a name two share is ambiguous.
 * Every membership is indexed, with whether it may take something new (an active account, neither an
 * auditor's nor an ended membership): a row may keep its current owner whatever became of them.
 */
async function memberIndex(tx: Tx) {
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, state: users.state, m: membershipWithRights })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
  const today = todayInZurich()
  const byKey = new Map<string, Member | 'ambiguous'>()
  const names = new Map<string, string>()
  for (const r of rows) {
    const person: Member = { id: r.id, rights: rightsOf(r.m), active: r.state === 'active', ownable: r.state === 'active' && mayOwnMembership(r.m, today) }
    names.set(r.id, `${r.firstName} ${r.lastName}`)
    for (const key of new Set([norm(`${r.firstName} ${r.lastName}`), norm(`${r.lastName} ${r.firstName}`), norm(r.email)])) {
      const had = byKey.get(key)
      // A disabled account never makes an active member's name ambiguous.
      if (!had || had === 'ambiguous' || had.id === r.id) byKey.set(key, had === 'ambiguous' ? had : person)
      else if (had.active !== person.active) byKey.set(key, had.active ? had : person)
      else byKey.set(key, 'ambiguous')
    }
  }
  return { byKey, names }
}
type Member = { id: string; rights: Rights; active: boolean; ownable: boolean }

/** The account of a record's current owner, read by id: a former member's name is known too. */
const currentOwner = alias(users, 'current_owner')
const currentOwnerColumns = { firstName: currentOwner.firstName, lastName: currentOwner.lastName, email: currentOwner.email }
type Person = { firstName: string; lastName: string; email: string } | null

/** Does the file's text name this person ("first last", "last first" or the e-mail), as memberIndex reads a name? */
function namesPerson(p: Person, s: string) {
  if (!p) return false
  const key = norm(s)
  return key === norm(`${p.firstName} ${p.lastName}`) || key === norm(`${p.lastName} ${p.firstName}`) || key === norm(p.email)
}

/**
 * The error of naming `m` as owner, if any: a new owner must be able to own (a disabled account is
 * unknown, an auditor or an ended membership may no longer own); the row's current owner may stay.
 */
function newOwnerError(m: Member, current: string | null | undefined, value: string): RowError | null {
  if (m.id === current) return null
  if (!m.active) return err('owner', 'error.unknownOwner', { value })
  if (!m.ownable) return err('owner', 'error.ownerMayNotOwn', { value })
  return null
}

/** Numbers seen twice in the file: every row after the first with the number is an error. */
function duplicates() {
  const seen = new Set<string>()
  return (key: string, field: string, errors: RowError[]) => {
    if (!key) return
    if (seen.has(key)) errors.push(err(field, 'error.duplicateNumber', { value: key }))
    seen.add(key)
  }
}

/* ---------- risks ---------- */

type RiskValues = {
  title?: string
  themeId?: string
  state?: RiskState
  ownerUserId?: string | null
  probabilityLevelId?: string | null
  severityLevelId?: string | null
  grossProbabilityLevelId?: string | null
  grossSeverityLevelId?: string | null
  relevance?: RiskRelevance | null
  strategic?: boolean
  dsgRelevant?: boolean
  measureNeeded?: boolean
  tags?: string[]
}

async function planRisks(tx: Tx, access: CustomerAccess, rows: ImportCell[][], mapping: Record<string, number>): Promise<Planned[]> {
  const [themes, pLevels, sLevels, members, existing, locked] = await Promise.all([
    tx
      .select({ id: riskThemes.id, leadingNumber: riskThemes.leadingNumber, nameDe: riskThemes.nameDe, nameFr: riskThemes.nameFr, nameEn: riskThemes.nameEn })
      .from(riskThemes),
    tx.select({ id: probabilityLevels.id, ref: probabilityLevels.ref }).from(probabilityLevels),
    tx.select({ id: severityLevels.id, ref: severityLevels.ref }).from(severityLevels),
    memberIndex(tx),
    tx
      .select({
        id: risks.id,
        idkey: risks.idkey,
        version: risks.version,
        title: risks.title,
        themeId: risks.themeId,
        state: risks.state,
        ownerUserId: risks.ownerUserId,
        probabilityLevelId: risks.probabilityLevelId,
        severityLevelId: risks.severityLevelId,
        grossProbabilityLevelId: risks.grossProbabilityLevelId,
        grossSeverityLevelId: risks.grossSeverityLevelId,
        relevance: risks.relevance,
        strategic: risks.strategic,
        dsgRelevant: risks.dsgRelevant,
        measureNeeded: risks.measureNeeded,
        tags: risks.tags,
        owner: currentOwnerColumns,
      })
      .from(risks)
      .leftJoin(currentOwner, eq(currentOwner.id, risks.ownerUserId)),
    // Risks someone else has open in a block edit: an update would overwrite what they are typing.
    tx
      .select({ entityId: blockLocks.entityId, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(blockLocks)
      .innerJoin(users, eq(users.id, blockLocks.userId))
      .where(and(eq(blockLocks.entityType, 'risk'), gt(blockLocks.expiresAt, new Date()), ne(blockLocks.userId, access.user.id))),
  ])
  const locks = new Map(locked.map((l) => [l.entityId, l.name]))
  const themeOf = themeMatcher(themes)
  const pBy = new Map(pLevels.map((l) => [l.ref, l.id]))
  const sBy = new Map(sLevels.map((l) => [l.ref, l.id]))
  const refOf = new Map([...pLevels, ...sLevels].map((l) => [l.id, l.ref]))
  const riskBy = new Map(existing.map((r) => [r.idkey.toLowerCase(), r]))
  const names = new Map(members.names)
  for (const r of existing) if (r.ownerUserId && r.owner) names.set(r.ownerUserId, `${r.owner.firstName} ${r.owner.lastName}`)
  const dup = duplicates()
  /** A stored value as the preview shows it. */
  const shown = (key: string, v: unknown): Shown =>
    v === null || v === undefined
      ? null
      : key === 'ownerUserId'
        ? (names.get(v as string) ?? null)
        : key === 'probabilityLevelId' || key === 'severityLevelId' || key === 'grossProbabilityLevelId' || key === 'grossSeverityLevelId'
          ? (refOf.get(v as string) ?? null)
          : (v as Shown)

  return rows.map((row, i) => {
    const errors: RowError[] = []
    const c = cellsOf(row, mapping, errors)
    const number = text(c.get('idkey'))
    dup(number.toLowerCase(), 'idkey', errors)
    const before = number ? riskBy.get(number.toLowerCase()) : undefined
    if (number && !before) errors.push(err('idkey', 'error.unknownNumber', { value: number }))
    const v: RiskValues = {}
    if (c.has('title')) {
      const t = text(c.get('title'))
      if (c.get('title') === undefined) v.title = t
      else {
        const valid = validText(riskTitle, t, 'title', errors)
        v.title = valid ?? t
      }
      if (before && sameLines(v.title, before.title)) v.title = before.title
    }
    // A risk's theme is part of its number: only a new row takes one. An unknown one is the row's error.
    if (!before && c.has('theme')) {
      const s = text(c.get('theme'))
      const id = s ? themeOf(s) : undefined
      if (s && !id) errors.push(err('theme', 'error.unknownTheme', { value: s }))
      else if (id) v.themeId = id
    }
    if (c.has('state')) {
      const s = choice(CHOICES.riskState, c.get('state'), 'state', errors)
      if (s) v.state = s
    }
    if (c.has('owner')) {
      const s = text(c.get('owner'))
      if (!s) v.ownerUserId = null
      // The risk's current owner stays, whatever became of them (rights, membership, a namesake): as an unchanged save in the app.
      else if (before?.ownerUserId && namesPerson(before.owner, s)) v.ownerUserId = before.ownerUserId
      else {
        const m = members.byKey.get(norm(s))
        const refused = m && m !== 'ambiguous' ? newOwnerError(m, before?.ownerUserId, s) : null
        if (!m) errors.push(err('owner', 'error.unknownOwner', { value: s }))
        else if (m === 'ambiguous') errors.push(err('owner', 'error.ambiguousOwner', { value: s }))
        else if (refused) errors.push(refused)
        else if (m.id !== before?.ownerUserId && !permissionsOfRights(m.rights).tools.risk.read) errors.push(err('owner', 'error.ownerNoRights', { value: s }))
        else v.ownerUserId = m.id
      }
    }
    for (const [field, levels, key] of [
      ['probability', pBy, 'probabilityLevelId'],
      ['severity', sBy, 'severityLevelId'],
      ['grossProbability', pBy, 'grossProbabilityLevelId'],
      ['grossSeverity', sBy, 'grossSeverityLevelId'],
    ] as const) {
      const n = integer(c.get(field), field, errors)
      if (n === null) v[key] = null
      else if (n !== undefined) {
        const id = levels.get(n)
        if (!id) errors.push(err(field, 'error.levelUnknown', { value: String(n), levels: [...levels.keys()].sort((a, b) => a - b).join(', ') }))
        else v[key] = id
      }
    }
    // As the evaluation step (decision 0067): the net rating is never above the gross one, both as they will be after the row.
    const refAfter = (key: 'probabilityLevelId' | 'severityLevelId' | 'grossProbabilityLevelId' | 'grossSeverityLevelId') => {
      const id = key in v ? v[key] : before?.[key]
      return id ? refOf.get(id) : undefined
    }
    const [np, ns, gp, gs] = (['probabilityLevelId', 'severityLevelId', 'grossProbabilityLevelId', 'grossSeverityLevelId'] as const).map(refAfter)
    if (np && ns && gp && gs && np * ns > gp * gs && !errors.length)
      errors.push(err('probability', 'error.netAboveGross', { net: String(np * ns), gross: String(gp * gs) }))
    const relevance = choice(CHOICES.relevance, c.get('relevance'), 'relevance', errors)
    if (relevance !== undefined) v.relevance = relevance
    for (const f of ['strategic', 'dsgRelevant', 'measureNeeded'] as const) {
      const b = yesNo(c.get(f), f, errors)
      if (b !== undefined) v[f] = b
    }
    // As the intro block's form: trimmed, each at most 50, twice once, at most 20.
    if (c.has('tags')) v.tags = parseTags(text(c.get('tags')))
    if (!before) {
      if (!c.has('title')) errors.push(err('title', 'error.required'))
      if (!v.themeId && !errors.some((e) => e.field === 'theme')) errors.push(err('theme', 'error.required'))
    }
    const line = i + 2
    const title = v.title ?? before?.title ?? ''
    if (errors.length) return { line, action: 'error', number, title: v.title ?? '', errors, values: v }
    if (!before) return { line, action: 'create', number: '', title, errors, values: v }
    const changes = diff(before, v)
    const lock = Object.keys(changes).length ? locks.get(before.id) : undefined
    if (lock) return { line, action: 'error', number, title, errors: [err('idkey', 'error.locked', { value: lock })], values: v }
    return {
      line,
      action: Object.keys(changes).length ? 'update' : 'unchanged',
      number,
      title,
      errors,
      changes: inFieldOrder(
        'risks',
        Object.entries(changes).map(([key, { from, to }]) => ({ field: RISK_FIELD_OF[key] ?? key, from: shown(key, from), to: shown(key, to) })),
      ),
      values: v,
      before,
      targetId: before.id,
      version: before.version,
    }
  })
}

/** Changes in the order of the file's columns (the export's). */
const inFieldOrder = (kind: ImportKind, changes: FieldChange[]) =>
  changes.sort((a, b) => (IMPORT_FIELDS[kind] as readonly string[]).indexOf(a.field) - (IMPORT_FIELDS[kind] as readonly string[]).indexOf(b.field))

/** The import's field of each risk column an update may change. */
const RISK_FIELD_OF: Record<string, string> = {
  ownerUserId: 'owner',
  probabilityLevelId: 'probability',
  severityLevelId: 'severity',
  grossProbabilityLevelId: 'grossProbability',
  grossSeverityLevelId: 'grossSeverity',
  themeId: 'theme',
}

/**
 * The theme a file names: "01 Governance" as the export writes it (number and name must belong
 * together), the number alone ("01", "1") or the name alone in any language; else undefined.
 */
function themeMatcher(themes: { id: string; leadingNumber: string; nameDe: string; nameFr: string; nameEn: string }[]) {
  const byNumber = new Map(themes.map((t) => [t.leadingNumber.toUpperCase(), t]))
  const byName = new Map<string, string | null>()
  for (const t of themes)
    for (const n of new Set([t.nameDe, t.nameFr, t.nameEn].map(loose))) byName.set(n, byName.has(n) && byName.get(n) !== t.id ? null : t.id)
  return (s: string) => {
    const [lead, ...rest] = s.trim().split(/\s+/)
    const t = byNumber.get(lead.toUpperCase()) ?? (/^\d$/.test(lead) ? byNumber.get(lead.padStart(2, '0')) : undefined)
    if (t) {
      const name = loose(rest.join(' '))
      return !name || [t.nameDe, t.nameFr, t.nameEn].some((n) => loose(n) === name) ? t.id : undefined
    }
    return byName.get(loose(s)) ?? undefined
  }
}

/** Reserves n running numbers of a counter at once: the last one is returned. */
async function reserve(tx: Tx, customerId: string, name: string, n: number) {
  const [row] = await tx
    .insert(customerCounters)
    .values({ customerId, name, value: n })
    .onConflictDoUpdate({ target: [customerCounters.customerId, customerCounters.name], set: { value: sql`${customerCounters.value} + ${n}` } })
    .returning({ value: customerCounters.value })
  return row.value
}

const CHUNK = 500
async function inChunks<T>(items: T[], fn: (chunk: T[]) => Promise<void>) {
  for (let i = 0; i < items.length; i += CHUNK) await fn(items.slice(i, i + CHUNK))
}

/**
 * The updates, one UPDATE … FROM (VALUES …) per chunk of rows that set the same columns (instead of
 * an UPDATE and an audit INSERT per row), each row's version checked in the WHERE: a row moved since
 * the plan is missing from RETURNING and the whole import is refused.
 */
async function writeUpdates(tx: Tx, access: CustomerAccess, table: typeof risks | typeof measures, component: string, planned: Planned[]) {
  const groups = new Map<string, Planned[]>()
  for (const r of planned) {
    if (r.action !== 'update') continue
    const key = Object.keys(r.values)
      .filter((k) => r.values[k] !== undefined)
      .sort()
      .join(',')
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  const columns = getTableColumns(table) as Record<string, PgColumn>
  for (const [key, rows] of groups) {
    const fields = key ? key.split(',') : []
    const cols = fields.map((f) => columns[f])
    if (cols.some((c) => !c)) throw new Error(`import: unknown column in ${key}`)
    await inChunks(rows, async (chunk) => {
      const tuples = chunk.map(
        (r) =>
          sql`(${r.targetId}::uuid, ${r.version}::integer${sql.join(
            cols.map((c, i) => sql`, ${sql.param(r.values[fields[i]], c)}::${sql.raw(c.getSQLType())}`),
            sql``,
          )})`,
      )
      const names = sql.raw(['id', 'version', ...fields.map((_, i) => `c${i}`)].map((n) => `"${n}"`).join(', '))
      const sets = [
        ...cols.map((c, i) => sql`${sql.identifier(c.name)} = v.${sql.identifier(`c${i}`)}`),
        sql`${sql.identifier(table.version.name)} = ${table.version} + 1`,
        sql`${sql.identifier(table.updatedAt.name)} = ${sql.param(new Date(), table.updatedAt)}`,
      ]
      const updated = await tx.execute<{ id: string }>(
        sql`update ${table} set ${sql.join(sets, sql`, `)} from (values ${sql.join(tuples, sql`, `)}) as v(${names}) where ${table.id} = v.id and ${table.version} = v.version returning ${table.id} as id`,
      )
      if (updated.rows.length !== chunk.length) throw new DomainError('conflict', undefined, 'import:confirm.changed')
      await tx.insert(auditEntries).values(chunk.map((r) => auditValues(access, component, 'Updated', r.targetId as string, diff(r.before ?? null, r.values))))
    })
  }
}

async function writeRisks(tx: Tx, access: CustomerAccess, planned: Planned[]) {
  await writeUpdates(tx, access, risks, 'risk', planned)
  const creates = planned.filter((r) => r.action === 'create')
  const themes = await tx.select({ id: riskThemes.id, leadingNumber: riskThemes.leadingNumber }).from(riskThemes)
  const leadOf = new Map(themes.map((t) => [t.id, t.leadingNumber]))
  // Individual risks' numbers, as createIndividual gives them: the theme's, running, with _P.
  const perTheme = new Map<string, Planned[]>()
  for (const r of creates) {
    const themeId = r.values.themeId as string
    perTheme.set(themeId, [...(perTheme.get(themeId) ?? []), r])
  }
  const values: (typeof risks.$inferInsert)[] = []
  for (const [themeId, rs] of perTheme) {
    const lead = leadOf.get(themeId) as string
    const last = await reserve(tx, access.customer.id, `risk_p_${lead}`, rs.length)
    rs.forEach((r, i) => {
      values.push({
        customerId: access.customer.id,
        idkey: `${lead}.${String(last - rs.length + 1 + i).padStart(2, '0')}_P`,
        ...(r.values as RiskValues),
      } as typeof risks.$inferInsert)
    })
  }
  await inChunks(values, async (chunk) => {
    const rows = await tx.insert(risks).values(chunk).returning({ id: risks.id })
    await tx
      .insert(auditEntries)
      .values(rows.map((row, i) => auditValues(access, 'risk', 'Created', row.id, diff(null, { ...chunk[i], customerId: undefined }))))
  })
}

/* ---------- measures ---------- */

type MeasureValues = {
  title?: string
  body?: string
  source?: MeasureSource
  ownerUserId?: string | null
  ownerBodyId?: string | null
  dueDate?: string
  recurrence?: Recurrence
  dsgMeasure?: boolean
}

async function planMeasures(tx: Tx, access: CustomerAccess, rows: ImportCell[][], mapping: Record<string, number>): Promise<Planned[]> {
  const p = permissionsOf(access)
  const [members, bodies, existing] = await Promise.all([
    memberIndex(tx),
    tx.select({ id: responsibleBodies.id, name: responsibleBodies.name }).from(responsibleBodies),
    tx
      .select({
        id: measures.id,
        idkey: measures.idkey,
        iteration: measures.iteration,
        version: measures.version,
        state: measures.state,
        title: measures.title,
        body: measures.body,
        source: measures.source,
        ownerUserId: measures.ownerUserId,
        ownerBodyId: measures.ownerBodyId,
        dueDate: measures.dueDate,
        recurrence: measures.recurrence,
        dsgMeasure: measures.dsgMeasure,
        owner: currentOwnerColumns,
      })
      .from(measures)
      .leftJoin(currentOwner, eq(currentOwner.id, measures.ownerUserId))
      // Only what the importer may see: another tool's number is unknown, its title never shown.
      .where(visibility(p)),
  ])
  const bodyBy = new Map(bodies.map((b) => [norm(b.name), b.id]))
  const bodyName = new Map(bodies.map((b) => [b.id, b.name]))
  const names = new Map(members.names)
  for (const m of existing) if (m.ownerUserId && m.owner) names.set(m.ownerUserId, `${m.owner.firstName} ${m.owner.lastName}`)
  const measureBy = new Map(existing.map((m) => [`${m.idkey}/${m.iteration}`, m]))
  const dup = duplicates()
  const mayEdit = (m: { source: MeasureSource; dsgMeasure: boolean }) => (m.dsgMeasure ? p.measures[m.source].editDsg : p.measures[m.source].write)
  /** The owner (a person or a body) of values or of the record, as the preview shows it. */
  const ownerShown = (o: { ownerUserId?: string | null; ownerBodyId?: string | null }) =>
    o.ownerUserId ? (names.get(o.ownerUserId) ?? null) : o.ownerBodyId ? (bodyName.get(o.ownerBodyId) ?? null) : null

  return rows.map((row, i) => {
    const errors: RowError[] = []
    const c = cellsOf(row, mapping, errors)
    const raw = text(c.get('number'))
    let idkey: number | null = null
    if (raw) {
      const m = raw.replace(/(?<=\d)['’\u00a0\u202f ](?=\d{3}\b)/g, '').match(/^(?:M-?\s*)?(\d+)$/i)
      if (m) idkey = Number(m[1])
      else errors.push(err('number', 'error.notNumber', { value: raw }))
    }
    const iteration = integer(c.get('iteration'), 'iteration', errors) ?? 1
    const number = idkey === null ? '' : measureNumber(idkey, iteration)
    dup(idkey === null ? '' : `${idkey}/${iteration}`, 'number', errors)
    const before = idkey === null ? undefined : measureBy.get(`${idkey}/${iteration}`)
    if (idkey !== null && !before && !errors.length) errors.push(err('number', 'error.unknownNumber', { value: raw }))
    const v: MeasureValues = {}
    if (c.has('title')) {
      const t = text(c.get('title'))
      if (c.get('title') === undefined) v.title = t
      else v.title = validText(measureTitle, t, 'title', errors) ?? t
      if (before && sameLines(v.title, before.title)) v.title = before.title
    }
    if (c.has('body')) {
      const b = text(c.get('body'))
      v.body = c.get('body') === undefined ? b : (validText(measureBody, b, 'body', errors) ?? b)
      // A workbook keeps line breaks as LF, a form sends CRLF: the same text is no change.
      if (before && sameLines(v.body, before.body)) v.body = before.body
    }
    const source = choice(CHOICES.source, c.get('source'), 'source', errors)
    if (source) v.source = source
    const recurrenceCell = c.get('recurrence')
    if (typeof recurrenceCell === 'number') {
      if ((CHOICES.recurrence as Map<string, Recurrence>).get(String(recurrenceCell)) === undefined)
        errors.push(err('recurrence', 'error.invalidChoice', { value: String(recurrenceCell) }))
      else v.recurrence = recurrenceCell as Recurrence
    } else {
      const r = choice(CHOICES.recurrence, recurrenceCell, 'recurrence', errors)
      if (r !== undefined) v.recurrence = r ?? 0
    }
    const dsg = yesNo(c.get('dsgMeasure'), 'dsgMeasure', errors)
    if (dsg !== undefined) v.dsgMeasure = dsg
    const due = day(c.get('dueDate'), 'dueDate', errors)
    if (due === null) errors.push(err('dueDate', 'error.required'))
    else if (due) v.dueDate = due
    const after = { source: v.source ?? before?.source ?? 'fund', dsgMeasure: v.dsgMeasure ?? before?.dsgMeasure ?? false }
    if (c.has('owner')) {
      const s = text(c.get('owner'))
      if (!s) {
        // A measure that has no owner any more (the account was deleted) exports an empty cell: it stays so.
        if (!before || before.ownerUserId || before.ownerBodyId) errors.push(err('owner', 'error.required'))
      }
      // The current owner, a person or a body, stays whatever became of them: as an unchanged save in the app.
      else if (before?.ownerUserId && namesPerson(before.owner, s)) Object.assign(v, { ownerUserId: before.ownerUserId, ownerBodyId: null })
      else if (before?.ownerBodyId && norm(bodyName.get(before.ownerBodyId) ?? '') === norm(s))
        Object.assign(v, { ownerUserId: null, ownerBodyId: before.ownerBodyId })
      else {
        const m = members.byKey.get(norm(s))
        const body = bodyBy.get(norm(s))
        const refused = m && m !== 'ambiguous' ? newOwnerError(m, before?.ownerUserId, s) : null
        if (m === 'ambiguous') errors.push(err('owner', 'error.ambiguousOwner', { value: s }))
        else if (refused) errors.push(refused)
        else if (m) {
          const mp = permissionsOf({ user: access.user, rights: m.rights })
          const sees = after.source === 'fund' || after.dsgMeasure || mp.tools[after.source].read
          if (!sees && m.id !== before?.ownerUserId) errors.push(err('owner', 'error.ownerNoRights', { value: s }))
          else Object.assign(v, { ownerUserId: m.id, ownerBodyId: null })
        } else if (body) Object.assign(v, { ownerUserId: null, ownerBodyId: body })
        else errors.push(err('owner', 'error.unknownOwner', { value: s }))
      }
    }
    if (!before) {
      for (const f of ['title', 'source', 'owner', 'dueDate'] as const)
        if (!c.has(f) || (f === 'source' && c.get(f) !== undefined && text(c.get(f)) === '')) {
          if (!errors.some((e) => e.field === f)) errors.push(err(f, 'error.required'))
        }
      if (source && !p.measures[source].write) errors.push(err('source', 'error.noRight'))
    }
    const line = i + 2
    const title = v.title ?? before?.title ?? ''
    if (errors.length) return { line, action: 'error', number, title: v.title ?? '', errors, values: v }
    if (!before) return { line, action: 'create', number: '', title, errors, values: v }
    const changes = diff(before, v)
    // A row that changes nothing is unchanged, whoever may edit the measure: the export holds what the importer may read.
    if (Object.keys(changes).length && (!mayEdit(before) || !mayEdit(after)))
      return { line, action: 'error', number, title, errors: [err('number', 'error.noRight')], values: v }
    if (Object.keys(changes).length && before.state === 'confirmed')
      return { line, action: 'error', number, title, errors: [err('number', 'error.confirmed')], values: v }
    const shown: FieldChange[] = []
    for (const [key, { from, to }] of Object.entries(changes)) {
      if (key === 'ownerBodyId') continue
      if (key === 'ownerUserId') {
        const was = ownerShown(before)
        const now = ownerShown(v)
        if (was !== now && !shown.some((s) => s.field === 'owner')) shown.push({ field: 'owner', from: was, to: now })
      } else shown.push({ field: key, from: from as Shown, to: to as Shown })
    }
    if ('ownerBodyId' in changes && !shown.some((s) => s.field === 'owner')) shown.push({ field: 'owner', from: ownerShown(before), to: ownerShown(v) })
    return {
      line,
      action: Object.keys(changes).length ? 'update' : 'unchanged',
      number,
      title,
      errors,
      changes: inFieldOrder('measures', shown),
      values: v,
      before,
      targetId: before.id,
      version: before.version,
    }
  })
}

async function writeMeasures(tx: Tx, access: CustomerAccess, planned: Planned[]) {
  await writeUpdates(tx, access, measures, 'measure', planned)
  const creates = planned.filter((r) => r.action === 'create')
  if (!creates.length) return
  const last = await reserve(tx, access.customer.id, 'measure', creates.length)
  const values = creates.map(
    (r, i) =>
      ({
        customerId: access.customer.id,
        idkey: last - creates.length + 1 + i,
        recurrence: 0,
        body: '',
        ...(r.values as MeasureValues),
        createdByUserId: access.user.id,
      }) as typeof measures.$inferInsert,
  )
  await inChunks(values, async (chunk) => {
    const rows = await tx.insert(measures).values(chunk).returning({ id: measures.id })
    await tx
      .insert(auditEntries)
      .values(rows.map((row, i) => auditValues(access, 'measure', 'Created', row.id, diff(null, { ...chunk[i], customerId: undefined }))))
  })
}

/* ---------- KRI values (issue 27) ---------- */

/**
 * A figure as people write it in Switzerland: "102,4", "102.4", "1'234.50", "1’234,5", "-3", "98.2 %",
 * "CHF 1'250"; thousands apart by an apostrophe or a space. Answers the decimal with a point and at most
 * four decimals (as kri_values keeps it), or undefined for anything else: a figure with more than four
 * decimals too (readKriNumber tells which), like the values form, rather than rounding it silently.
 */
export function parseKriNumber(c: ImportCell | undefined): string | undefined {
  const read = readKriNumber(c)
  return 'value' in read ? read.value : undefined
}

/** The figure of a cell, or why there is none: no figure, or more than four decimals. */
export function readKriNumber(c: ImportCell | undefined): { value: string } | { error: 'notNumber' | 'decimals' } {
  if (typeof c === 'number') {
    if (!Number.isFinite(c) || Math.abs(c) >= 1e10) return { error: 'notNumber' }
    // A spreadsheet's number carries the float's noise (0.1 + 0.2); more than that beyond four decimals is refused.
    const rounded = Math.round(c * 10_000) / 10_000
    return Math.abs(c - rounded) > 1e-9 * Math.max(1, Math.abs(c)) ? { error: 'decimals' } : { value: decimalOf(c) }
  }
  const raw = text(c)
    .replace(/^CHF\s*/i, '')
    .replace(/\s*(%|CHF)$/i, '')
    .trim()
  const m = raw.match(/^([-−+]?)(\d{1,3}(?:['’ʼ\u0020\u00a0\u202f]\d{3})+|\d+)(?:[.,](\d+))?$/)
  if (!m) return { error: 'notNumber' }
  const whole = m[2].replace(/\D/g, '')
  if (whole.replace(/^0+/, '').length > 10) return { error: 'notNumber' }
  if ((m[3] ?? '').replace(/0+$/, '').length > 4) return { error: 'decimals' }
  const n = Number(`${m[1] === '' || m[1] === '+' ? '' : '-'}${whole}.${m[3] ?? '0'}`)
  return Number.isFinite(n) ? { value: decimalOf(n) } : { error: 'notNumber' }
}
/** A number with at most four decimals, without trailing zeros ("102.4", "-3"). */
function decimalOf(n: number): string {
  const fixed = (Math.round(n * 10_000) / 10_000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')
  return fixed === '-0' ? '0' : fixed
}

/** A reporting date of the frequency: a month's last day, or a quarter's (31.3., 30.6., 30.9., 31.12.). */
function isKriPeriodEnd(day: string, frequency: 'monthly' | 'quarterly') {
  const month = Number(day.slice(5, 7))
  if (frequency === 'quarterly' && month % 3 !== 0) return false
  const last = new Date(Date.UTC(Number(day.slice(0, 4)), month, 0)).getUTCDate()
  return Number(day.slice(8, 10)) === last
}

type KriValueValues = { kriId: string; periodEnd: string; value: string; comment: string }

/**
 * Each row: the fund's KRI (by its catalogue key or its name in any language; another fund's, or one the
 * fund does not follow, is unknown), a reporting date of its frequency not after today, a number and a
 * comment. New when the KRI has no value at that date, changed (old → new) when the value or the comment
 * differs, else unchanged. A KRI the product computes takes no value from a file.
 */
async function planKriValues(tx: Tx, access: CustomerAccess, rows: ImportCell[][], mapping: Record<string, number>): Promise<Planned[]> {
  const { rows: followed } = await tx.execute<{
    id: string
    key: string
    name_de: string
    name_fr: string
    name_en: string
    frequency: 'monthly' | 'quarterly'
    computed: string | null
    active: boolean
  }>(sql`select k.id, c.key, c.name_de, c.name_fr, c.name_en, k.frequency, c.computed, k.active
    from kris k join kri_catalog c on c.id = k.catalog_id`)
  const byName = new Map<string, (typeof followed)[number] | null>()
  for (const k of followed) {
    for (const n of new Set([k.key, k.name_de, k.name_fr, k.name_en].map(loose))) {
      const had = byName.get(n)
      byName.set(n, had && had.id !== k.id ? null : k)
    }
  }
  const lang = access.user.language
  const nameOf = (k: (typeof followed)[number]) => (lang === 'fr' ? k.name_fr : lang === 'en' ? k.name_en : k.name_de)
  const { rows: existing } = await tx.execute<{ id: string; kri_id: string; period_end: string; value: string; comment: string; version: number }>(
    sql`select id, kri_id, period_end::text as period_end, value::text as value, comment, version from kri_values`,
  )
  const valueAt = new Map(existing.map((v) => [`${v.kri_id}/${v.period_end}`, v]))
  const today = todayInZurich()
  const seen = new Set<string>()

  return rows.map((row, i) => {
    const errors: RowError[] = []
    const c = cellsOf(row, mapping, errors)
    const line = i + 2
    const name = text(c.get('kri'))
    const kri = name ? byName.get(loose(name)) : undefined
    if (!name) errors.push(err('kri', 'error.required'))
    else if (kri === null) errors.push(err('kri', 'kri.error.ambiguous', { value: name }))
    else if (!kri?.active) errors.push(err('kri', 'kri.error.unknown', { value: name }))
    else if (kri.computed) errors.push(err('kri', 'kri.error.computed', { value: nameOf(kri) }))
    const periodEnd = day(c.get('periodEnd'), 'periodEnd', errors)
    if (periodEnd === null || (periodEnd === undefined && !errors.some((e) => e.field === 'periodEnd'))) errors.push(err('periodEnd', 'error.required'))
    else if (periodEnd) {
      if (periodEnd > today) errors.push(err('periodEnd', 'kri.error.future', { value: formatDate(periodEnd) }))
      else if (kri && !isKriPeriodEnd(periodEnd, kri.frequency))
        errors.push(err('periodEnd', kri.frequency === 'monthly' ? 'kri.error.notMonthEnd' : 'kri.error.notQuarterEnd', { value: formatDate(periodEnd) }))
    }
    const rawValue = c.get('value')
    const read = readKriNumber(rawValue)
    const value = 'value' in read ? read.value : undefined
    if (!text(rawValue) && typeof rawValue !== 'number') errors.push(err('value', 'error.required'))
    else if ('error' in read)
      errors.push(err('value', read.error === 'decimals' ? 'kri.error.decimals' : 'error.notNumber', { value: text(rawValue) || String(rawValue) }))
    let comment: string | undefined
    if (c.has('comment')) {
      const raw = text(c.get('comment'))
      comment = validText(kriComment, raw, 'comment', errors) ?? raw
    }
    const number = periodEnd ? formatDate(periodEnd) : ''
    const title = kri ? nameOf(kri) : name
    if (kri && periodEnd) {
      const key = `${kri.id}/${periodEnd}`
      if (seen.has(key)) errors.push(err('periodEnd', 'kri.error.twice', { value: formatDate(periodEnd) }))
      seen.add(key)
    }
    if (errors.length || !kri || !periodEnd || value === undefined) return { line, action: 'error', number, title, errors, values: {} }
    const before = valueAt.get(`${kri.id}/${periodEnd}`)
    const values: KriValueValues = { kriId: kri.id, periodEnd, value, comment: comment ?? before?.comment ?? '' }
    if (!before) return { line, action: 'create', number, title, errors, changes: [{ field: 'value', from: null, to: value }], values }
    const changes: FieldChange[] = []
    if (Number(before.value) !== Number(value)) changes.push({ field: 'value', from: decimalOf(Number(before.value)), to: value })
    if (comment !== undefined && !sameLines(comment, before.comment)) changes.push({ field: 'comment', from: before.comment, to: comment })
    return {
      line,
      action: changes.length ? 'update' : 'unchanged',
      number,
      title,
      errors,
      changes,
      values,
      targetId: before.id,
      version: before.version,
    }
  })
}
/** A value's comment: as the values' form takes it (no control characters, at most 2,000 characters). */
const kriComment = optionalString(2000) as unknown as z.ZodType<string>

/** Every new or changed value in one call of the KRI values service (its checks, its audit entries, what a value sets off). */
async function writeKriValues(tx: Tx, access: CustomerAccess, planned: Planned[]) {
  const rows = planned.filter((r) => r.action === 'create' || r.action === 'update').map((r) => r.values as KriValueValues)
  await upsertKriValues(tx, access, rows, 'import')
}
