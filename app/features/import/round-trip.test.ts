import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import * as measuresExport from '#app/features/measures/export.ts'
import * as riskExport from '#app/features/inventory/risk/export.ts'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { rightsOf } from '#app/auth/users.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { MEASURE_SOURCES, RECURRENCES, RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'
import type { DomainError } from '#models/core/errors.ts'
import { inRequest } from '#models/core/scope.server.ts'
import { membershipWithRights } from '#models/core/rights.server.ts'
import { auditEntries, customers, measures, memberships, probabilityLevels, risks, riskThemes, severityLevels, users } from '#models/schema/index.ts'
import { seed } from '#models/seed/index.ts'
import { parseTags } from '#app/utils/tags.ts'
import {
  bodyFactory,
  customerFactory,
  levelOf,
  type Member,
  measureFactory,
  memberFactory,
  request,
  riskFactory,
  sessionCookie,
} from '../../../tests/factories/index.ts'
import { system } from '../../../tests/system-db.ts'
import { Imports } from './imports.server.ts'

type Lang = 'de' | 'fr' | 'en'
/** Runs of each property: IMPORT_ROUND_TRIP_RUNS=100 for a longer search. */
const RUNS = Number(process.env.IMPORT_ROUND_TRIP_RUNS ?? 8)
type Loader = (args: never) => unknown
type Signed = { access: CustomerAccess; cookie: string }

/** An export's file as the server sends it to `m` in `lng`, read to the end. */
export async function exported(loader: Loader, path: string, m: { cookie: string }, lng: Lang) {
  const lang = (await localeCookie.serialize(lng)).split(';')[0]
  const req = request(path, { cookie: `${m.cookie}; ${lang}` })
  const res = (await inRequest(req, async () => (loader as (a: unknown) => unknown)({ request: req, params: {}, context: {} }))) as Response
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

/** A demo account (README) signed in on a demo fund. */
async function demo(email: string, customer: string): Promise<Signed> {
  const [row] = await system()
    .select({ user: users, m: membershipWithRights, c: customers })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .where(and(eq(users.email, email), eq(customers.name, customer)))
  const { user, m, c } = row
  const access: CustomerAccess = {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, language: user.language, isSuperAdmin: user.isSuperAdmin },
    actingFor: null,
    customer: { id: c.id, name: c.name, logoVersion: c.logoVersion, language: c.language },
    permId: m.id,
    rights: rightsOf(m),
  }
  return { access, cookie: (await sessionCookie(user.id, m.id)).cookie }
}

describe('the demo data round trip (issue 22)', () => {
  let writer: Signed
  beforeAll(async () => {
    await seed()
    writer = await demo('writer@example.com', 'Pensionskasse Alpha')
  }, 120_000)

  it('writer@ exports the risk inventory and re-imports it unchanged: the dsg member’s risks keep their owner, every row is unchanged', async () => {
    const [sutter] = await system().select().from(users).where(eq(users.email, 'dsg@example.com'))
    const owned = await system()
      .select({ id: risks.id })
      .from(risks)
      .where(and(eq(risks.customerId, writer.access.customer.id), eq(risks.ownerUserId, sutter.id)))
    // The finding: seven of the fund's risks are owned by the dsg member.
    expect(owned.length).toBeGreaterThan(0)
    const imports = Imports.for(writer.access)
    for (const [path, name] of [
      ['/app/risk/export.xlsx?all=1', 'risiken.xlsx'],
      ['/app/risk/export.csv?all=1', 'risiken.csv'],
    ] as const) {
      for (const lng of ['de', 'fr', 'en'] as const) {
        const bytes = await exported(riskExport.loader as Loader, path, writer, lng)
        const draft = await imports.upload('risks', name, bytes)
        expect(draft.mapped, `${name} ${lng}`).toBe(true)
        const preview = await imports.preview('risks', draft.id)
        expect(preview.rows.flatMap((r) => r.errors.map((e) => `${r.number} ${e.field}: ${e.key} ${JSON.stringify(e.values ?? {})}`))).toEqual([])
        expect(preview.counts, `${name} ${lng}`).toMatchObject({ error: 0, create: 0, update: 0, unchanged: preview.counts.total })
      }
    }
  })

  it('writer@ exports the measures and re-imports them unchanged: every row is unchanged', async () => {
    const imports = Imports.for(writer.access)
    for (const [path, name] of [
      ['/app/measures/export.xlsx?all=1', 'massnahmen.xlsx'],
      ['/app/measures/export.csv?all=1', 'massnahmen.csv'],
    ] as const) {
      for (const lng of ['de', 'fr', 'en'] as const) {
        const bytes = await exported(measuresExport.loader as Loader, path, writer, lng)
        const draft = await imports.upload('measures', name, bytes)
        expect(draft.mapped, `${name} ${lng}`).toBe(true)
        const preview = await imports.preview('measures', draft.id)
        expect(preview.rows.flatMap((r) => r.errors.map((e) => `${r.number} ${e.field}: ${e.key} ${JSON.stringify(e.values ?? {})}`))).toEqual([])
        expect(preview.counts, `${name} ${lng}`).toMatchObject({ error: 0, create: 0, update: 0, unchanged: preview.counts.total })
      }
    }
  })
})

/* ---------- the round trip as a property ---------- */

// Characters a fund's texts hold, the separators and quotes of a CSV, what Excel would run (= + - @),
// apostrophes, Swiss and French typography, digits that look like numbers or days.
const CHARS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'äöüÄÖÜéèêàçÉÀôîœ',
  ...' ;,."\'’=+-@/()%&:!?«»–—_#*[]<>',
  '\u202f',
  '\u00a0',
]
const chars = (extra: string[] = []) => fc.constantFrom(...CHARS, ...extra)
/** A text as a form saves it: trimmed, not empty, at most `max` characters. */
const textOf = (max: number, opts: { extra?: string[]; minLength?: number } = {}) =>
  fc
    .oneof(
      { weight: 8, arbitrary: fc.string({ unit: chars(opts.extra), minLength: opts.minLength ?? 1, maxLength: 40 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '=1+1',
          '-',
          '- Punkt 1',
          '+41 44 123 45 67',
          "'=SUM(A1)",
          "''-x",
          '@Anna',
          '1.5',
          '0042',
          '31.12.2026',
          'TRUE',
          'Ja',
          'x'.repeat(max),
        ),
      },
    )
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= max)
/** Tags as the tags field saves them: no comma, trimmed, once each, at most 20 of 50 characters. */
const tagsArb = fc
  .array(fc.string({ unit: fc.constantFrom(...CHARS.filter((c) => c !== ',')), minLength: 1, maxLength: 12 }), { maxLength: 6 })
  .map((a) => parseTags(a.join(',')))
const dayArb = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))

/** Who may own what in a fund: every kind of member a record's owner can have become. */
const OWNER_KINDS = ['writer', 'reader', 'dsg', 'norights', 'disabled', 'ended', 'auditor', 'removed', 'namesakeA', 'namesakeB'] as const
const FIRST = ['Anna', 'Zoë', 'Jean-Luc', 'François', 'Ueli', 'Marie Claire']
const LAST = ['Müller', "D'Amico", 'van der Berg', 'Sutter', 'Nguyễn', 'Favre-Rochat']

/** A fund of its own for one run: its members of every kind, two bodies (one named as a member) and the importer. */
async function fundForRun(importerTraits: ('write' | 'risk-write' | 'ics-read')[]) {
  const customer = await customerFactory()
  const owners: Record<string, Member> = {}
  for (const [i, kind] of OWNER_KINDS.entries()) {
    const traits =
      kind === 'reader' ? (['read'] as const) : kind === 'dsg' ? (['dsg'] as const) : kind === 'norights' ? (['norights'] as const) : (['write'] as const)
    const name =
      kind === 'namesakeA' || kind === 'namesakeB'
        ? { firstName: 'Hans', lastName: `Gleich-${customer.id.slice(0, 4)}` }
        : { firstName: FIRST[i % FIRST.length], lastName: `${LAST[i % LAST.length]}-${i}` }
    owners[kind] = await memberFactory({
      customer,
      traits: [...traits, 'signed-out'],
      attributes: { user: { ...name, ...(kind === 'disabled' ? { state: 'disabled' } : {}) } },
    })
  }
  await system().update(memberships).set({ endsOn: '2020-01-01' }).where(eq(memberships.id, owners.ended.permId))
  await system().update(memberships).set({ kind: 'auditor', endsOn: '2099-12-31' }).where(eq(memberships.id, owners.auditor.permId))
  await system().delete(memberships).where(eq(memberships.id, owners.removed.permId))
  const bodies = [
    await bodyFactory({ customer }),
    await bodyFactory({ customer, attributes: { name: `${owners.writer.user.firstName} ${owners.writer.user.lastName}` } }),
  ]
  const importer = await memberFactory({ customer, traits: importerTraits })
  return { customer, owners, bodies, importer }
}

const FORMATS = [
  ['xlsx', 'datei.xlsx'],
  ['csv', 'datei.csv'],
] as const
const LANGS = ['de', 'fr', 'en'] as const

/** Every export of `kind` re-imported unchanged: no error, every row unchanged; confirming writes nothing. */
async function roundTrip(kind: 'risks' | 'measures', importer: Member, expected: number) {
  const imports = Imports.for(importer.access)
  const loader = (kind === 'risks' ? riskExport.loader : measuresExport.loader) as Loader
  const base = kind === 'risks' ? '/app/risk/export' : '/app/measures/export'
  const table = kind === 'risks' ? risks : measures
  const versions = async () =>
    (await system().select({ id: table.id, version: table.version }).from(table).where(eq(table.customerId, importer.customer.id)))
      .map((r) => `${r.id}:${r.version}`)
      .sort()
  const audits = async () => (await system().select({ id: auditEntries.id }).from(auditEntries).where(eq(auditEntries.customerId, importer.customer.id))).length
  const [v0, a0] = [await versions(), await audits()]
  for (const [ext, name] of FORMATS)
    for (const lng of LANGS) {
      const where = `${kind} ${ext} ${lng}`
      const bytes = await exported(loader, `${base}.${ext}?all=1`, importer, lng)
      if (!expected) {
        // Nothing the importer may see: the file is its header alone.
        const none = await imports.upload(kind, name, bytes).then(
          () => null,
          (e: unknown) => e,
        )
        expect((none as DomainError).messageKey, where).toBe('import:file.noRows')
        continue
      }
      const draft = await imports.upload(kind, name, bytes)
      expect(draft.mapped, where).toBe(true)
      const preview = await imports.preview(kind, draft.id)
      expect(preview.rows.flatMap((r) => r.errors.map((e) => `${where} ${r.number}: ${e.field} ${e.key} ${JSON.stringify(e.values ?? {})}`))).toEqual([])
      expect(preview.rows.filter((r) => r.action !== 'unchanged').map((r) => `${where} ${r.number}: ${JSON.stringify(r.changes)}`)).toEqual([])
      expect(preview.counts.total, where).toBe(expected)
      const refused = await imports.confirm(kind, draft.id, preview.token).then(
        () => null,
        (e: unknown) => e,
      )
      expect((refused as DomainError).messageKey, where).toBe('import:confirm.nothing')
    }
  expect(await versions()).toEqual(v0)
  expect(await audits()).toBe(a0)
}

describe('the round trip of every import in every language, as a property (issue 22)', () => {
  const ownerArb = fc.option(fc.constantFrom(...OWNER_KINDS), { freq: 4 })

  it('risks: generated inventories export and re-import unchanged (XLSX and CSV, de fr en)', async () => {
    const themes = await system().select({ id: riskThemes.id }).from(riskThemes)
    if (!themes.length) await riskFactory({ customer: (await customerFactory()).id })
    const themeIds = (await system().select({ id: riskThemes.id }).from(riskThemes)).map((t) => t.id)
    const level = fc.option(fc.integer({ min: 1, max: 5 }), { freq: 3 })
    const riskArb = fc.record({
      title: textOf(300),
      theme: fc.constantFrom(...themeIds),
      state: fc.constantFrom(...RISK_STATES),
      owner: ownerArb,
      probability: level,
      severity: level,
      relevance: fc.option(fc.constantFrom(...RISK_RELEVANCES), { freq: 3 }),
      strategic: fc.boolean(),
      dsgRelevant: fc.boolean(),
      measureNeeded: fc.boolean(),
      tags: tagsArb,
    })
    await fc.assert(
      fc.asyncProperty(fc.array(riskArb, { minLength: 1, maxLength: 6 }), async (records) => {
        const { customer, owners, importer } = await fundForRun(['write'])
        for (const r of records) {
          const p = r.probability ? (await levelOf(customer, probabilityLevels, r.probability)).id : null
          const s = r.severity ? (await levelOf(customer, severityLevels, r.severity)).id : null
          await riskFactory({
            customer,
            owner: r.owner ? owners[r.owner].user : null,
            attributes: {
              themeId: r.theme,
              title: r.title,
              state: r.state,
              probabilityLevelId: p,
              severityLevelId: s,
              relevance: r.relevance,
              strategic: r.strategic,
              dsgRelevant: r.dsgRelevant,
              measureNeeded: r.measureNeeded,
              tags: r.tags,
            },
          })
        }
        await roundTrip('risks', importer, records.length)
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
  }, 600_000)

  it('measures: generated measures export and re-import unchanged (XLSX and CSV, de fr en), also for a reader of one tool', async () => {
    const measureArb = fc.record({
      title: textOf(300),
      body: fc.oneof(fc.constant(''), textOf(5000, { extra: ['\n', '\r\n'] })),
      source: fc.constantFrom(...MEASURE_SOURCES),
      dsgMeasure: fc.boolean(),
      owner: fc.oneof(fc.constantFrom(...OWNER_KINDS), fc.constantFrom(0, 1), fc.constant(null)),
      dueDate: dayArb,
      recurrence: fc.constantFrom(...RECURRENCES),
      confirmed: fc.boolean(),
    })
    const importerArb = fc.constantFrom<('write' | 'risk-write' | 'ics-read')[]>(['write'], ['risk-write', 'ics-read'], ['risk-write'])
    await fc.assert(
      fc.asyncProperty(fc.array(measureArb, { minLength: 1, maxLength: 6 }), importerArb, async (records, importerTraits) => {
        const { customer, owners, bodies, importer } = await fundForRun(importerTraits)
        let visible = 0
        for (const m of records) {
          const made = await measureFactory({
            customer,
            owner: typeof m.owner === 'string' ? owners[m.owner].user : null,
            body: typeof m.owner === 'number' ? bodies[m.owner] : null,
            traits: m.confirmed ? ['confirmed'] : [],
            attributes: { title: m.title, body: m.body, source: m.source, dsgMeasure: m.dsgMeasure, dueDate: m.dueDate, recurrence: m.recurrence },
          })
          // A confirmed recurring measure has its next round, as confirming it in the app makes it.
          if (m.confirmed && m.recurrence)
            await measureFactory({
              customer,
              owner: typeof m.owner === 'string' ? owners[m.owner].user : null,
              body: typeof m.owner === 'number' ? bodies[m.owner] : null,
              attributes: {
                ...made,
                id: undefined,
                idkey: made.idkey,
                iteration: 2,
                previousId: made.id,
                state: 'pending',
                confirmedAt: null,
                confirmationText: null,
                confirmedByUserId: null,
                version: 1,
              },
            })
          const seen = m.source === 'fund' || m.dsgMeasure || importerTraits.includes('write') || m.source === 'risk' || importerTraits.includes('ics-read')
          if (seen) visible += m.confirmed && m.recurrence ? 2 : 1
        }
        await roundTrip('measures', importer, visible)
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
  }, 600_000)
})
