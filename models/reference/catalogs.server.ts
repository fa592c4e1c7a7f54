import { and, eq } from 'drizzle-orm'
import type { Executor } from '../core/db.server.ts'
import { dsgTemplates, icsCatalog, icsMainThemes, icsSubThemes, kriCatalog, qualityLevelTexts, riskCatalog, riskThemes } from '../schema/index.ts'
import { dsgTemplates as dsgTemplateSeed } from './dsg-templates/index.ts'
import {
  icsCatalog as icsCatalogSeed,
  icsProcedures,
  icsMainThemes as mainSeed,
  icsSubThemes as subSeed,
  qualityLevelTexts as qualitySeed,
} from './ics-catalog/index.ts'
import type { IcsProcedureSeed } from './ics-catalog/procedures.ts'
import { kriCatalog as kriCatalogSeed } from './kri-catalog.ts'
import { riskCatalog as riskCatalogSeed, riskThemes as themeSeed } from './risk-catalog/index.ts'

/*
 * The catalogues every fund draws from (no customer_id: shared by all), written into the
 * database. Idempotent: an entry that exists is left as it is.
 */

/** Themes and catalogue entries, added when missing (matched by leading number and idkey). */
export async function seedRiskCatalog(db: Executor) {
  const themeIds = new Map<string, string>()
  for (const t of themeSeed) {
    await db.insert(riskThemes).values({ leadingNumber: t.leadingNumber, nameDe: t.name.de, nameFr: t.name.fr, nameEn: t.name.en }).onConflictDoNothing()
    const row = await db.query.riskThemes.findFirst({ where: eq(riskThemes.leadingNumber, t.leadingNumber) })
    themeIds.set(t.leadingNumber, row!.id)
  }
  for (const e of riskCatalogSeed) {
    await db
      .insert(riskCatalog)
      .values({
        idkey: e.idkey,
        themeId: themeIds.get(e.theme)!,
        titleDe: e.title.de,
        titleFr: e.title.fr,
        titleEn: e.title.en,
        descriptionDe: e.description.de,
        descriptionFr: e.description.fr,
        descriptionEn: e.description.en,
        reactionDe: e.reaction.de,
        reactionFr: e.reaction.fr,
        reactionEn: e.reaction.en,
        controllingDe: e.controlling.de,
        controllingFr: e.controlling.fr,
        controllingEn: e.controlling.en,
        probability: e.probability,
        severity: e.severity,
        strategic: e.strategic,
        dsgRelevant: e.dsgRelevant,
        hasPersonalData: e.hasPersonalData,
        hasProtectableData: e.hasProtectableData,
        tags: e.tags,
      })
      .onConflictDoNothing()
  }
  return themeIds
}

/** Main and sub-processes, catalogue and level texts, added when missing. */
export async function seedIcsCatalog(db: Executor) {
  const mainIds = new Map<string, string>()
  for (const t of mainSeed) {
    await db.insert(icsMainThemes).values({ leadingNumber: t.leadingNumber, nameDe: t.name.de, nameFr: t.name.fr, nameEn: t.name.en }).onConflictDoNothing()
    mainIds.set(t.leadingNumber, (await db.query.icsMainThemes.findFirst({ where: eq(icsMainThemes.leadingNumber, t.leadingNumber) }))!.id)
  }
  const subIds = new Map<string, string>()
  for (const s of subSeed) {
    await db
      .insert(icsSubThemes)
      .values({ key: s.key, mainThemeId: mainIds.get(s.mainTheme)!, nameDe: s.name.de, nameFr: s.name.fr, nameEn: s.name.en })
      .onConflictDoNothing()
    subIds.set(s.key, (await db.query.icsSubThemes.findFirst({ where: eq(icsSubThemes.key, s.key) }))!.id)
  }
  for (const e of icsCatalogSeed) {
    const plan = icsProcedures[e.idkey]
    await db
      .insert(icsCatalog)
      .values({
        idkey: e.idkey,
        mainThemeId: mainIds.get(e.mainTheme)!,
        subThemeId: subIds.get(e.subTheme)!,
        titleDe: e.title.de,
        titleFr: e.title.fr,
        titleEn: e.title.en,
        descriptionDe: e.description.de,
        descriptionFr: e.description.fr,
        descriptionEn: e.description.en,
        defaultControlTargetDe: e.defaultControlTarget.de,
        defaultControlTargetFr: e.defaultControlTarget.fr,
        defaultControlTargetEn: e.defaultControlTarget.en,
        defaultControlActivityDe: e.defaultControlActivity.de,
        defaultControlActivityFr: e.defaultControlActivity.fr,
        defaultControlActivityEn: e.defaultControlActivity.en,
        dsgRelevant: e.dsgRelevant,
        tags: e.tags,
        defaultFrequency: plan?.frequency ?? 'none',
        defaultProcedureDe: plan?.procedure.de ?? '',
        defaultProcedureFr: plan?.procedure.fr ?? '',
        defaultProcedureEn: plan?.procedure.en ?? '',
      })
      .onConflictDoNothing()
    // An entry written before the catalogue had plans gets its default plan; one the operator has given
    // a frequency or a procedure keeps it.
    if (plan) await fillIcsPlan(db, e.idkey, plan)
  }
  for (const q of qualitySeed) {
    await db
      .insert(qualityLevelTexts)
      .values({ level: q.level, titleDe: q.title.de, titleFr: q.title.fr, titleEn: q.title.en, textDe: q.text.de, textFr: q.text.fr, textEn: q.text.en })
      .onConflictDoNothing()
  }
}

async function fillIcsPlan(db: Executor, idkey: string, plan: IcsProcedureSeed) {
  await db
    .update(icsCatalog)
    .set({
      defaultFrequency: plan.frequency,
      defaultProcedureDe: plan.procedure.de,
      defaultProcedureFr: plan.procedure.fr,
      defaultProcedureEn: plan.procedure.en,
    })
    .where(
      and(
        eq(icsCatalog.idkey, idkey),
        eq(icsCatalog.defaultFrequency, 'none'),
        eq(icsCatalog.defaultProcedureDe, ''),
        eq(icsCatalog.defaultProcedureFr, ''),
        eq(icsCatalog.defaultProcedureEn, ''),
      ),
    )
}

/**
 * The processing-activity templates (Art. 12 DSG), added when missing (matched by key); one the
 * operator has changed or deactivated stays as it is. Returns how many were added.
 */
export async function seedDsgTemplates(db: Executor) {
  let added = 0
  for (const [i, t] of dsgTemplateSeed.entries()) {
    const rows = await db
      .insert(dsgTemplates)
      .values({
        key: t.key,
        position: i + 1,
        nameDe: t.name.de,
        nameFr: t.name.fr,
        nameEn: t.name.en,
        purposeDe: t.purpose.de,
        purposeFr: t.purpose.fr,
        purposeEn: t.purpose.en,
        role: t.role,
        dataSubjectsDe: t.dataSubjects.de,
        dataSubjectsFr: t.dataSubjects.fr,
        dataSubjectsEn: t.dataSubjects.en,
        dataCategories: t.dataCategories.map((c) => ({ de: c.de, fr: c.fr, en: c.en, sensitive: c.sensitive })),
        recipientsDe: t.recipients.de,
        recipientsFr: t.recipients.fr,
        recipientsEn: t.recipients.en,
        retentionDe: t.retention.de,
        retentionFr: t.retention.fr,
        retentionEn: t.retention.en,
        securityDe: t.security.de,
        securityFr: t.security.fr,
        securityEn: t.security.en,
        legalBasisDe: t.legalBasis.de,
        legalBasisFr: t.legalBasis.fr,
        legalBasisEn: t.legalBasis.en,
      })
      .onConflictDoNothing()
      .returning({ id: dsgTemplates.id })
    added += rows.length
  }
  return added
}

/**
 * The KRI catalogue (issue 27), added when missing (matched by key); an entry the operator has changed or
 * deactivated stays as it is. Returns how many were added.
 */
export async function seedKriCatalog(db: Executor) {
  const rows = await db
    .insert(kriCatalog)
    .values(
      kriCatalogSeed.map((k) => ({
        key: k.key,
        nameDe: k.name.de,
        nameFr: k.name.fr,
        nameEn: k.name.en,
        descriptionDe: k.description.de,
        descriptionFr: k.description.fr,
        descriptionEn: k.description.en,
        legalBasis: k.legalBasis,
        unit: k.unit,
        direction: k.direction,
        computed: k.computed,
        defaultAmber: k.defaultAmber,
        defaultRed: k.defaultRed,
        sort: k.sort,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: kriCatalog.id })
  return rows.length
}
