import { and, asc, eq } from 'drizzle-orm'
import type { Access } from '#models/core/access.ts'
import { diff, writeAudit } from '#models/core/audit.server.ts'
import type { Language } from '#models/core/constants.ts'
import { db } from '#models/core/db.server.ts'
import { asOperator } from '#models/core/scope.server.ts'
import { requireOperator } from '#models/core/permissions.ts'
import { DomainError } from '#models/core/errors.ts'
import { mailTemplates } from '#models/schema/index.ts'
import { mailTemplateSeeds } from '#models/reference/mail-templates.ts'
import type { DB } from '#models/core/db.server.ts'

/** The placeholders each template is filled with; a template may use only these. */
export const TEMPLATE_PLACEHOLDERS: Record<string, string[]> = {
  'password-reset': ['firstName', 'lastName', 'link', 'minutes'],
  'measure-reminder': ['firstName', 'lastName', 'customer', 'overdueCount', 'dueSoonCount', 'list', 'link', 'profileLink'],
  welcome: ['firstName', 'lastName', 'customer', 'link', 'hours', 'minutes', 'email'],
  invitation: ['firstName', 'lastName', 'customer', 'link', 'email'],
  // An auditor's welcome and invitation say read-only and name the access's last day (issue 22).
  'welcome-auditor': ['firstName', 'lastName', 'customer', 'link', 'hours', 'minutes', 'email', 'endsOn'],
  'invitation-auditor': ['firstName', 'lastName', 'customer', 'link', 'email', 'endsOn'],
  'deputy-assigned': ['firstName', 'lastName', 'principal', 'customer', 'link'],
  'deputy-started': ['firstName', 'lastName', 'principal', 'deputy', 'customer', 'startsOn', 'endsOn', 'link', 'until'],
  'deputy-ended': ['firstName', 'lastName', 'principal', 'deputy', 'customer', 'startsOn', 'endsOn', 'link'],
  'dsg-reminder': ['firstName', 'lastName', 'customer', 'count', 'list', 'link', 'profileLink'],
  'daily-digest': ['firstName', 'lastName', 'customer', 'count', 'list', 'link', 'profileLink'],
  // Changes of persons not yet reported to the supervisor, to the fund's admins (issue 26).
  'loyalty-change-reminder': ['firstName', 'lastName', 'customer', 'count', 'list', 'link', 'profileLink'],
  // The loyalty declarations' request and reminders (issue 26): to members and to persons without an account.
  loyaltyDeclarationRequest: ['firstName', 'lastName', 'customer', 'year', 'dueDate', 'link'],
  loyaltyDeclarationRequestMember: ['firstName', 'lastName', 'customer', 'year', 'dueDate', 'link'],
  loyaltyReminderBefore: ['firstName', 'lastName', 'customer', 'year', 'dueDate', 'link'],
  loyaltyReminderAfter: ['firstName', 'lastName', 'customer', 'year', 'dueDate', 'link'],
  // To a KRI's owner, once per value outside the fund's risk appetite (issue 27).
  kriOutsideAppetite: ['firstName', 'lastName', 'customer', 'kri', 'periodEnd', 'value', 'status', 'bounds', 'link'],
  // The council's acceptance of a risk lapsing soon (issue 27): to the risk's owner, or the fund's RM admins.
  riskAcceptanceLapsing: ['firstName', 'lastName', 'customer', 'risk', 'acceptedBy', 'acceptedOn', 'validUntil', 'link'],
  // A finding past its deadline (issue 28): to the council's contact and the fund's admins, once per deadline.
  findingEscalated: ['name', 'customer', 'finding', 'source', 'issuedOn', 'deadline', 'owner', 'link'],
  // A provider's last notice day or contract end coming (issue 28): to its owner, or the fund's admins.
  providerContractNotice: ['firstName', 'lastName', 'customer', 'provider', 'contractEnd', 'noticeDay', 'noticeMonths', 'link'],
  // A provider's yearly assurance report to review (issue 28): to the review's performer, or the fund's ICS admins.
  providerAssuranceDue: ['firstName', 'lastName', 'customer', 'provider', 'dueOn', 'status', 'link'],
}

/** Each template with the languages it exists in (SPEC.md §3: id and available languages). */
export async function listTemplates(access: Access) {
  requireOperator(access)
  const rows = await db()
    .select({ key: mailTemplates.key, language: mailTemplates.language, subject: mailTemplates.subject })
    .from(mailTemplates)
    .orderBy(asc(mailTemplates.key))
  const byKey = new Map<string, { key: string; languages: Language[]; subject: string }>()
  for (const r of rows) {
    const entry = byKey.get(r.key) ?? { key: r.key, languages: [], subject: r.subject }
    entry.languages.push(r.language)
    if (r.language === 'de') entry.subject = r.subject
    byKey.set(r.key, entry)
  }
  return [...byKey.values()]
}

export async function getTemplate(access: Access, key: string, language: Language) {
  requireOperator(access)
  const row = await db().query.mailTemplates.findFirst({ where: and(eq(mailTemplates.key, key), eq(mailTemplates.language, language)) })
  return row ?? null
}

export function unknownPlaceholders(key: string, ...texts: string[]) {
  const allowed = TEMPLATE_PLACEHOLDERS[key] ?? []
  const used = texts.flatMap((t) => [...t.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))
  return [...new Set(used.filter((p) => !allowed.includes(p)))]
}

/**
 * Saves one language of a template. `seen` is the version the editor saw
 * (its updatedAt); a newer one means someone else saved in between.
 */
export async function saveTemplate(access: Access, key: string, language: Language, input: { subject: string; body: string }, seen: string) {
  requireOperator(access)
  if (!(key in TEMPLATE_PLACEHOLDERS)) throw new DomainError('not-found')
  const unknown = unknownPlaceholders(key, input.subject, input.body)
  if (unknown.length) throw new DomainError('invalid', 'body', 'sadmin:mails.unknownPlaceholder')
  await asOperator(access, 'mail templates', async (tx) => {
    const where = and(eq(mailTemplates.key, key), eq(mailTemplates.language, language))
    const [before] = await tx.select().from(mailTemplates).where(where).for('update')
    if (before && before.updatedAt.toISOString() !== seen) throw new DomainError('stale')
    if (before) {
      await tx
        .update(mailTemplates)
        .set({ ...input, updatedAt: new Date() })
        .where(where)
    } else {
      await tx.insert(mailTemplates).values({ key, language, ...input })
    }
    await writeAudit(tx, access, {
      component: 'mailTemplate',
      action: before ? 'Updated' : 'Created',
      entityId: `${key}:${language}`,
      customerId: null,
      changes: diff(before ?? null, input),
    })
  })
}

/** Templates added by a newer version reach existing databases at start; edited ones stay as they are. */
export async function ensureMailTemplates(database: DB) {
  let added = 0
  for (const t of mailTemplateSeeds) {
    const rows = await database.insert(mailTemplates).values(t).onConflictDoNothing().returning({ key: mailTemplates.key })
    added += rows.length
  }
  return added
}
