import { type Access, hasRole, isDsgRole, type Rights, type ToolRight } from './access.ts'
import { DomainError } from './errors.ts'
import { DOCUMENT_CATEGORIES, type DocumentCategory, MEASURE_SOURCES, type MeasureSource, TOOLS, type Tool } from './constants.ts'

/** What one may do in a tool: nothing, only its DSG part, read, or write (docs/decisions/0006-rights.md). */
export type ToolMode = 'none' | 'dsg' | 'read' | 'write'

export type ToolPermissions = {
  mode: ToolMode
  /** Sees the tool at all (dsg or more). */
  use: boolean
  read: boolean
  write: boolean
  admin: boolean
  /** The data protection role itself: edits only DSG blocks and DSG measures. */
  dsgOnly: boolean
  /** Edits the customer's settings of the tool (RM: probability and severity levels; ICS: quality minimum, control matrix). */
  editSettings: boolean
  /** Links this tool's records to the other tool's (write here, read there). */
  link: boolean
}

/**
 * Every flag the product knows for one access, in one table. Services and loaders read their
 * decisions from here; nothing else decides rights.
 */
export type Permissions = {
  tools: Record<Tool, ToolPermissions>
  /** Creating and deleting measures of a source (editing adds the dsg role for DSG measures). */
  measures: Record<MeasureSource, { write: boolean; editDsg: boolean }>
  /** Documents: which categories one reads and writes. */
  documents: Record<DocumentCategory, { read: boolean; write: boolean }>
  workProcesses: { read: boolean; write: boolean }
  /** The fund's user management: admin on RM or ICS. The tools whose rights the admin hands out. */
  admin: { access: boolean; tools: Tool[] }
  /** The operator's area. */
  operator: boolean
  /** The reading of anything of the customer at all (one tool at dsg or more). */
  customer: boolean
  /** Naming deputies and acting for others; never for operators (SPEC.md §6). */
  deputies: boolean
  /**
   * The data protection area (docs/decisions/0006-rights.md, 0029): the dsg role or admin on either
   * tool creates and edits; read or more on either tool reads. `sensitive`: the records that hold
   * personal data of insured persons (breaches, requests of data subjects), for the dsg role and
   * admins only. `digest`: the daily reminder mail brings requests due and breaches to notify, to
   * the dsg role itself on either tool (issue 10), not to admins without it.
   */
  dsg: { read: boolean; write: boolean; sensitive: boolean; digest: boolean }
  /** Year-end snapshots and the annual report (decision 0006): read or more on a tool reads, admins freeze and record approvals. */
  reports: { read: boolean; write: boolean }
  /** An external auditor's membership (issue 12, decision 0035): reads every tool, writes nothing, ends on a date. */
  auditor: boolean
  /** The fund's audit trail (/app/admin/audit): admins and auditors read it. */
  auditTrail: { read: boolean }
  /**
   * Control executions (issue 25, decisions 0061 and 0062): read with read on ICS; `record` (and plan)
   * with write on ICS, for the executions one performs; `review` with write on ICS, for those one is the
   * reviewer of; `reviewAny`, an ICS admin, signs any execution another performed. Auditors read.
   */
  executions: { read: boolean; record: boolean; review: boolean; reviewAny: boolean }
  /**
   * Loyalty and integrity (issue 26, decision 0066): admins manage the area (persons, campaigns, paper
   * declarations, the council's review, transactions, changes); members with the loyalty read right and
   * auditors read it. `declare`: a member answers their own declaration (the service checks it is theirs).
   */
  loyalty: { read: boolean; manage: boolean; declare: boolean }
  /**
   * Key risk indicators and the risk appetite (issue 27, decision 0067), part of RM: read with read on
   * RM; `enter` (values, links to risks, underfunding duties) with write on RM; `appetite` (which KRIs,
   * their thresholds, the council's approval of the appetite and its acceptance of risks) an RM admin.
   * Auditors read.
   */
  kri: { read: boolean; enter: boolean; appetite: boolean }
  /**
   * Providers (issue 28, decision 0068): read with read on either tool; `write` (providers, their links
   * and incidents) with write on either tool. Their yearly assurance is a control execution: its rights
   * are the executions' flags. Auditors read.
   */
  providers: { read: boolean; write: boolean }
  /**
   * Findings of the auditor, the expert, the supervisor and the internal review (issue 28): read with read
   * on either tool; `write` (record, link, follow up) with write on either tool; `accept` (record that the
   * council accepts a finding as it stands) an admin. Auditors read.
   */
  findings: { read: boolean; write: boolean; accept: boolean }
  /**
   * The council's decisions (issue 28): read with read on either tool or as admin; `write` (record,
   * correct, link documents) an admin, who also records the approvals the areas link here. Auditors read.
   */
  decisions: { read: boolean; write: boolean }
}

export function modeOf(right: ToolRight): ToolMode {
  if (hasRole(right, 'write')) return 'write'
  if (hasRole(right, 'read')) return 'read'
  if (hasRole(right, 'dsg')) return 'dsg'
  return 'none'
}

function toolPermissions(rights: Rights, tool: Tool): ToolPermissions {
  const right = rights[tool]
  const mode = modeOf(right)
  return {
    mode,
    use: mode !== 'none',
    read: mode === 'read' || mode === 'write',
    write: mode === 'write',
    admin: hasRole(right, 'admin'),
    dsgOnly: isDsgRole(right),
    editSettings: hasRole(right, 'admin'),
    link: hasRole(right, 'write') && TOOLS.some((t) => t !== tool && hasRole(rights[t], 'read')),
  }
}

function isTool(value: string): value is Tool {
  return (TOOLS as readonly string[]).includes(value)
}

const cache = new WeakMap<Rights, Permissions>()

export function permissionsOf(access: Pick<Access, 'user' | 'rights' | 'kind' | 'loyaltyRead'>): Permissions {
  const auditor = access.kind === 'auditor'
  const loyaltyRead = access.loyaltyRead === true
  const cached = cache.get(access.rights)
  if (
    cached &&
    cached.operator === access.user.isSuperAdmin &&
    cached.auditor === auditor &&
    (auditor || cached.loyalty.read === (loyaltyRead || cached.loyalty.manage))
  )
    return cached
  if (auditor) return auditorPermissions(access)
  const { rights } = access
  const tools = Object.fromEntries(TOOLS.map((t) => [t, toolPermissions(rights, t)])) as Permissions['tools']
  // A flag on any tool (a new tool joins every "either tool" rule by being in TOOLS).
  const any = (flag: 'use' | 'read' | 'write' | 'admin' | 'dsgOnly') => TOOLS.some((t) => tools[t][flag])
  const anyWrite = any('write')
  const anyUse = any('use')
  const anyAdmin = any('admin')
  const writeOf = (source: MeasureSource | DocumentCategory) => (isTool(source) ? tools[source].write : anyWrite)
  const dsgWrite = any('dsgOnly') || anyAdmin
  const dsgOf = (source: MeasureSource) => (isTool(source) ? tools[source].dsgOnly : any('dsgOnly'))
  const permissions: Permissions = {
    tools,
    measures: Object.fromEntries(MEASURE_SOURCES.map((s) => [s, { write: writeOf(s), editDsg: writeOf(s) || dsgOf(s) }])) as Permissions['measures'],
    documents: Object.fromEntries(
      DOCUMENT_CATEGORIES.map((c) => [c, { read: anyUse && (isTool(c) ? tools[c].read : true), write: writeOf(c) }]),
    ) as Permissions['documents'],
    workProcesses: { read: anyUse, write: tools.iks.write },
    admin: { access: anyAdmin, tools: TOOLS.filter((t) => tools[t].admin) },
    operator: access.user.isSuperAdmin,
    customer: anyUse,
    deputies: !access.user.isSuperAdmin,
    dsg: { read: anyUse, write: dsgWrite, sensitive: dsgWrite, digest: any('dsgOnly') },
    reports: { read: any('read') || anyAdmin, write: anyAdmin },
    auditor: false,
    auditTrail: { read: anyAdmin },
    executions: { read: tools.iks.read, record: tools.iks.write, review: tools.iks.write, reviewAny: tools.iks.write && tools.iks.admin },
    loyalty: { read: anyAdmin || (anyUse && loyaltyRead), manage: anyAdmin, declare: anyUse },
    kri: { read: tools.risk.read, enter: tools.risk.write, appetite: tools.risk.write && tools.risk.admin },
    providers: { read: any('read'), write: anyWrite },
    findings: { read: any('read'), write: anyWrite, accept: anyAdmin && anyWrite },
    decisions: { read: any('read') || anyAdmin, write: anyAdmin },
  }
  cache.set(access.rights, permissions)
  return permissions
}

/**
 * An auditor (decision 0035): read on both tools whatever the membership stores, the data protection
 * area with its sensitive records, reports and the audit trail; every write flag false, no user
 * management, no deputies.
 */
function auditorPermissions(access: Pick<Access, 'user' | 'rights'>): Permissions {
  const read = (): ToolPermissions => ({
    mode: 'read',
    use: true,
    read: true,
    write: false,
    admin: false,
    dsgOnly: false,
    editSettings: false,
    link: false,
  })
  const permissions: Permissions = {
    tools: Object.fromEntries(TOOLS.map((t) => [t, read()])) as Permissions['tools'],
    measures: Object.fromEntries(MEASURE_SOURCES.map((s) => [s, { write: false, editDsg: false }])) as Permissions['measures'],
    documents: Object.fromEntries(DOCUMENT_CATEGORIES.map((c) => [c, { read: true, write: false }])) as Permissions['documents'],
    workProcesses: { read: true, write: false },
    admin: { access: false, tools: [] },
    operator: access.user.isSuperAdmin,
    customer: true,
    deputies: false,
    dsg: { read: true, write: false, sensitive: true, digest: false },
    reports: { read: true, write: false },
    auditor: true,
    auditTrail: { read: true },
    executions: { read: true, record: false, review: false, reviewAny: false },
    loyalty: { read: true, manage: false, declare: false },
    kri: { read: true, enter: false, appetite: false },
    providers: { read: true, write: false },
    findings: { read: true, write: false, accept: false },
    decisions: { read: true, write: false },
  }
  cache.set(access.rights, permissions)
  return permissions
}

/**
 * What another member's rights allow, without their session: whom a select may offer (approvers,
 * responsible persons) or what a reminder mail may hold. Operators act through their own session.
 */
export function permissionsOfRights(rights: Rights): Permissions {
  return permissionsOf({ user: { isSuperAdmin: false } as Access['user'], rights })
}

/** The operator's services refuse everyone else (a route guard already did; this holds for every caller). */
export function requireOperator(access: Pick<Access, 'user' | 'rights'>) {
  if (!permissionsOf(access).operator) throw new DomainError('forbidden')
}
