import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { auditEntries, kriValues } from '#models/schema/index.ts'
import { customerFactory, type Member, memberFactory, request, run } from '../../../tests/factories/index.ts'
import { kriRows, type TestKri } from '../../../tests/kri-rows.ts'
import { system } from '../../../tests/system-db.ts'
import { Imports, parseKriNumber, readKriNumber } from './imports.server.ts'
import * as page from './page.tsx'

// The import of KRI values (issue 27) through the import with its preview: the KRI by its catalogue key
// or its name in any language, the reporting date Swiss or ISO, the value in Swiss formats; per row new,
// changed (old → new), unchanged or an error; nothing written until confirmed; the fund's own KRIs only.

type Loader = (args: never) => unknown
const csvOf = (rows: string[][]) =>
  new TextEncoder().encode(`\uFEFF${rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(';')).join('\r\n')}\r\n`)
const HEADER = ['Kennzahl', 'Stichtag', 'Wert', 'Kommentar']
const valuesOf = async (kri: TestKri) =>
  (await system().select().from(kriValues).where(eq(kriValues.kriId, kri.id))).map((v) => [v.periodEnd, v.value, v.source, v.comment]).sort()

describe('import of KRI values', () => {
  let alpha: string
  let writer: Member
  let reader: Member
  let coverage: TestKri
  let monthly: TestKri
  let notFollowed: TestKri
  let foreign: TestKri
  let computed: TestKri
  const future = addDays(todayInZurich(), 400).slice(0, 4)
  beforeAll(async () => {
    alpha = (await customerFactory()).id
    const beta = (await customerFactory()).id
    writer = await memberFactory({ customer: alpha, traits: ['risk-write'] })
    reader = await memberFactory({ customer: alpha, traits: ['risk-read'] })
    coverage = await kriRows({
      customerId: alpha,
      names: { de: 'Deckungsgrad Import', fr: 'Degré de couverture import', en: 'Coverage ratio import' },
      values: [
        { periodEnd: '2025-06-30', value: '104.1', comment: 'Halbjahr' },
        { periodEnd: '2025-09-30', value: '103.5', comment: '' },
      ],
    })
    monthly = await kriRows({ customerId: alpha, unit: 'chf', direction: 'lower', frequency: 'monthly' })
    notFollowed = await kriRows({ customerId: alpha, active: false })
    foreign = await kriRows({ customerId: beta })
    computed = await kriRows({ customerId: alpha })
    await system().execute(sql`update kri_catalog set computed = 'breaches' where id = ${computed.catalogId}`)
  })

  it('reads Swiss figures', () => {
    expect(parseKriNumber('102,4')).toBe('102.4')
    expect(parseKriNumber("1'234.50")).toBe('1234.5')
    expect(parseKriNumber('1’234,5')).toBe('1234.5')
    expect(parseKriNumber('98.2 %')).toBe('98.2')
    expect(parseKriNumber("CHF 1'250")).toBe('1250')
    expect(parseKriNumber('-3')).toBe('-3')
    expect(parseKriNumber(12.3456)).toBe('12.3456')
    expect(parseKriNumber(0.1 + 0.2)).toBe('0.3')
    expect(parseKriNumber('98,12340')).toBe('98.1234')
    // More than four decimals is refused, not rounded: kri_values keeps four, like the values form.
    expect(parseKriNumber(12.34567)).toBeUndefined()
    expect(readKriNumber(12.34567)).toEqual({ error: 'decimals' })
    expect(readKriNumber('98,12345')).toEqual({ error: 'decimals' })
    expect(readKriNumber('12a')).toEqual({ error: 'notNumber' })
    expect(parseKriNumber('12a')).toBeUndefined()
    expect(parseKriNumber('1,234.5')).toBeUndefined()
    expect(parseKriNumber('')).toBeUndefined()
  })

  it('previews each row as new, changed, unchanged or an error, and writes nothing until confirmed', async () => {
    const imports = Imports.for(writer.access)
    const draft = await imports.upload(
      'kriValues',
      'werte.csv',
      csvOf([
        HEADER,
        // By the key, Swiss date: new.
        [coverage.key, '31.12.2025', "1'01,5", ''],
        [coverage.key, '31.12.2024', '101,5', 'Jahresende'],
        // By the French name, ISO date: changed value.
        ['Degré de couverture import', '2025-06-30', '104,6', 'Halbjahr'],
        // By the English name: unchanged (trailing zeros do not count).
        ['coverage ratio import', '30.09.2025', '103.50', ''],
        // Monthly KRI at a month end: new.
        [monthly.key, '31.01.2025', "1'234.50", 'Kosten'],
        // Errors: not a quarter end, a future date, not a number, unknown, not followed, another fund's, computed, twice.
        [coverage.key, '31.01.2025', '100', ''],
        [coverage.key, `31.12.${future}`, '100', ''],
        [coverage.key, '31.03.2025', 'hundert', ''],
        ['Gibt es nicht', '31.03.2025', '100', ''],
        [notFollowed.key, '31.03.2025', '100', ''],
        [foreign.key, '31.03.2025', '100', ''],
        [computed.key, '31.03.2025', '2', ''],
        [coverage.key, '31.12.2024', '101', 'zweimal'],
        [monthly.key, '15.01.2025', '1', ''],
        // More than four decimals: refused with its own message.
        [coverage.key, '30.09.2024', '98,12345', ''],
      ]),
    )
    expect(draft.mapped).toBe(true)
    const preview = await imports.preview('kriValues', draft.id)
    const byLine = new Map(preview.rows.map((r) => [r.line, r]))
    // The row "1'01,5" is no Swiss figure.
    expect(byLine.get(2)).toMatchObject({ action: 'error', errors: [{ field: 'value', key: 'error.notNumber' }] })
    expect(byLine.get(3)).toMatchObject({
      action: 'create',
      number: '31.12.2024',
      title: 'Deckungsgrad Import',
      changes: [{ field: 'value', from: null, to: '101.5' }],
    })
    expect(byLine.get(4)).toMatchObject({ action: 'update', changes: [{ field: 'value', from: '104.1', to: '104.6' }] })
    expect(byLine.get(5)).toMatchObject({ action: 'unchanged', changes: [] })
    expect(byLine.get(6)).toMatchObject({ action: 'create', changes: [{ field: 'value', to: '1234.5' }] })
    const errorOf = (line: number) => byLine.get(line)?.errors.map((e) => e.key)
    expect(errorOf(7)).toEqual(['kri.error.notQuarterEnd'])
    expect(errorOf(8)).toEqual(['kri.error.future'])
    expect(errorOf(9)).toEqual(['error.notNumber'])
    expect(errorOf(10)).toEqual(['kri.error.unknown'])
    expect(errorOf(11)).toEqual(['kri.error.unknown'])
    expect(errorOf(12)).toEqual(['kri.error.unknown'])
    expect(errorOf(13)).toEqual(['kri.error.computed'])
    expect(errorOf(14)).toEqual(['kri.error.twice'])
    expect(errorOf(15)).toEqual(['kri.error.notMonthEnd'])
    expect(byLine.get(16)?.errors).toMatchObject([{ field: 'value', key: 'kri.error.decimals', values: { value: '98,12345' } }])
    expect(preview.counts).toMatchObject({ create: 2, update: 1, unchanged: 1, error: 11, total: 15 })
    // With errors nothing is written, and the preview wrote nothing either.
    const refused = await imports.confirm('kriValues', draft.id, preview.token).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DomainError)
    expect(await valuesOf(coverage)).toEqual([
      ['2025-06-30', '104.1000', 'manual', 'Halbjahr'],
      ['2025-09-30', '103.5000', 'manual', ''],
    ])
    expect(await valuesOf(monthly)).toEqual([])
  })

  it('confirming writes the new and changed values with source import, in one go, and audits the import', async () => {
    const imports = Imports.for(writer.access)
    const draft = await imports.upload(
      'kriValues',
      'werte.csv',
      csvOf([
        HEADER,
        [coverage.key, '31.12.2024', '101,5', 'Jahresende'],
        ['Degré de couverture import', '2025-06-30', '104,6', 'Halbjahr'],
        ['coverage ratio import', '30.09.2025', '103.50', ''],
        [monthly.key, '31.01.2025', "1'234.50", 'Kosten'],
      ]),
    )
    const preview = await imports.preview('kriValues', draft.id)
    expect(preview.counts).toMatchObject({ create: 2, update: 1, unchanged: 1, error: 0 })
    expect(await imports.confirm('kriValues', draft.id, preview.token)).toMatchObject({ create: 2, update: 1 })
    expect(await valuesOf(coverage)).toEqual([
      ['2024-12-31', '101.5000', 'import', 'Jahresende'],
      ['2025-06-30', '104.6000', 'import', 'Halbjahr'],
      ['2025-09-30', '103.5000', 'manual', ''],
    ])
    expect(await valuesOf(monthly)).toEqual([['2025-01-31', '1234.5000', 'import', 'Kosten']])
    const [audit] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, alpha), eq(auditEntries.component, 'import'), eq(auditEntries.entityId, draft.id)))
    expect(audit.changedFields).toMatchObject({ kind: { to: 'kriValues' }, created: { to: 2 }, updated: { to: 1 } })
    // The same file again changes nothing.
    const again = await imports.upload('kriValues', 'werte.csv', csvOf([HEADER, [coverage.key, '31.12.2024', '101.5', 'Jahresende']]))
    expect((await imports.preview('kriValues', again.id)).counts).toMatchObject({ unchanged: 1, create: 0, update: 0 })
  })

  it('is for writers of RM: a reader is refused, in the service and on the page', async () => {
    expect(Imports.for(reader.access).mayImport('kriValues')).toBe(false)
    await expect(Imports.for(reader.access).upload('kriValues', 'x.csv', csvOf([HEADER, [coverage.key, '31.12.2023', '1', '']]))).rejects.toMatchObject({
      code: 'forbidden',
    })
    expect((await run(page.loader as Loader, request('/app/risk/kri/import', { cookie: reader.cookie }))).status).toBe(403)
    const own = await run(page.loader as Loader, request('/app/risk/kri/import', { cookie: writer.cookie }))
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ kind: 'kriValues', step: 'upload', list: '/app/risk/kri' })
    // A draft of the KRI import is not one of the risk import.
    const draft = await Imports.for(writer.access).upload('kriValues', 'x.csv', csvOf([HEADER, [coverage.key, '31.12.2023', '1', '']]))
    expect((await run(page.loader as Loader, request(`/app/risk/import?draft=${draft.id}`, { cookie: writer.cookie }))).status).toBe(404)
    const shown = await run(page.loader as Loader, request(`/app/risk/kri/import?draft=${draft.id}`, { cookie: writer.cookie }))
    expect(shown.body).toMatchObject({ step: 'preview', counts: { create: 1 } })
  })
})
