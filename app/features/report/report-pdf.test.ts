import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { addDays, formatDate, todayInZurich } from '#models/core/dates.ts'
import { inRequest } from '#models/core/scope.server.ts'
import { auditEntries, icsMainThemes, icsQuality } from '#models/schema/index.ts'
import { bandColor } from '#app/ui/register.css.ts'
import {
  createCustomer,
  documentFactory,
  type Member,
  measureFactory,
  memberFactory,
  processFactory,
  request,
  riskFactory,
  run,
} from '../../../tests/factories.ts'
import { glyphsOf, pdfRuns, pdfText } from '../../../tests/pdf-text.ts'
import { asOwner } from '../../../tests/owner-db.ts'
import { system } from '../../../tests/system-db.ts'
import * as zipRoute from './auditor-zip.ts'
import * as detailRoute from './detail.tsx'
import { auditorPackResponse } from './pack.server.ts'
import { compareRisks, type SnapshotContent } from './content.ts'
import { BAND_COLOR, heatCounts, type ReportSnapshot, reportPdf, topRisks } from './pdf.server.ts'
import { defaultProbabilityLevels, defaultSeverityLevels } from '#models/reference/risk-catalog/levels.ts'
import { icsMainThemes as catalogMainThemes } from '#models/reference/ics-catalog/themes.ts'
import * as pdfRoute from './report-pdf.ts'
import { Reports } from './reports.server.ts'
import { unzip } from '../../../tests/zip.ts'

/** The council's decision an approval is recorded with (its date and who decided). */
const decided = (on: string, names: string) => ({
  subject: 'annualReport' as const,
  decidedOn: on,
  reference: 'SR-Protokoll 2026/1, Traktandum 3',
  title: 'Genehmigung des Jahresberichts',
  decidedBy: names,
})

const today = todayInZurich()
const yesterday = addDays(today, -1)
const earlier = addDays(today, -10)

/** Runs a download route as the server would and answers its status, headers and raw bytes. */
async function download(loader: (args: never) => Promise<Response>, path: string, cookie: string, id: string) {
  const req = request(path, { cookie })
  const res = await inRequest(req, () => (loader as (a: unknown) => Promise<Response>)({ request: req, params: { id }, context: {} }))
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** Moves a fund's records and their audit entries back to `at`, as if written then. */
async function backdate(customer: string, at: Date) {
  const { eq } = await import('drizzle-orm')
  const { controlMatrixRows, documents, icsProcesses, icsQuality, measures, risks } = await import('#models/schema/index.ts')
  for (const table of [risks, icsProcesses, measures, documents, icsQuality, controlMatrixRows]) {
    await system().update(table).set({ createdAt: at, updatedAt: at }).where(eq(table.customerId, customer))
  }
}

/** A CSV of the exports (BOM, ";" and quoted text) as rows of cells. */
function csvRows(csv: Buffer) {
  return csv
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '').replaceAll('""', '"')))
}

describe('the annual report PDF and the auditor’s pack', () => {
  let alpha: string
  let admin: Member
  let reader: Member
  let norights: Member
  let betaReader: Member
  let first: string
  let second: string
  let removedTitle: string
  let newTitle: string
  const input = async (id: string, fund = 'Pensionskasse Alpha Test') => {
    const { snapshot, previous } = await Reports.for(reader.access).report(id)
    const s: ReportSnapshot = { fund, reportingDate: snapshot.reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content }
    return { snapshot: s, previous, approval: snapshot.approval }
  }

  beforeAll(async () => {
    alpha = (await createCustomer({ name: 'Pensionskasse Alpha Test', language: 'de' })).id
    const beta = (await createCustomer({ name: 'Beta', language: 'fr' })).id
    admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    reader = await memberFactory({ customer: alpha, traits: ['risk-read'] })
    norights = await memberFactory({ customer: alpha, traits: ['norights'] })
    betaReader = await memberFactory({ customer: beta, traits: ['risk-read'] })
    const gone = await riskFactory({ customer: alpha, traits: ['critical'], attributes: { title: 'Zinsänderungsrisiko wird entfernt' } })
    removedTitle = gone.title
    await riskFactory({ customer: alpha, traits: ['critical'], attributes: { title: 'Langlebigkeit der Rentner' } })
    await riskFactory({ customer: alpha, traits: ['assessed', 'bewertung'], attributes: { title: 'Ausfall der IT' } })
    await riskFactory({ customer: alpha, attributes: { title: 'Unbewertetes Risiko' } })
    await processFactory({ customer: alpha })
    await measureFactory({ customer: alpha, traits: ['overdue'], attributes: { title: 'Überfällige Massnahme Alpha' } })
    await measureFactory({ customer: alpha, traits: ['risk'] })
    await measureFactory({ customer: alpha, traits: ['confirmed'], attributes: { confirmedAt: new Date(Date.now() - 2 * 86_400_000) } })
    await documentFactory({ customer: alpha, attributes: { name: 'Anlagereglement', dueDate: addDays(today, -30) } })
    const [theme] = await system().select().from(icsMainThemes).limit(1)
    // Set before the first reporting date (the audit trail is append-only: written straight, then backdated).
    await system().insert(icsQuality).values({ customerId: alpha, mainThemeId: theme.id, level: 2 })
    await riskFactory({ customer: beta, traits: ['critical'] })
    // Recorded before the first reporting date: a snapshot counts what existed at its date.
    await backdate(alpha, new Date(`${addDays(earlier, -10)}T10:00:00Z`))

    first = (await Reports.for(admin.access).freeze(earlier)).id
    // Between the two snapshots: one risk goes, one comes.
    // The app never deletes a risk (docs/decisions/0049): the tables' owner makes it go.
    await asOwner((c) => c.query('delete from measures where risk_id = $1', [gone.id]).then(() => c.query('delete from risks where id = $1', [gone.id])))
    const between = new Date(`${addDays(today, -5)}T10:00:00Z`)
    newTitle = (
      await riskFactory({ customer: alpha, traits: ['assessed'], attributes: { title: 'Neues Cyberrisiko', createdAt: between, updatedAt: between } })
    ).title
    second = (await Reports.for(admin.access).freeze(yesterday)).id
    // An entry of the trail inside the period of the second snapshot, one before it.
    await system()
      .insert(auditEntries)
      .values([
        { customerId: alpha, component: 'risk', action: 'Updated', entityId: 'in-period', createdAt: new Date(`${addDays(today, -3)}T10:00:00Z`) },
        { customerId: alpha, component: 'risk', action: 'Updated', entityId: 'before-period', createdAt: new Date(`${addDays(yesterday, -400)}T10:00:00Z`) },
        {
          customerId: alpha,
          component: 'icsProcess',
          action: 'Updated',
          entityId: 'in-period-ics',
          createdAt: new Date(`${addDays(today, -3)}T11:00:00Z`),
          changedFields: { createdByUserId: { from: null, to: admin.user.id }, title: { from: 'Alter Prozess', to: 'Neuer Prozess' } },
        },
      ])
  })

  it('keeps the risk map’s band colours', () => {
    expect(BAND_COLOR).toEqual(bandColor)
  })

  it('reads the previous snapshot before the reporting date, or none', async () => {
    expect((await Reports.for(reader.access).report(second)).previous?.reportingDate).toBe(earlier)
    expect((await Reports.for(reader.access).report(first)).previous).toBeNull()
  })

  for (const lang of ['de', 'fr', 'en'] as const) {
    it(`writes the snapshot’s figures into the report in ${lang}`, async () => {
      const t = getFixedT(lang)
      const { snapshot, previous } = await input(second)
      const c: SnapshotContent = snapshot.content
      const text = pdfText(await reportPdf({ t, snapshot, previous, approval: null, compress: false }))
      const flat = text.replaceAll('\n', ' ')
      expect(text).toContain(t('report:pdf.title'))
      expect(text).toContain('Pensionskasse Alpha Test')
      expect(text).toContain(t('report:pdf.reportingDate', { date: formatDate(yesterday) }))
      // Page numbers on every page.
      const pages = [...text.matchAll(new RegExp(t('report:pdf.page', { page: '(\\d+)', pages: '(\\d+)' }), 'g'))]
      expect(pages.length).toBeGreaterThan(4)
      expect(pages.map((m) => Number(m[1]))).toEqual(pages.map((_, i) => i + 1))
      // The heat map: every cell's count, and the list of cells with risks.
      const counts = heatCounts(c)
      expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(c.risks.filter((r) => r.score !== null).length)
      for (const [cell, n] of counts) expect(flat).toContain(t('report:pdf.count', { label: cell.replace('x', ' × '), count: n }))
      expect(flat).toContain(t('report:pdf.heatMap.unscored', { count: 1 }))
      // The top risks, highest first, with their change since the first snapshot.
      const top = topRisks(c.risks)
      expect(top[0].score).toBe(25)
      let at = text.indexOf(t('report:pdf.top.title'))
      for (const r of top) {
        const next = text.indexOf(r.title, at)
        expect(next, r.title).toBeGreaterThan(at)
        at = next
      }
      expect(text).toContain(newTitle)
      expect(text).toContain(t('report:change.new'))
      expect(text).toContain(removedTitle)
      expect(flat).toContain(t('report:pdf.count', { label: t('report:change.removed'), count: 1 }))
      // Measures: the figures of the snapshot and the overdue one.
      expect(text).toContain('Überfällige Massnahme Alpha')
      expect(flat).toContain(`${t('report:pdf.total')} ${c.measures.open} ${c.measures.overdue} ${c.measures.confirmedInPeriod}`)
      // The quality index: the level of the one assessed main process, below the minimum.
      const assessed = c.quality.mainProcesses.find((m) => m.level !== null)!
      expect(flat).toContain(`${assessed.leadingNumber} ${assessed.names[lang]} 2 ${t('report:pdf.quality.below')}`)
      expect(text).toContain(t('report:pdf.quality.minimumLine', { level: 3 }))
      expect(text).toContain('Anlagereglement')
      // Not yet approved.
      expect(text).toContain(t('report:approval.none'))
    })
  }

  it('shows the approval with its names once recorded', async () => {
    const t = getFixedT('de')
    await Reports.for(admin.access).recordApproval(second, decided(today, 'Anna Muster, Beat Beispiel'))
    const { snapshot, previous, approval } = await input(second)
    const text = pdfText(await reportPdf({ t, snapshot, previous, approval, compress: false }))
    expect(text).toContain(t('report:pdf.approval.approved', { date: formatDate(today) }))
    expect(text).toContain('Anna Muster')
    expect(text).toContain('Beat Beispiel')
    expect(text).not.toContain(t('report:approval.none'))
  })

  it('writes names beyond basic Latin with the embedded font’s own glyphs, not as missing ones', async () => {
    const t = getFixedT('de')
    const args = await input(second, 'Pensionskasse Dr. Jelena Petrović-Šimić')
    const names = 'Dr. Jelena Petrović-Šimić, Łukasz Ørsted, Ευάγγελος Παπαδόπουλος, Жанна Иванова'
    const approval = { approvedOn: today, names }
    const pdf = await reportPdf({ t, ...args, approval, compress: false })
    const text = pdfText(pdf)
    for (const name of names.split(', ')) expect(text).toContain(name)
    expect(text).toContain('Pensionskasse Dr. Jelena Petrović-Šimić')
    for (const c of 'ćŠŁØΕЖ') expect(glyphsOf(pdf).get(c), c).toBeGreaterThan(0)
    expect((await reportPdf({ t, ...args, approval, compress: false })).equals(pdf)).toBe(true)
  })

  it('keeps the footer to one line with a fund’s name of 200 characters: no extra pages', async () => {
    const t = getFixedT('de')
    const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0
    const short = await reportPdf({ t, ...(await input(second)), compress: false })
    const long = 'Pensionskasse der Vereinigten Schweizerischen Maschinen- und Metallindustrie '.repeat(3).slice(0, 200)
    const pdf = await reportPdf({ t, ...(await input(second, long)), compress: false })
    expect(pages(pdf)).toBe(pages(short))
    const text = pdfText(pdf)
    expect(text).toContain(t('report:pdf.page', { page: pages(pdf), pages: pages(pdf) }))
    expect(text).toContain(`Pensionskasse der Vereinigten`)
    expect(text).toContain(`… · ${t('report:pdf.title')} · ${formatDate(yesterday)}`)
  })

  it('sizes the approval box to its names, over pages if need be', async () => {
    const t = getFixedT('de')
    const args = await input(second)
    for (const count of [12, 90]) {
      const names = Array.from({ length: count }, (_, i) => `Mitglied ${i + 1} des Stiftungsrats`).join(', ')
      const pdf = await reportPdf({ t, ...args, approval: { approvedOn: today, names }, compress: false })
      expect(pdfText(pdf)).toContain(`Mitglied ${count} des Stiftungsrats`)
      // Per page: the approval boxes (stroked 0.8 wide) and the names' baselines (10.5 pt at the box's inset).
      const height = 841.89
      let names$ = 0
      for (const [, page] of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)endstream/g)) {
        const boxes = [...page.matchAll(/56 ([\d.]+) 483\.28 ([\d.]+) re\n0\.8 w/g)].map(([, y, h]) => [Number(y), Number(y) + Number(h)])
        for (const [, y] of page.matchAll(/1 0 0 1 68 ([\d.]+) Tm\n\/F\d+ 10\.5 Tf/g)) {
          names$++
          const top = height - Number(y)
          expect(
            boxes.some(([from, to]) => top > from && top < to),
            `name at ${top} in ${JSON.stringify(boxes)}`,
          ).toBe(true)
        }
      }
      expect(names$).toBe(count)
    }
  })

  it('keeps long probability labels of the heat map above its axis title and legend', async () => {
    const t = getFixedT('de')
    const args = await input(second)
    const long = 'Sehr wahrscheinlich, mit Auswirkungen auf die ganze Stiftung, ihre Destinatäre und ihren Ruf in der Öffentlichkeit'
    const content = { ...args.snapshot.content, levels: { ...args.snapshot.content.levels } }
    content.levels.probability = content.levels.probability.map((p) => ({ ...p, name: `${p.name} ${long}` }))
    const runs = pdfRuns(await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content }, compress: false }))
    const title = runs.find((r) => r.text === t('report:pdf.heatMap.probability'))!
    const labels = runs.filter((r) => r.page === title.page && r.size <= 7.5 && r.size > 0)
    const legend = runs.filter((r) => r.page === title.page && r.text.startsWith(`${t('band.low')} (`))
    expect(labels.length).toBeGreaterThan(content.levels.probability.length)
    // PDF units, y up: a label's baseline sits a line above the title's, the legend below it.
    for (const label of labels) expect(label.y, label.text).toBeGreaterThan(title.y + 9)
    expect(legend.length).toBe(1)
    expect(legend[0].y).toBeLessThan(title.y - 9)
  })

  for (const lang of ['de', 'fr', 'en'] as const) {
    it(`draws the heat map as the risk map does, severity up and probability across, with the level names in ${lang}`, async () => {
      const t = getFixedT(lang)
      const runs = pdfRuns(await reportPdf({ t, ...(await input(second)), compress: false }))
      const vertical = runs.find((r) => r.text === t('report:pdf.heatMap.severity') && r.size === 9)!
      const horizontal = runs.find((r) => r.text === t('report:pdf.heatMap.probability') && r.size === 9)!
      expect(vertical.page).toBe(horizontal.page)
      // The vertical axis's title above the grid, the horizontal one's below it.
      expect(vertical.y).toBeGreaterThan(horizontal.y)
      const page = runs.filter((r) => r.page === vertical.page)
      // The rows: severity 5 at the top down to 1, each with its number and its name in the report's language.
      const rows = page.filter((r) => r.size === 8 && /^\d /.test(r.text)).sort((a, b) => b.y - a.y)
      expect(rows.map((r) => r.text)).toEqual([5, 4, 3, 2, 1].map((ref) => `${ref} ${defaultSeverityLevels[ref - 1].size[lang]}`))
      // The columns: probability 1 on the left to 5 on the right, each number over its name (drawn in that order).
      const labels = page.filter((r) => r.size > 0 && r.size <= 7.5)
      const numbers = labels.filter((r) => /^\d$/.test(r.text.trim()))
      expect(numbers.map((r) => r.text.trim())).toEqual(['1', '2', '3', '4', '5'])
      expect(numbers.map((r) => r.x)).toEqual([...numbers.map((r) => r.x)].sort((a, b) => a - b))
      for (const [i, level] of defaultProbabilityLevels.entries()) {
        const from = labels.indexOf(numbers[i]) + 1
        const to = i + 1 < numbers.length ? labels.indexOf(numbers[i + 1]) : labels.length
        expect(joined(labels.slice(from, to)).trim(), level.size[lang]).toBe(level.size[lang])
      }
    })
  }

  /** The words of texts, split where a line may break (after a space, a hyphen or a slash). */
  const wordsOf = (texts: string[]) => [...new Set(texts.flatMap((x) => x.split(/\s+|(?<=[-/])/)).filter((w) => w.length >= 4))]
  /** Text runs as one text: the lines of a wrapped paragraph joined by one space (a line keeps its trailing one). */
  const joined = (runs: { text: string }[]) =>
    runs
      .map((r) => r.text)
      .join(' ')
      .replace(/ {2,}/g, ' ')

  for (const lang of ['de', 'fr', 'en'] as const) {
    it(`breaks no word inside a table cell in ${lang}: columns are as wide as their longest word`, async () => {
      const t = getFixedT(lang)
      const args = await input(second)
      const c = args.snapshot.content
      const long = 'Vermögensverwaltungsaufsichtsbehördenkorrespondenz'
      const content: SnapshotContent = { ...c, risks: c.risks.map((r, i) => (i === 0 ? { ...r, title: `${long} und Anlagekommission` } : r)) }
      const runs = pdfRuns(await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content }, compress: false }))
      const texts = runs.map((r) => r.text)
      const between = (from: string, to: string) => texts.slice(texts.indexOf(from), texts.indexOf(to, texts.indexOf(from)))
      // The control matrix: its headers and every cell, in the report's language.
      expect(c.controlMatrix.length).toBeGreaterThan(0)
      const matrix = between(t('report:pdf.controls.matrix'), t('report:pdf.controls.assessment'))
      const cell = (v: string | null) => (v ? `${v} · ${t(`iks:matrix.cell.${v}`)}` : '')
      const headers = ['task', 'responsible', 'management', 'revision', 'controller', 'cycle'].map((k) => t(`iks:matrix.${k}`))
      const cells = c.controlMatrix.flatMap((r) => [r.task, cell(r.responsible), cell(r.management), cell(r.revision), r.controller, r.cycle])
      for (const word of wordsOf([...headers, ...cells]))
        expect(
          matrix.some((run) => run.includes(word)),
          word,
        ).toBe(true)
      // The top risks, with a long word in a title, and the assessment of the ICS processes.
      const top = between(t('report:pdf.top.title'), t('report:pdf.measures.title'))
      expect(top.some((run) => run.includes(long))).toBe(true)
      const assessment = between(t('report:pdf.controls.assessment'), t('report:pdf.documents.title'))
      const fields = ['idkey', 'title', 'state', 'effectiveness', 'traceability', 'efficiency'].map((k) =>
        t(k === 'idkey' ? 'risk:field.idkey' : `iks:field.${k}`),
      )
      for (const word of wordsOf(fields))
        expect(
          assessment.some((run) => run.includes(word)),
          word,
        ).toBe(true)
      const dsg = between(t('report:pdf.dsg.title'), t('report:approval.title'))
      for (const word of wordsOf(['activities', 'assessments', 'breaches', 'requests', 'area', 'states', 'attention'].map((k) => t(`report:pdf.dsg.${k}`))))
        expect(
          dsg.some((run) => run.includes(word)),
          word,
        ).toBe(true)
    })
  }

  it('hyphenates a word wider than the whole table by hand, never without a hyphen', async () => {
    const t = getFixedT('de')
    const args = await input(second)
    const c = args.snapshot.content
    const giant =
      'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenherstellungsverordnungsaufsichtsbehördenkorrespondenzablagesystemvereinheitlichungsgesetzesentwurf'
    const content: SnapshotContent = { ...c, risks: c.risks.map((r, i) => (i === 0 ? { ...r, title: giant } : r)) }
    const lines = pdfText(await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content }, compress: false })).split('\n')
    const start = lines.findIndex((l) => giant.startsWith(l.replace(/-$/, '')) && l.endsWith('-'))
    expect(start).toBeGreaterThanOrEqual(0)
    let joined = ''
    let i = start
    while (lines[i].endsWith('-')) joined += lines[i++].slice(0, -1)
    expect(joined + lines[i]).toBe(giant)
  })

  it('writes each main process’s name beside its bar in full, in French too', async () => {
    const t = getFixedT('fr')
    const args = await input(second)
    // The catalogue's eight main processes, as a fund that uses them all has them.
    const mainProcesses = catalogMainThemes.map((m, i) => ({ leadingNumber: m.leadingNumber, names: m.name, level: i % 2 ? 2 : 4 }))
    expect(mainProcesses.map((m) => m.names.fr)).toContain('Informatique et protection des données')
    const content: SnapshotContent = { ...args.snapshot.content, quality: { ...args.snapshot.content.quality, mainProcesses } }
    const runs = pdfRuns(await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content }, compress: false }))
    const heading = runs.find((r) => r.text === t('report:pdf.quality.title'))!
    const header = runs.find((r) => r.page === heading.page && r.text.trim() === t('report:pdf.quality.process'))!
    // The chart's labels: 8 pt, above the table.
    const labels = runs.filter((r) => r.page === heading.page && r.size === 8 && r.y > header.y)
    expect(labels.some((r) => r.text.includes('…'))).toBe(false)
    const chart = joined(labels)
    for (const m of mainProcesses) expect(chart).toContain(`${m.leadingNumber} ${m.names.fr}`)
  })

  for (const lang of ['de', 'fr', 'en'] as const) {
    it(`states both dates on the cover and what cannot be known at the reporting date in ${lang}`, async () => {
      const t = getFixedT(lang)
      const args = await input(second)
      const c = args.snapshot.content
      const frozenOn = addDays(yesterday, 300)
      const uncertain = Array.from({ length: 10 }, (_, i) => ({
        register: i % 2 ? ('risks' as const) : ('breaches' as const),
        number: i % 2 ? `R-${100 + i}` : `DV-${i}`,
        title: `Unklarer Eintrag ${i + 1}`,
        reason: i % 2 ? ('noHistory' as const) : ('deletedWithoutValues' as const),
      }))
      const content: SnapshotContent = { ...c, format: 2, frozenOn, asOf: { uncertain } }
      const runs = pdfRuns(await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content }, compress: false }))
      const cover = joined(runs.filter((r) => r.page === 0))
      expect(cover).toContain(t('report:pdf.reportingDate', { date: formatDate(yesterday) }))
      expect(cover).toContain(t('report:pdf.cover.frozenLater', { count: 300, frozen: formatDate(frozenOn), date: formatDate(yesterday) }))
      expect(cover).toContain(t('report:pdf.asOf.intro', { count: 10, date: formatDate(yesterday) }))
      const line = (u: (typeof uncertain)[number]) =>
        `– ${t(`report:pdf.asOf.registers.${u.register}`)} ${u.number} ${u.title} (${t(`report:pdf.asOf.reasons.${u.reason}`)})`
      for (const u of uncertain.slice(0, 8)) expect(cover).toContain(line(u))
      expect(cover).not.toContain(line(uncertain[8]))
      expect(cover).toContain(t('report:pdf.asOf.more', { count: 2 }))
      // The management summary lists them all.
      const all = joined(runs)
      expect(all).toContain(t('report:pdf.asOf.title'))
      for (const u of uncertain) expect(all).toContain(u.title)

      // A format-1 snapshot froze the data of its day: the cover says so, and names nothing uncertain.
      const { frozenOn: _f, asOf: _a, commentary: _c, ...rest } = c
      const old: SnapshotContent = { ...rest, format: 1, risks: c.risks.map(({ owner: _o, measures: _m, description: _d, ...r }) => r) }
      const oldText = joined(pdfRuns(await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content: old }, compress: false })))
      expect(oldText).toContain(t('report:pdf.cover.frozenLaterToday', { count: 1, frozen: formatDate(today), date: formatDate(yesterday) }))
      expect(oldText).not.toContain(t('report:pdf.asOf.title'))
      // Frozen on its reporting date: one date, nothing to explain.
      const sameDay = joined(
        pdfRuns(
          await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content: { ...c, frozenOn: yesterday, asOf: { uncertain: [] } } }, compress: false }),
        ),
      )
      for (const count of [1, 999]) {
        const after = t('report:pdf.cover.frozenLater', { count, frozen: '', date: '' }).split(String(count))[1].slice(0, 20)
        expect(sameDay).not.toContain(after)
      }
      expect(sameDay).not.toContain(t('report:pdf.asOf.intro', { count: 1, date: formatDate(yesterday) }).slice(0, 20))
    })
  }

  for (const lang of ['de', 'fr', 'en'] as const) {
    it(`opens with a management summary: the commentary, the figures, the top risks’ owners, changes and measures in ${lang}`, async () => {
      const t = getFixedT(lang)
      const args = await input(second)
      const c = args.snapshot.content
      const top = topRisks(c.risks)
      const measures = [
        { number: 'M-23', title: 'Notfallplan testen', state: 'pending' as const, dueDate: addDays(yesterday, -20), overdue: true },
        { number: 'M-24', title: 'Anlagereglement anpassen', state: 'confirmed' as const, dueDate: addDays(yesterday, -60), overdue: false },
      ]
      const content: SnapshotContent = {
        ...c,
        commentary: 'Das Jahr war ruhig.\nDie Anlagekommission hat zwei Risiken neu beurteilt.',
        risks: c.risks.map((r) => (r.id === top[0].id ? { ...r, owner: 'Daniel Sutter', measures } : { ...r, owner: null, measures: [] })),
      }
      const pdf = await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content }, compress: false })
      const runs = pdfRuns(pdf)
      const title = runs.find((r) => r.text === t('report:pdf.management.title'))!
      expect(title.page).toBe(1)
      const page = runs.filter((r) => r.page === 1).map((r) => r.text.trim())
      const text = joined(runs.filter((r) => r.page === 1))
      expect(text).toContain('Das Jahr war ruhig.')
      expect(text).toContain('Die Anlagekommission hat zwei Risiken neu beurteilt.')
      expect(text).toContain(t('report:summary.measuresOverdue'))
      expect(text).toContain('Daniel Sutter')
      expect(text).toContain(`${t('report:pdf.management.measure', { number: 'M-23', title: 'Notfallplan testen', state: t('measures.status.overdue') })}`)
      expect(text).toContain(t('report:pdf.management.due', { date: formatDate(measures[0].dueDate) }))
      expect(text).toContain(t('report:pdf.management.measure', { number: 'M-24', title: 'Anlagereglement anpassen', state: t('measures.status.confirmed') }))
      expect(text).toContain(t('report:pdf.management.noMeasures'))
      // Each top risk's change since the previous snapshot, with an arrow drawn for up, down and unchanged.
      const changes = compareRisks(args.previous!.risks, content.risks)
      const changeOf = (id: string) => changes.find((x) => x.id === id)!.change
      for (const r of top) expect(page).toContain(t(`report:change.${changeOf(r.id)}`))
      const arrows = top.filter((r) => changeOf(r.id) !== 'new').length
      expect(arrows).toBeGreaterThan(0)
      const stream = [...pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)endstream/g)].map((m) => m[1]).filter((b) => b.includes(' TJ'))[1]
      expect(stream.match(/ m\n[\d.]+ [\d.]+ l\n[\d.]+ [\d.]+ l\nh\nf/g)?.length).toBe(arrows)
      // No commentary, no heading for it.
      const none = pdfText(await reportPdf({ t, ...args, snapshot: { ...args.snapshot, content: { ...content, commentary: '  ' } }, compress: false }))
      expect(none).not.toContain(t('report:pdf.management.commentary'))
    })
  }

  for (const lang of ['de', 'fr', 'en'] as const) {
    it(`speaks of one top risk in the singular and says none for no main process in ${lang}`, async () => {
      const t = getFixedT(lang)
      const args = await input(second)
      const [one] = topRisks(args.snapshot.content.risks, 1)
      const content = { ...args.snapshot.content, risks: [one], quality: { ...args.snapshot.content.quality, mainProcesses: [] } }
      const snapshot = { ...args.snapshot, content }
      const lines = (previous: SnapshotContent | null) => reportPdf({ t, ...args, snapshot, previous, compress: false }).then((pdf) => pdfText(pdf).split('\n'))
      const withPrevious = await lines(args.previous)
      const first = await lines(null)
      const date = formatDate(args.previous!.reportingDate)
      expect(withPrevious.join('')).toContain(t('report:pdf.top.intro', { count: 1, date }))
      expect(first.join('')).toContain(t('report:pdf.top.introFirst', { count: 1 }))
      expect(t('report:pdf.top.intro', { count: 1, date })).not.toBe(t('report:pdf.top.intro', { count: 2, date }).replace('2', '1'))
      expect(t('report:pdf.top.introFirst', { count: 1 })).not.toMatch(/\b1\b/)
      // No main process: the none text, no table header.
      const quality = first.indexOf(t('report:pdf.quality.title'))
      expect(quality).toBeGreaterThan(0)
      expect(first).not.toContain(t('report:pdf.quality.process'))
      expect(first.slice(quality, quality + 12)).toContain(t('report:pdf.none'))
    })
  }

  it('says none in words that agree with every noun they stand for', () => {
    expect(getFixedT('fr')('report:pdf.none')).toBe('Néant.')
  })

  it('gives the same bytes for the same snapshot, as PDF/A-2b', async () => {
    const t = getFixedT('fr')
    const args = await input(second)
    const a = await reportPdf({ t, ...args })
    const b = await reportPdf({ t, ...args })
    expect(a.equals(b)).toBe(true)
    const head = a.toString('latin1')
    expect(head.startsWith('%PDF-1.7')).toBe(true)
    expect(head).toContain('<pdfaid:part>2</pdfaid:part>')
    expect(head).toContain('/Lang (fr-CH)')
    // A fund's name with & or < keeps the XMP metadata well-formed.
    const odd = (await reportPdf({ t, ...args, snapshot: { ...args.snapshot, fund: 'Caisse A & B <Test>' } })).toString('latin1')
    expect(odd).toContain('<rdf:li>Caisse A + B Test</rdf:li>')
  })

  it('downloads the report in the fund’s language or the one asked for, to readers of its fund only', async () => {
    const de = await download(pdfRoute.loader, `/app/report/${second}/report.pdf`, reader.cookie, second)
    expect(de.status).toBe(200)
    expect(de.headers.get('Content-Type')).toBe('application/pdf')
    expect(de.headers.get('Content-Disposition')).toBe(`attachment; filename="Jahresbericht-${yesterday}.pdf"`)
    expect(de.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(de.bytes.subarray(-6).toString()).toContain('%%EOF')
    const fr = await download(pdfRoute.loader, `/app/report/${second}/report.pdf?lang=fr`, reader.cookie, second)
    expect(fr.headers.get('Content-Disposition')).toBe(`attachment; filename="Rapport-annuel-${yesterday}.pdf"`)
    const en = await download(pdfRoute.loader, `/app/report/${second}/report.pdf?lang=en`, reader.cookie, second)
    expect(en.headers.get('Content-Disposition')).toBe(`attachment; filename="Annual-report-${yesterday}.pdf"`)

    for (const loader of [pdfRoute.loader, zipRoute.loader]) {
      const path = `/app/report/${second}/${loader === pdfRoute.loader ? 'report.pdf' : 'auditor.zip'}`
      expect((await run(loader, request(path, { cookie: betaReader.cookie }), { id: second })).status).toBe(404)
      expect((await run(loader, request(path, { cookie: norights.cookie }), { id: second })).status).toBe(403)
      expect((await run(loader, request(path.replace(second, 'nope'), { cookie: reader.cookie }), { id: 'nope' })).status).toBe(404)
    }
  })

  it('offers the report in the fund’s language first, then the others, and the pack, on the snapshot’s page', async () => {
    const res = await run(detailRoute.loader, request(`/app/report/${second}`, { cookie: reader.cookie }), { id: second })
    expect((res.body as { languages: string[] }).languages).toEqual(['de', 'fr', 'en'])
  })

  const governanceFiles = async (id: string) => {
    const g = (await input(id)).snapshot.content.governance
    const de = getFixedT('de')
    return [
      g?.providers.length ? de('report:governance.pack.providersFile') : null,
      g?.findings.length ? de('report:governance.pack.findingsFile') : null,
      g?.decisions.length ? de('report:governance.pack.decisionsFile') : null,
    ].filter((f): f is string => f !== null)
  }

  it('packs the report, the snapshot’s lists as CSV and XLSX and, for admins, the audit trail of the period', async () => {
    const res = await download(zipRoute.loader, `/app/report/${second}/auditor.zip`, admin.cookie, second)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/zip')
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="Pruefpaket-${yesterday}.zip"`)
    const files = unzip(res.bytes)
    const lists = [
      'Risiken',
      'IKS-Prozesse',
      'IKS-Qualitaetsindex',
      'Kontrollmatrix',
      'Massnahmen-Kennzahlen',
      'Massnahmen-ueberfaellig',
      'Dokumente-ueber-Stichtag',
      'Massnahmen-Liste',
      'Bearbeitungsverzeichnis',
      'Folgenabschaetzungen',
      'Datenschutzverletzungen',
      'Gesuche-betroffener-Personen',
      'Kontrolldurchfuehrungen',
      // The providers, open findings and decisions of the period (format 6), each when the snapshot holds some.
      ...(await governanceFiles(second)),
      'Audit-Trail',
    ]
    expect([...files.keys()]).toEqual([
      'LIESMICH.txt',
      `Jahresbericht-${yesterday}.pdf`,
      ...lists.flatMap((l) => [`${l}-${yesterday}.csv`, `${l}-${yesterday}.xlsx`]),
    ])
    expect(files.get(`Jahresbericht-${yesterday}.pdf`)?.subarray(0, 5).toString()).toBe('%PDF-')
    for (const [name, bytes] of files) if (name.endsWith('.xlsx')) expect(bytes.subarray(0, 2).toString(), name).toBe('PK')
    const readme = files.get('LIESMICH.txt')!.toString('utf8')
    expect(readme).toContain(`- Risiken-${yesterday}.csv`)

    // The risks as frozen: the snapshot's rows, not today's inventory.
    const { snapshot } = await input(second)
    const [header, ...rows] = csvRows(files.get(`Risiken-${yesterday}.csv`)!)
    const t = getFixedT('de')
    expect(header.slice(0, 3)).toEqual([t('risk:field.idkey'), t('risk:field.title'), t('risk:field.state')])
    expect(rows.map((r) => [r[0], r[1], r[5]])).toEqual(snapshot.content.risks.map((r) => [r.idkey, r.title, r.score === null ? '' : String(r.score)]))
    await riskFactory({ customer: alpha, attributes: { title: 'Nach dem Stichtag' } })
    const again = unzip((await download(zipRoute.loader, `/app/report/${second}/auditor.zip`, admin.cookie, second)).bytes)
    expect(again.get(`Risiken-${yesterday}.csv`)?.toString('utf8')).not.toContain('Nach dem Stichtag')

    // The trail of the period only.
    const audit = files.get(`Audit-Trail-${yesterday}.csv`)!.toString('utf8')
    expect(audit).toContain('in-period')
    expect(audit).not.toContain('before-period')
    // Read as the admin trail reads it, in the pack's language: no technical names, no JSON.
    const de = getFixedT('de')
    expect(audit).toContain(de('history.component.icsProcess'))
    expect(audit).toContain(de('history.change', { label: de('iks:field.title'), from: 'Alter Prozess', to: 'Neuer Prozess' }))
    expect(audit).not.toContain('icsProcess')
    expect(audit).not.toContain('createdByUserId')
    expect(audit).not.toContain('{"')
    // The XLSX of each list holds the same rows as its CSV, the trail too (each reads its own cursor).
    for (const l of lists) {
      const book = new ExcelJS.Workbook()
      const xlsx = files.get(`${l}-${yesterday}.xlsx`)!
      await book.xlsx.load(xlsx.buffer.slice(xlsx.byteOffset, xlsx.byteOffset + xlsx.byteLength) as ArrayBuffer)
      expect(book.worksheets[0].actualRowCount, l).toBe(csvRows(files.get(`${l}-${yesterday}.csv`)!).length)
    }
  })

  it('leaves the audit trail out of a reader’s pack and says so', async () => {
    const res = await download(zipRoute.loader, `/app/report/${second}/auditor.zip?lang=en`, reader.cookie, second)
    const files = unzip(res.bytes)
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="Auditor-pack-${yesterday}.zip"`)
    expect([...files.keys()].some((n) => n.startsWith('Audit-trail'))).toBe(false)
    expect(files.get('README.txt')?.toString('utf8')).toContain(getFixedT('en')('report:pack.auditNone'))
    expect(files.has(`Annual-report-${yesterday}.pdf`)).toBe(true)
  })

  it('refuses approval names over 2000 characters with the form’s message, and takes 2000', async () => {
    const post = (names: string) =>
      run(
        detailRoute.action,
        request(`/app/report/${second}`, {
          cookie: admin.cookie,
          form: { intent: 'record', decidedOn: today, reference: 'SR-Protokoll 2026/1, Traktandum 2', title: 'Jahresbericht', decidedBy: names },
        }),
        { id: second },
      )
    const long = await post('Anna Muster, Beat Beispiel'.padEnd(2001, 'x'))
    expect(long.status).toBe(400)
    expect(long.body).toMatchObject({ field: 'decidedBy', error: 'report:errors.namesTooLong' })
    expect(getFixedT('de')('report:errors.namesTooLong')).toContain('2000')
    expect((await post('Anna Muster, Beat Beispiel'.padEnd(2000, 'x'))).status).toBe(302)
  })

  it('logs a failure while filling the pack and ends the download', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const t = getFixedT('de')
      const audit = () =>
        (async function* () {
          yield []
          throw new Error('cursor broke')
        })()
      const res = auditorPackResponse({ t, lang: 'de', ...(await input(second)), logo: null, audit })
      await expect(res.arrayBuffer()).rejects.toThrow()
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(`Pruefpaket-${yesterday}.zip`), expect.objectContaining({ message: 'cursor broke' }))
    } finally {
      logged.mockRestore()
    }
  })
})
