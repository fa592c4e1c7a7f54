import { asc } from 'drizzle-orm'
import { inventory } from '#app/features/inventory/kit.server.ts'
import type { Language } from '#models/core/constants.ts'
import { db } from '#models/core/db.server.ts'
import { icsSubThemes } from '#models/schema/index.ts'
import { icsTool, subName } from './tool.server.ts'

/**
 * The ICS process inventory's service: the inventory kit bound to the ICS declaration
 * (`processes.for(access)`).
 */
export const processes = inventory(icsTool)
export { mainName, subName } from './tool.server.ts'

/** Processes the (represented) user owns, for the dashboard. */
/** The main and sub-processes are reference data, the same for every customer. */
export const listMainThemes = (language: Language) => icsTool.themes(db(), language)
export async function listSubThemes(language: Language) {
  return db()
    .select({ id: icsSubThemes.id, key: icsSubThemes.key, mainThemeId: icsSubThemes.mainThemeId, name: subName(language) })
    .from(icsSubThemes)
    .orderBy(asc(icsSubThemes.key))
}
