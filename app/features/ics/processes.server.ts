import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { alias } from 'drizzle-orm/pg-core'
import { type CustomerAccess, canWrite, editableBlocks, effectiveUserId, hasRole, type Rights } from '#models/core/access.ts'
import { checkToolOwner } from '../account/customers.server.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { acquireLock, currentLock, releaseLock } from '#models/core/locks.server.ts'
import { EDITABLE_ICS_BLOCKS, type EditableIcsBlock, type IcsBlock, type IcsRating, type IcsState, type Language } from '#models/core/constants.ts'
import { nextNumber } from '#models/core/counters.server.ts'
import { db, type Executor } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { icsCatalog, icsMainThemes, icsProcesses, icsSubThemes, users } from '#models/schema/index.ts'

export const ICS_ENTITY = 'iks'

/** What the user may do in the ICS tool: nothing, the data-protection view, read, or write. */
export function icsMode(rights: Rights): 'none' | 'dsg' | 'read' | 'write' {
  if (canWrite(rights, 'iks')) return 'write'
  if (hasRole(rights.iks, 'read')) return 'read'
  if (hasRole(rights.iks, 'dsg')) return 'dsg'
  return 'none'
}

function visibility(rights: Rights): SQL {
  const mode = icsMode(rights)
  if (mode === 'none') return sql`false`
  if (mode === 'dsg') return eq(icsProcesses.dsgRelevant, true)
  return sql`true`
}

export function mainName(language: Language) {
  return language === 'fr' ? icsMainThemes.nameFr : language === 'en' ? icsMainThemes.nameEn : icsMainThemes.nameDe
}
export function subName(language: Language) {
  return language === 'fr' ? icsSubThemes.nameFr : language === 'en' ? icsSubThemes.nameEn : icsSubThemes.nameDe
}

const owner = alias(users, 'ics_owner')

function baseQuery(tx: Executor, language: Language) {
  return tx
    .select({
      id: icsProcesses.id,
      idkey: icsProcesses.idkey,
      title: icsProcesses.title,
      state: icsProcesses.state,
      catalogId: icsProcesses.catalogId,
      mainNumber: icsMainThemes.leadingNumber,
      mainName: mainName(language),
      subKey: icsSubThemes.key,
      subName: subName(language),
      ownerName: sql<string | null>`${owner.firstName} || ' ' || ${owner.lastName}`,
      effectiveness: icsProcesses.effectiveness,
      traceability: icsProcesses.traceability,
      efficiency: icsProcesses.efficiency,
      measureNeeded: icsProcesses.measureNeeded,
      dsgRelevant: icsProcesses.dsgRelevant,
    })
    .from(icsProcesses)
    .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsProcesses.mainThemeId))
    .leftJoin(icsSubThemes, eq(icsSubThemes.id, icsProcesses.subThemeId))
    .leftJoin(owner, eq(owner.id, icsProcesses.ownerUserId))
}

export const ICS_SORTS = ['idkey', 'title', 'state', 'owner'] as const
export type IcsFilter = {
  mainThemeId?: string
  state?: IcsState
  ownerUserId?: string
  dsgRelevant?: boolean
  measureNeeded?: boolean
  q?: string
  sort: (typeof ICS_SORTS)[number]
  dir: 'asc' | 'desc'
}

function whereFor(access: CustomerAccess, f: IcsFilter) {
  const conds: (SQL | undefined)[] = [eq(icsProcesses.customerId, access.customer.id), visibility(access.rights)]
  if (f.mainThemeId) conds.push(idEquals(icsProcesses.mainThemeId, f.mainThemeId))
  if (f.state) conds.push(eq(icsProcesses.state, f.state))
  if (f.ownerUserId) conds.push(idEquals(icsProcesses.ownerUserId, f.ownerUserId))
  if (f.dsgRelevant !== undefined) conds.push(eq(icsProcesses.dsgRelevant, f.dsgRelevant))
  if (f.measureNeeded !== undefined) conds.push(eq(icsProcesses.measureNeeded, f.measureNeeded))
  if (f.q) {
    const term = likeTerm(f.q)
    conds.push(or(ilike(icsProcesses.title, term), ilike(icsProcesses.description, term), ilike(icsProcesses.idkey, term)))
  }
  return and(...conds)!
}

export async function listProcesses(access: CustomerAccess, f: IcsFilter, page: { limit: number; offset: number }, language: Language) {
  const where = whereFor(access, f)
  const dir = f.dir === 'desc' ? sql`desc` : sql`asc`
  const order = f.sort === 'title' ? icsProcesses.title : f.sort === 'state' ? icsProcesses.state : f.sort === 'owner' ? owner.lastName : icsProcesses.idkey
  const [rows, [{ count }]] = await Promise.all([
    baseQuery(db(), language).where(where).orderBy(sql`${order} ${dir}`, asc(icsProcesses.idkey)).limit(page.limit).offset(page.offset),
    db().select({ count: sql<number>`count(*)::int` }).from(icsProcesses).where(where),
  ])
  return { rows, total: count }
}

export async function myProcesses(access: CustomerAccess, language: Language, limit = 10) {
  const where = and(eq(icsProcesses.customerId, access.customer.id), visibility(access.rights), eq(icsProcesses.ownerUserId, effectiveUserId(access)))
  const [rows, [{ count }]] = await Promise.all([
    baseQuery(db(), language).where(where).orderBy(asc(icsProcesses.idkey)).limit(limit),
    db().select({ count: sql<number>`count(*)::int` }).from(icsProcesses).where(where),
  ])
  return { rows, total: count }
}

export async function getProcess(access: CustomerAccess, id: string, language: Language) {
  if (!isUuid(id)) return null
  const [row] = await db()
    .select({
      process: icsProcesses,
      mainNumber: icsMainThemes.leadingNumber,
      mainName: mainName(language),
      subKey: icsSubThemes.key,
      subName: subName(language),
      ownerName: sql<string | null>`${owner.firstName} || ' ' || ${owner.lastName}`,
    })
    .from(icsProcesses)
    .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsProcesses.mainThemeId))
    .leftJoin(icsSubThemes, eq(icsSubThemes.id, icsProcesses.subThemeId))
    .leftJoin(owner, eq(owner.id, icsProcesses.ownerUserId))
    .where(and(eq(icsProcesses.id, id), eq(icsProcesses.customerId, access.customer.id), visibility(access.rights)))
  if (!row) return null
  return icsMode(access.rights) === 'dsg' ? { ...row, ownerName: null, process: dsgView(row.process) } : row
}

/** What the data protection view may carry of a process: its number, title, state and DSG block. */
function dsgView(p: typeof icsProcesses.$inferSelect): typeof icsProcesses.$inferSelect {
  return {
    ...p,
    description: '',
    controlTarget: '',
    controlActivity: '',
    assessmentCurrentState: '',
    effectiveness: null,
    traceability: null,
    efficiency: null,
    furtherObjectives: '',
    measureNeeded: false,
    tags: [],
    ownerUserId: null,
  }
}

export async function listMainThemes(language: Language) {
  return db()
    .select({ id: icsMainThemes.id, leadingNumber: icsMainThemes.leadingNumber, name: mainName(language) })
    .from(icsMainThemes)
    .orderBy(asc(icsMainThemes.leadingNumber))
}

export async function listSubThemes(language: Language) {
  return db()
    .select({ id: icsSubThemes.id, key: icsSubThemes.key, mainThemeId: icsSubThemes.mainThemeId, name: subName(language) })
    .from(icsSubThemes)
    .orderBy(asc(icsSubThemes.key))
}

/** The catalogue in one language, grouped by its main and sub-process, with what the customer has. */
export async function icsCatalogForCustomer(access: CustomerAccess, language: Language) {
  const title = language === 'fr' ? icsCatalog.titleFr : language === 'en' ? icsCatalog.titleEn : icsCatalog.titleDe
  const description = language === 'fr' ? icsCatalog.descriptionFr : language === 'en' ? icsCatalog.descriptionEn : icsCatalog.descriptionDe
  return db()
    .select({
      id: icsCatalog.id,
      idkey: icsCatalog.idkey,
      title,
      description,
      mainNumber: icsMainThemes.leadingNumber,
      mainName: mainName(language),
      subKey: icsSubThemes.key,
      subName: subName(language),
      dsgRelevant: icsCatalog.dsgRelevant,
      inventoryId: icsProcesses.id,
    })
    .from(icsCatalog)
    .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsCatalog.mainThemeId))
    .innerJoin(icsSubThemes, eq(icsSubThemes.id, icsCatalog.subThemeId))
    .leftJoin(icsProcesses, and(eq(icsProcesses.catalogId, icsCatalog.id), eq(icsProcesses.customerId, access.customer.id)))
    .where(eq(icsCatalog.active, true))
    .orderBy(asc(icsCatalog.idkey))
}

function requireWrite(access: CustomerAccess) {
  if (icsMode(access.rights) !== 'write') throw new DomainError('forbidden')
}

/** Copies catalogue entries in the customer's language, with the default control target and activity. */
export async function addProcessesFromCatalog(access: CustomerAccess, catalogIds: string[]) {
  requireWrite(access)
  const ids = catalogIds.filter(isUuid)
  if (!ids.length) throw new DomainError('invalid', 'catalogIds', 'iks:catalog.noneSelected')
  const language = access.customer.language
  return db().transaction(async (tx) => {
    const entries = await tx
      .select()
      .from(icsCatalog)
      .where(and(inArray(icsCatalog.id, ids), eq(icsCatalog.active, true)))
    if (entries.length !== ids.length) throw new DomainError('invalid', 'catalogIds', 'iks:catalog.unknown')
    const created: (typeof icsProcesses.$inferSelect)[] = []
    for (const e of entries) {
      const pick = <K extends 'title' | 'description' | 'defaultControlTarget' | 'defaultControlActivity'>(k: K) =>
        language === 'fr' ? e[`${k}Fr`] : language === 'en' ? e[`${k}En`] : e[`${k}De`]
      const values = {
        customerId: access.customer.id,
        idkey: e.idkey,
        mainThemeId: e.mainThemeId,
        subThemeId: e.subThemeId,
        catalogId: e.id,
        title: pick('title'),
        description: pick('description'),
        controlTarget: pick('defaultControlTarget'),
        controlActivity: pick('defaultControlActivity'),
        dsgRelevant: e.dsgRelevant,
        tags: e.tags,
        ownerUserId: effectiveUserId(access),
      }
      const [row] = await tx.insert(icsProcesses).values(values).onConflictDoNothing().returning()
      if (!row) continue
      await writeAudit(tx, access, { component: 'icsProcess', action: 'Created', entityId: row.id, changes: diff(null, { ...values, customerId: undefined }) })
      created.push(row)
    }
    return created
  })
}

/** An individual process: no catalogue reference; number = main process number, running, suffix _P. */
export async function createIndividualProcess(
  access: CustomerAccess,
  input: { mainThemeId: string; subThemeId: string | null; title: string; description: string },
) {
  requireWrite(access)
  if (!isUuid(input.mainThemeId)) throw new DomainError('invalid', 'mainThemeId')
  return db().transaction(async (tx) => {
    const main = await tx.query.icsMainThemes.findFirst({ where: eq(icsMainThemes.id, input.mainThemeId) })
    if (!main) throw new DomainError('invalid', 'mainThemeId')
    if (input.subThemeId) {
      const sub = isUuid(input.subThemeId) ? await tx.query.icsSubThemes.findFirst({ where: eq(icsSubThemes.id, input.subThemeId) }) : null
      if (!sub || sub.mainThemeId !== main.id) throw new DomainError('invalid', 'subThemeId', 'iks:catalog.subMismatch')
    }
    const n = await nextNumber(tx, access.customer.id, `ics_p_${main.leadingNumber}`)
    const values = {
      customerId: access.customer.id,
      idkey: `${main.leadingNumber}.${String(n).padStart(2, '0')}_P`,
      mainThemeId: main.id,
      subThemeId: input.subThemeId,
      title: input.title,
      description: input.description,
      ownerUserId: effectiveUserId(access),
    }
    const [row] = await tx.insert(icsProcesses).values(values).returning()
    await writeAudit(tx, access, { component: 'icsProcess', action: 'Created', entityId: row.id, changes: diff(null, { ...values, customerId: undefined }) })
    return row
  })
}

export type EditableIcsBlockName = EditableIcsBlock

export type IcsBlockValues = {
  intro: { title: string; ownerUserId: string | null; state: IcsState; tags: string[] }
  control: { description: string; controlTarget: string; controlActivity: string }
  assessment: { assessmentCurrentState: string; effectiveness: IcsRating | null; traceability: IcsRating | null; efficiency: IcsRating | null }
  objectives: { furtherObjectives: string; measureNeeded: boolean }
  dsg: { dsgRelevant: boolean; hasPersonalData: boolean; hasProtectableData: boolean; dsgMeasureNeeded: boolean }
}

/** The blocks this user may edit: all with write, the DSG block alone with the dsg role. */
export function editableIcsBlocks(rights: Rights): readonly EditableIcsBlock[] {
  return editableBlocks(rights.iks, EDITABLE_ICS_BLOCKS)
}

function requireBlock(access: CustomerAccess, block: string): asserts block is EditableIcsBlock {
  if (!(EDITABLE_ICS_BLOCKS as readonly string[]).includes(block)) throw new DomainError('invalid', 'block')
  if (!(editableIcsBlocks(access.rights) as readonly string[]).includes(block)) throw new DomainError('forbidden')
}

export async function startProcessEdit(access: CustomerAccess, id: string, block: IcsBlock) {
  requireBlock(access, block)
  if (!(await getProcess(access, id, access.customer.language))) throw new DomainError('not-found')
  return acquireLock(access, ICS_ENTITY, id, block)
}

export async function cancelProcessEdit(access: CustomerAccess, id: string) {
  await releaseLock(access, ICS_ENTITY, id)
}

export function processLock(id: string) {
  return currentLock(ICS_ENTITY, id)
}

/** Saves one block; refused while another user edits the process; version checked; releases the lock. */
export async function saveProcessBlock<B extends EditableIcsBlock>(access: CustomerAccess, id: string, block: B, values: IcsBlockValues[B], version: number) {
  requireBlock(access, block)
  if (!isUuid(id)) throw new DomainError('not-found')
  const lock = await currentLock(ICS_ENTITY, id)
  if (lock && lock.userId !== access.user.id) throw new DomainError('conflict', undefined, 'validation.multipleBlocks')
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(icsProcesses)
      .where(and(eq(icsProcesses.id, id), eq(icsProcesses.customerId, access.customer.id), visibility(access.rights)))
      .for('update')
    if (!before) throw new DomainError('not-found')
    if (before.version !== version) throw new DomainError('stale')
    if (block === 'intro') {
      const v = values as IcsBlockValues['intro']
      if (v.ownerUserId) await checkToolOwner(tx, access, 'iks', v.ownerUserId)
    }
    const changes = diff(before, values)
    // Saving without a change writes nothing: no new version, no audit entry.
    if (Object.keys(changes).length === 0) return
    await tx
      .update(icsProcesses)
      .set({ ...values, version: sql`${icsProcesses.version} + 1`, updatedAt: new Date() })
      .where(eq(icsProcesses.id, id))
    await writeAudit(tx, access, { component: 'icsProcess', action: 'Updated', entityId: id, changes: { ...changes, block: { from: null, to: block } } })
  })
  await releaseLock(access, ICS_ENTITY, id)
}

/** Is the id a process of this customer (for linking measures and documents)? */
export async function processBelongsTo(tx: Executor, customerId: string, id: string) {
  if (!isUuid(id)) return false
  const row = await tx.query.icsProcesses.findFirst({ where: and(eq(icsProcesses.id, id), eq(icsProcesses.customerId, customerId)), columns: { id: true } })
  return Boolean(row)
}
