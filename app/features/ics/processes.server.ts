import { and, asc, eq } from 'drizzle-orm'
import { inventory, rightsIn } from '#app/features/inventory/kit.server.ts'
import type { CustomerAccess, Rights } from '#models/core/access.ts'
import type { EditableIcsBlock, IcsBlock, Language } from '#models/core/constants.ts'
import { db, type Executor } from '#models/core/db.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { icsProcesses, icsSubThemes } from '#models/schema/index.ts'
import { type IcsBlockValues, type IcsFilter, type IndividualProcessInput, icsTool, subName } from './tool.server.ts'

/**
 * The ICS process inventory's service: the inventory kit bound to the ICS declaration
 * (`processes.for(access)`). The named functions below are the kit's, kept for the callers
 * outside the tool.
 */
export const processes = inventory(icsTool)
export { ICS_SORTS, type IcsBlockValues, type IcsFilter, mainName, subName } from './tool.server.ts'

export const ICS_ENTITY = icsTool.entity
export type EditableIcsBlockName = EditableIcsBlock

/** What the user may do in the ICS tool: nothing, the data-protection view, read, or write. */
export function icsMode(rights: Rights) {
  return permissionsOf({ rights, user: { isSuperAdmin: false } as CustomerAccess['user'] }).tools.iks.mode
}

/** The blocks this user may edit: all with write, the DSG block alone with the dsg role. */
export function editableIcsBlocks(rights: Rights) {
  return rightsIn(icsTool, { rights, user: { isSuperAdmin: false } as CustomerAccess['user'] }).blocks as readonly EditableIcsBlock[]
}

export const listProcesses = (access: CustomerAccess, f: IcsFilter, page: { limit: number; offset: number }, language: Language) =>
  processes.for(access).list(f, page, language)
export const myProcesses = (access: CustomerAccess, language: Language, limit = 10) => processes.for(access).mine(language, limit)
export const getProcess = (access: CustomerAccess, id: string, language: Language) => processes.for(access).get(id, language)
/** The main and sub-processes are reference data, the same for every customer. */
export const listMainThemes = (language: Language) => icsTool.themes(db(), language)
export async function listSubThemes(language: Language) {
  return db()
    .select({ id: icsSubThemes.id, key: icsSubThemes.key, mainThemeId: icsSubThemes.mainThemeId, name: subName(language) })
    .from(icsSubThemes)
    .orderBy(asc(icsSubThemes.key))
}
export const icsCatalogForCustomer = (access: CustomerAccess, language: Language) => processes.for(access).catalog(language)
export const addProcessesFromCatalog = (access: CustomerAccess, catalogIds: string[]) => processes.for(access).addFromCatalog(catalogIds)
export const createIndividualProcess = (access: CustomerAccess, input: IndividualProcessInput) => processes.for(access).createIndividual(input)
export const startProcessEdit = (access: CustomerAccess, id: string, block: IcsBlock) => processes.for(access).startEdit(id, block)
export const cancelProcessEdit = (access: CustomerAccess, id: string) => processes.for(access).cancelEdit(id)
export const processLock = (access: CustomerAccess, id: string) => processes.for(access).lock(id)
export const saveProcessBlock = <B extends EditableIcsBlock>(access: CustomerAccess, id: string, block: B, values: IcsBlockValues[B], version: number) =>
  processes.for(access).saveBlock(id, block, values, version)

/** Is the id a process of this customer (for linking measures and documents)? */
export async function processBelongsTo(tx: Executor, customerId: string, id: string) {
  if (!isUuid(id)) return false
  const row = await tx.query.icsProcesses.findFirst({ where: and(eq(icsProcesses.id, id), eq(icsProcesses.customerId, customerId)), columns: { id: true } })
  return Boolean(row)
}
