import crypto from 'node:crypto'
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Access } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import { lockVersioned, updateVersioned } from '#models/core/record.server.ts'
import type { DsgActivityRole, Language } from '#models/core/constants.ts'
import { db } from '#models/core/db.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { requireOperator } from '#models/core/permissions.ts'
import { asOperator } from '#models/core/scope.server.ts'
import { isUuid, likeTerm } from '#models/core/sql-helpers.ts'
import { type DsgTemplateCategory, dsgTemplates } from '#models/schema/index.ts'

/*
 * The operator's catalogue of processing-activity templates (Art. 12 DSG), shared by every fund
 * (no customer_id). Funds copy a template into their record, so nothing here writes to a record:
 * a change reaches only later copies. Templates are deactivated, never deleted.
 */

export type DsgTemplate = typeof dsgTemplates.$inferSelect

/** The texts kept once per language, by their column name without the language. */
export const TEMPLATE_TEXTS = ['name', 'purpose', 'dataSubjects', 'recipients', 'retention', 'security', 'legalBasis'] as const
type Text = (typeof TEMPLATE_TEXTS)[number]
type Texts = { [K in `${Text}${'De' | 'Fr' | 'En'}`]: string }

export type TemplateInput = Texts & { role: DsgActivityRole; dataCategories: DsgTemplateCategory[] }

export const TEMPLATE_SORTS = ['position', 'name'] as const
export type TemplateFilter = {
  /** Free text over the key, the names and the purposes in all three languages. */
  q?: string
  active?: boolean
  sort: (typeof TEMPLATE_SORTS)[number]
  dir: 'asc' | 'desc'
  /** The reader's language: the list names each template in it and sorts by it. */
  language: Language
}

const COMPONENT = 'dsgTemplate'
const name = { de: dsgTemplates.nameDe, fr: dsgTemplates.nameFr, en: dsgTemplates.nameEn } as const

function where(f: TemplateFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = []
  if (f.active !== undefined) conds.push(eq(dsgTemplates.active, f.active))
  if (f.q) {
    const term = likeTerm(f.q)
    const t = dsgTemplates
    conds.push(or(ilike(t.key, term), ...[t.nameDe, t.nameFr, t.nameEn, t.purposeDe, t.purposeFr, t.purposeEn].map((c) => ilike(c, term))))
  }
  const set = conds.filter(Boolean)
  return set.length ? and(...set) : undefined
}

/** One page of the catalogue, each template named in the reader's language only, and how many match. */
export async function listTemplates(access: Access, f: TemplateFilter, page: { limit: number; offset: number }) {
  requireOperator(access)
  const dir = f.dir === 'desc' ? desc : asc
  const order = f.sort === 'name' ? [dir(name[f.language]), asc(dsgTemplates.position)] : [dir(dsgTemplates.position), asc(dsgTemplates.id)]
  const filter = where(f)
  const [rows, [{ count }]] = await Promise.all([
    db()
      .select({
        id: dsgTemplates.id,
        position: dsgTemplates.position,
        name: name[f.language],
        role: dsgTemplates.role,
        categories: sql<number>`jsonb_array_length(${dsgTemplates.dataCategories})::int`,
        sensitive: sql<number>`(select count(*)::int from jsonb_array_elements(${dsgTemplates.dataCategories}) c where (c->>'sensitive')::boolean)`,
        active: dsgTemplates.active,
      })
      .from(dsgTemplates)
      .where(filter)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db().select({ count: sql<number>`count(*)::int` }).from(dsgTemplates).where(filter),
  ])
  return { rows, total: count }
}

/** One template, or null for an unknown or malformed id. */
export async function getTemplate(access: Access, id: string): Promise<DsgTemplate | null> {
  requireOperator(access)
  if (!isUuid(id)) return null
  const [row] = await db().select().from(dsgTemplates).where(eq(dsgTemplates.id, id)).limit(1)
  return row ?? null
}

/** The stored form of an input: texts trimmed, categories without blanks and each named in all three languages. */
function checked(input: TemplateInput): TemplateInput {
  const values = { ...input }
  for (const text of TEMPLATE_TEXTS) for (const l of ['De', 'Fr', 'En'] as const) values[`${text}${l}`] = input[`${text}${l}`].trim()
  for (const l of ['De', 'Fr', 'En'] as const) if (!values[`name${l}`]) throw new DomainError('invalid', `name${l}`, 'validation.required')
  const categories = input.dataCategories
    .map((c) => ({ de: c.de.trim(), fr: c.fr.trim(), en: c.en.trim(), sensitive: c.sensitive }))
    .filter((c) => c.de || c.fr || c.en)
  if (!categories.length) throw new DomainError('invalid', 'dataCategories', 'dsg:templates.categoriesRequired')
  if (categories.some((c) => !c.de || !c.fr || !c.en)) throw new DomainError('invalid', 'dataCategories', 'dsg:templates.categoryLanguages')
  return { ...values, dataCategories: categories }
}

/** A new template at the end of the catalogue, active, with a key of its own (seeded templates keep theirs). */
export async function createTemplate(access: Access, input: TemplateInput): Promise<DsgTemplate> {
  requireOperator(access)
  const values = checked(input)
  return asOperator(access, 'dsg templates', async (tx) => {
    const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${dsgTemplates.position}), 0)::int` }).from(dsgTemplates)
    const fields = { key: `custom-${crypto.randomUUID()}`, position: last + 1, ...values }
    const [row] = await tx.insert(dsgTemplates).values(fields).returning()
    await writeAudit(tx, access, { component: COMPONENT, action: 'Created', entityId: row.id, changes: diff(null, fields), customerId: null })
    return row
  })
}

/** Saves the texts, role and categories; `version` is the one the editor saw. */
export async function updateTemplate(access: Access, id: string, input: TemplateInput, version: number): Promise<DsgTemplate> {
  requireOperator(access)
  const values = checked(input)
  return asOperator(access, 'dsg templates', async (tx) => {
    const before = await lockVersioned(tx, dsgTemplates, id, version)
    return updateVersioned(tx, access, { table: dsgTemplates, before, set: values, audit: { component: COMPONENT, customerId: null } })
  })
}

/** An inactive template is no longer offered for copying; records that copied it keep their copy. */
export async function setTemplateActive(access: Access, id: string, active: boolean, version: number): Promise<DsgTemplate> {
  requireOperator(access)
  return asOperator(access, 'dsg templates', async (tx) => {
    const before = await lockVersioned(tx, dsgTemplates, id, version)
    if (before.active === active) return before
    return updateVersioned(tx, access, { table: dsgTemplates, before, set: { active }, audit: { component: COMPONENT, customerId: null } })
  })
}
