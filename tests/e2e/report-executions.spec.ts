import crypto from 'node:crypto'
import fs from 'node:fs'
import { addDays, formatDate, todayInZurich } from '../../models/core/dates.ts'
import { csvRecords } from '../csv-records.ts'
import { inflatedPdf, pdfText } from '../pdf-text.ts'
import { unzip } from '../zip.ts'
import { database, expect, insertUser, test } from './fixtures.ts'

/*
 * The proof that the key controls ran, where the auditor reads it (issue 25): the annual report's section
 * "Nachweis der Kontrolldurchführung" with the figures of Pensionskasse Alpha's year of executions (the demo
 * data), and the auditor's pack with the executions as CSV/XLSX and the approved executions' files in its
 * evidence folder, each named by process number and period and listed with its SHA-256 in a manifest.
 */

const today = todayInZurich()
const ALPHA = 'Pensionskasse Alpha'

const texts = {
  de: {
    nav: 'Jahresabschluss',
    date: 'Stichtag',
    freeze: 'Jahresabschluss einfrieren',
    detail: (date: string) => `Jahresabschluss per ${date}`,
    pdf: 'Jahresbericht als PDF (Deutsch)',
    zip: 'Prüfpaket für die Revisionsstelle (ZIP)',
    section: 'Nachweis der Kontrolldurchführung',
    signedOff: 'Freigegeben',
  },
  fr: {
    nav: 'Clôture annuelle',
    date: 'Date de référence',
    freeze: 'Figer la clôture annuelle',
    detail: (date: string) => `Clôture annuelle au ${date}`,
    pdf: 'Rapport annuel en PDF (Français)',
    zip: 'Dossier pour l’organe de révision (ZIP)',
    section: 'Preuve de l’exécution des contrôles',
    signedOff: 'Validées',
  },
} as const

/** The pack is in the fund's language (Alpha: German), whoever downloads it. */
const PACK = { executions: 'Kontrolldurchfuehrungen', manifest: 'evidence/Verzeichnis.csv' }

/** The figures the section must show for Alpha's reporting year up to `reportingDate`, read from the database as the freeze counts them. */
async function expectedFigures(reportingDate: string) {
  const { rows } = await database().query<{ planned: number; done: number; effective: number; deficient: number; overdue: number; approved: number }>(
    `select count(*)::int as planned,
       count(*) filter (where e.state in ('submitted', 'approved'))::int as done,
       count(*) filter (where e.state in ('submitted', 'approved') and e.result = 'effective')::int as effective,
       count(*) filter (where e.state in ('submitted', 'approved') and e.result = 'deficient')::int as deficient,
       count(*) filter (where e.state not in ('submitted', 'approved') and e.due_date < $3::date)::int as overdue,
       count(*) filter (where e.state = 'approved')::int as approved
     from control_executions e join customers c on c.id = e.customer_id
     where c.name = $1 and e.period_end between date_trunc('year', $2::date)::date and $2::date`,
    [ALPHA, reportingDate, today],
  )
  return rows[0]
}

/** Alpha's approved executions' files of the year, as the evidence folder must hold them. */
async function approvedFiles(reportingDate: string) {
  const { rows } = await database().query<{ idkey: string; period: string; name: string; sha256: string; size: string }>(
    `select p.idkey, coalesce(e.period, e.period_start::text) as period, f.name, f.sha256, f.size::text
     from stored_files f
     join control_executions e on e.id = f.execution_id
     join ics_processes p on p.id = e.process_id
     join customers c on c.id = e.customer_id
     where c.name = $1 and e.state = 'approved' and e.period_end between date_trunc('year', $2::date)::date and $2::date`,
    [ALPHA, reportingDate],
  )
  return rows
}

/** A CSV of the exports (BOM, ";" between cells, CRLF) as rows of cells. */
const csvRows = (csv: Buffer) => csvRecords(csv.toString('utf8').replace(/^\uFEFF/, ''))

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex')

for (const [index, language] of (['de', 'fr'] as const).entries()) {
  const x = texts[language]
  test(`the report shows the proof that the controls ran and the pack holds the evidence files (${language})`, async ({ page, signIn, noJs }, info) => {
    test.setTimeout(120_000)
    // Each run freezes its own reporting date in the demo fund (one snapshot per date): before today.
    // In a year's first quarter the demo's executions that are done are last year's (models/seed/executions.ts).
    const before = today.slice(5, 7) < '04' ? `${Number(today.slice(0, 4)) - 1}-12-31` : addDays(today, -1)
    const reportingDate = addDays(before, -index - (noJs ? 2 : 0) - info.retry * 4)
    // The annual report is made by who may write it: an admin of Alpha, the demo one in German, one in French.
    await signIn(language === 'de' ? 'admin' : await insertUser({ customer: ALPHA, role: 'admin', language: 'fr' }))
    // The demo admin works for two funds: chooses Alpha first.
    if (language === 'de') await page.getByRole('button', { name: `Auswählen: ${ALPHA}` }).click()
    await page.getByRole('navigation').first().getByRole('link', { name: x.nav }).click()
    await page.getByTestId('freeze-form').getByLabel(x.date).fill(reportingDate)
    await page.getByTestId('freeze-form').getByRole('button', { name: x.freeze }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.detail(formatDate(reportingDate)))

    // The PDF in the reader's language: the section with the year's figures, the totals row as counted in the database.
    const downloads = page.getByTestId('downloads')
    const [pdf] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('link', { name: x.pdf }).click()])
    const text = pdfText(inflatedPdf(fs.readFileSync(await pdf.path()))).replace(/\s+/g, ' ')
    expect(text).toContain(x.section)
    expect(text).toContain(x.signedOff)
    const f = await expectedFigures(reportingDate)
    expect(f.planned).toBeGreaterThan(0)
    expect(f.deficient).toBeGreaterThan(0)
    const rate = f.done ? `${Math.round((f.approved / f.done) * 100)} %` : '–'
    expect(text).toContain(`Total ${f.planned} ${f.done} ${f.effective} ${f.deficient} ${f.overdue} ${rate}`)

    // The auditor's pack: the executions as CSV and XLSX, the evidence folder and its manifest.
    const [zip] = await Promise.all([page.waitForEvent('download'), downloads.getByRole('link', { name: x.zip }).click()])
    const files = unzip(fs.readFileSync(await zip.path()))
    const names = [...files.keys()]
    expect(names).toContain(`${PACK.executions}-${reportingDate}.csv`)
    expect(names).toContain(`${PACK.executions}-${reportingDate}.xlsx`)
    expect(files.get(`${PACK.executions}-${reportingDate}.xlsx`)?.subarray(0, 2).toString()).toBe('PK')
    const executionRows = csvRows(files.get(`${PACK.executions}-${reportingDate}.csv`)!)
    expect(executionRows.length - 1).toBe(f.planned)

    const evidence = names.filter((n) => n.startsWith('evidence/') && n !== PACK.manifest)
    const stored = await approvedFiles(reportingDate)
    expect(evidence.length).toBeGreaterThan(0)
    expect(evidence.length).toBe(stored.length)
    expect(evidence.some((n) => n.endsWith('.pdf'))).toBe(true)
    expect(evidence.some((n) => n.endsWith('.png'))).toBe(true)
    // Each entry: named by process number, period and file name, its bytes those stored.
    for (const name of evidence) {
      const bytes = files.get(name)!
      const match = stored.find((s) => name.startsWith(`evidence/${s.idkey}_${s.period}_`) && name.endsWith(`_${s.name}`) && s.sha256 === sha256(bytes))
      expect(match, name).toBeDefined()
    }
    // The manifest: one row per entry, its SHA-256 and size those of the entry's bytes.
    const [header, ...manifest] = csvRows(files.get(PACK.manifest)!)
    expect(header).toEqual(['Datei', 'Durchführung', 'Prozess', 'Periode', 'Grösse (Bytes)', 'SHA-256'])
    expect(manifest.map((r) => `evidence/${r[0]}`).sort()).toEqual([...evidence].sort())
    for (const [file, , process, period, size, hash] of manifest) {
      const bytes = files.get(`evidence/${file}`)!
      expect(hash, file).toBe(sha256(bytes))
      expect(Number(size), file).toBe(bytes.length)
      expect(file.startsWith(`${process}_${period}_`), file).toBe(true)
    }
  })
}
