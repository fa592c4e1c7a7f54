import { eq, or, type SQL, sql } from 'drizzle-orm'
import { documents, measures } from '../schema/index.ts'
import { DOCUMENT_CATEGORIES, type DocumentCategory } from './constants.ts'
import type { Permissions } from './permissions.ts'

/*
 * Which measures and documents a member sees at all, as conditions on their tables. The lists of
 * their own features, the dashboard, the DSG overview, the import and the audit trail all read
 * these, so they live below the features (SPEC.md §6; docs/decisions/0007-measure-rights.md).
 */

/** What a user may see of measures: fund and DSG measures with any tool, a tool's own with read on it. */
export function measureVisibility(p: Permissions): SQL {
  if (!p.customer) return sql`false`
  // Reading both tools sees every source: no condition, so a count can read its index alone.
  if (p.tools.risk.read && p.tools.iks.read) return sql`true`
  const parts: SQL[] = [eq(measures.source, 'fund'), eq(measures.dsgMeasure, true)]
  if (p.tools.risk.read) parts.push(eq(measures.source, 'risk'))
  if (p.tools.iks.read) parts.push(eq(measures.source, 'iks'))
  return or(...parts)!
}

/** Fund and DSG documents: any enabled tool; RM documents: read on risk; ICS documents: read on iks. */
export function visibleCategories(p: Permissions): DocumentCategory[] {
  return DOCUMENT_CATEGORIES.filter((c) => p.documents[c].read)
}

export function documentVisibility(p: Permissions): SQL {
  const cats = visibleCategories(p)
  if (!cats.length) return sql`false`
  return or(...cats.map((c) => eq(documents.category, c)))!
}
