import { getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { memberships, membershipToolRights } from '../schema/index.ts'
import type { Rights, ToolRight } from './access.ts'
import { TOOLS, type Tool } from './constants.ts'
import type { Executor } from './db.server.ts'

/**
 * A membership's rights are rows of `membership_tool_rights`, one per tool (decision 0057). They are
 * read with the membership in the same statement, as one JSON column (`rightsJsonOf`), never with a
 * query of their own; a tool without a row has no right.
 */
export type RightsJson = Partial<Record<Tool, ToolRight>> | null

/** The rights of the membership whose id `membershipId` names (a column of the surrounding query), as one JSON object by tool. */
export function rightsJsonOf(membershipId: SQLWrapper): SQL<RightsJson> {
  return sql<RightsJson>`(select jsonb_object_agg(r.tool, jsonb_build_object('enabled', r.enabled, 'role', r.role))
    from ${membershipToolRights} r where r.membership_id = ${membershipId})`
}

/** Every column of a membership and its rights (`toolRights`), for a select. */
export const membershipWithRights = { ...getTableColumns(memberships), toolRights: rightsJsonOf(memberships.id) }

/** The in-memory shape of the rights rows: every tool, none where there is no row. */
export function rightsFromJson(json: RightsJson | undefined): Rights {
  return Object.fromEntries(TOOLS.map((t) => [t, { enabled: json?.[t]?.enabled ?? false, role: json?.[t]?.role ?? 'none' }])) as Rights
}

/** Writes a membership's rights, a row per tool (the membership's customer is the rows' tenant). */
export async function writeRights(tx: Executor, membership: { id: string; customerId: string }, rights: Rights) {
  await tx
    .insert(membershipToolRights)
    .values(TOOLS.map((tool) => ({ membershipId: membership.id, customerId: membership.customerId, tool, ...rights[tool] })))
    .onConflictDoUpdate({
      target: [membershipToolRights.membershipId, membershipToolRights.tool],
      set: { enabled: sql`excluded.enabled`, role: sql`excluded.role` },
    })
}

/** A membership row with its rights, as `membershipWithRights` selects it. */
export type MembershipWithRights = typeof memberships.$inferSelect & { toolRights: RightsJson }
