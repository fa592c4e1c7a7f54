import { asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { activeEntries, type Page, type ToolDeclaration } from '#app/features/inventory/kit.server.ts'
import { dsgOnly, inLanguage, withoutDsg, localized, themeOptions } from '#app/features/inventory/declare.server.ts'
import { themeOf } from '#models/core/catalog.server.ts'
import { effectiveUserId } from '#models/core/access.ts'
import { EDITABLE_ICS_BLOCKS, type IcsRating, type IcsState, type Language } from '#models/core/constants.ts'
import type { Executor } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { idEquals, isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { icsCatalog, icsMainThemes, icsProcesses, icsSubThemes, users } from '#models/schema/index.ts'

/** The ICS process inventory, declared for the inventory kit. */

export type Process = typeof icsProcesses.$inferSelect

export function mainName(language: Language) {
  return localized(icsMainThemes, 'name', language)
}
export function subName(language: Language) {
  return localized(icsSubThemes, 'name', language)
}

const owner = alias(users, 'ics_owner')
const ownerName = sql<string | null>`${owner.firstName} || ' ' || ${owner.lastName}`

function listRows(tx: Executor, language: Language, where: SQL, order: SQL[], page?: Page) {
  const q = tx
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
      ownerName,
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
    .where(where)
    .orderBy(...order)
  return page ? q.limit(page.limit).offset(page.offset) : q
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

function filters(f: IcsFilter) {
  const conds: (SQL | undefined)[] = []
  if (f.mainThemeId) conds.push(idEquals(icsProcesses.mainThemeId, f.mainThemeId))
  if (f.state) conds.push(eq(icsProcesses.state, f.state))
  if (f.ownerUserId) conds.push(idEquals(icsProcesses.ownerUserId, f.ownerUserId))
  if (f.dsgRelevant !== undefined) conds.push(eq(icsProcesses.dsgRelevant, f.dsgRelevant))
  if (f.measureNeeded !== undefined) conds.push(eq(icsProcesses.measureNeeded, f.measureNeeded))
  if (f.q) {
    const term = likeTerm(f.q)
    conds.push(or(ilike(icsProcesses.title, term), ilike(icsProcesses.description, term), ilike(icsProcesses.idkey, term)))
  }
  return conds
}

function order(f: IcsFilter): SQL[] {
  const dir = f.dir === 'desc' ? desc : asc
  const by = { title: icsProcesses.title, state: icsProcesses.state, owner: owner.lastName, idkey: icsProcesses.idkey }[f.sort]
  return [dir(by), asc(icsProcesses.idkey)]
}

async function detailRow(tx: Executor, language: Language, where: SQL) {
  const [row] = await tx
    .select({
      process: icsProcesses,
      mainNumber: icsMainThemes.leadingNumber,
      mainName: mainName(language),
      subKey: icsSubThemes.key,
      subName: subName(language),
      ownerName,
    })
    .from(icsProcesses)
    .innerJoin(icsMainThemes, eq(icsMainThemes.id, icsProcesses.mainThemeId))
    .leftJoin(icsSubThemes, eq(icsSubThemes.id, icsProcesses.subThemeId))
    .leftJoin(owner, eq(owner.id, icsProcesses.ownerUserId))
    .where(where)
  return row
}
type ProcessDetail = NonNullable<Awaited<ReturnType<typeof detailRow>>>

/** The catalogue with the customer's record of each entry (row-level security keeps the join to the customer's own). */
function catalogRows(tx: Executor, language: Language) {
  return tx
    .select({
      id: icsCatalog.id,
      idkey: icsCatalog.idkey,
      title: localized(icsCatalog, 'title', language),
      description: localized(icsCatalog, 'description', language),
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
    .leftJoin(icsProcesses, eq(icsProcesses.catalogId, icsCatalog.id))
    .where(eq(icsCatalog.active, true))
    .orderBy(asc(icsCatalog.idkey))
}

export type IcsBlockValues = {
  intro: { title: string; ownerUserId: string | null; state: IcsState; tags: string[] }
  control: { description: string; controlTarget: string; controlActivity: string }
  assessment: { assessmentCurrentState: string; effectiveness: IcsRating | null; traceability: IcsRating | null; efficiency: IcsRating | null }
  objectives: { furtherObjectives: string; measureNeeded: boolean }
  dsg: { dsgRelevant: boolean; hasPersonalData: boolean; hasProtectableData: boolean; dsgMeasureNeeded: boolean }
}
type CatalogEntry = typeof icsCatalog.$inferSelect
export type IndividualProcessInput = { mainThemeId: string; subThemeId: string | null; title: string; description: string }

export const icsTool: ToolDeclaration<
  Process,
  IcsFilter,
  Awaited<ReturnType<typeof listRows>>[number],
  ProcessDetail,
  IcsBlockValues,
  CatalogEntry,
  IndividualProcessInput,
  Awaited<ReturnType<typeof catalogRows>>[number]
> = {
  tool: 'iks',
  entity: 'iks',
  audit: 'icsProcess',
  messages: 'iks',
  table: icsProcesses,
  themeColumn: icsProcesses.mainThemeId,
  counter: 'ics_p_',
  themes: themeOptions(icsMainThemes, mainName),
  list: {
    rows: listRows,
    async count(tx, where) {
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(icsProcesses).where(where)
      return count
    },
    filters,
    order,
  },
  detail: {
    row: detailRow,
    record: (row) => row.process,
    withoutDsg: withoutDsg('process'),
    /** What the data protection view may carry of a process: its number, title, state and DSG block. */
    dsgView: dsgOnly('process', {
      description: '',
      controlTarget: '',
      controlActivity: '',
      assessmentCurrentState: '',
      effectiveness: null,
      traceability: null,
      efficiency: null,
      furtherObjectives: '',
    }),
  },
  catalog: {
    forCustomer: catalogRows,
    entries: activeEntries<CatalogEntry>(icsCatalog),
    /**
     * A catalogue entry in the customer's language, with the default control target and activity, and its
     * default plan: the frequency and the test procedure (the plan's periods follow from the frequency).
     */
    async values(_tx, access, e) {
      const pick = inLanguage(e, access.customer.language)
      return {
        idkey: e.idkey,
        mainThemeId: e.mainThemeId,
        subThemeId: e.subThemeId,
        catalogId: e.id,
        title: pick('title'),
        description: pick('description'),
        controlTarget: pick('defaultControlTarget'),
        controlActivity: pick('defaultControlActivity'),
        frequency: e.defaultFrequency,
        testProcedure: pick('defaultProcedure'),
        dsgRelevant: e.dsgRelevant,
        tags: e.tags,
      }
    },
  },
  individual: {
    /** An individual process: no catalogue reference; number = main process number, running, suffix _P. */
    async values(tx, access, input) {
      const main = await themeOf(tx, icsMainThemes, input.mainThemeId, 'mainThemeId')
      if (input.subThemeId) {
        const [sub] = isUuid(input.subThemeId) ? await tx.select().from(icsSubThemes).where(eq(icsSubThemes.id, input.subThemeId)) : []
        if (!sub || sub.mainThemeId !== main.id) throw new DomainError('invalid', 'subThemeId', 'iks:catalog.subMismatch')
      }
      return {
        leadingNumber: main.leadingNumber,
        values: {
          mainThemeId: main.id,
          subThemeId: input.subThemeId,
          title: input.title,
          description: input.description,
          ownerUserId: effectiveUserId(access),
        },
      }
    },
  },
  blocks: { editable: EDITABLE_ICS_BLOCKS },
}
