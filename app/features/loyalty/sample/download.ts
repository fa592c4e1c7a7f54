import { once } from 'node:events'
import { PassThrough, Readable } from 'node:stream'
import archiver from 'archiver'
import { data } from 'react-router'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { attachment } from '#app/utils/content-disposition.ts'
import { viaOf } from '#models/core/read-log.server.ts'
import { DomainError } from '#models/core/errors.ts'
import type { Route } from './+types/download'
import { samplePdf } from './pdf.server.ts'
import { parseIds, parseYear, Sample, type SampleDeclaration } from './sample.server.ts'

/**
 * The drawn declarations of a sample (`?ids=…`) as one PDF with the council's review
 * (`/app/loyalty/sample/:year/sample.pdf`) or their paper scans as a ZIP (`…/scans.zip`), streamed
 * from the store. Only signed declarations of the fund and the year: any other id is 404. Each download
 * is an audit entry; the PDF's declarations are logged as read.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const url = new URL(request.url)
  const year = parseYear(params.year)
  if (year === undefined) notFound(request)
  const ids = parseIds(url.searchParams.get('ids'))
  if (!ids) throw data(getFixedT(await getLocale(request))('loyalty:sample.error.ids'), { status: 400 })
  const service = Sample.for(access)
  let found: Awaited<ReturnType<typeof service.declarations>>
  try {
    found = await service.declarations(year, ids)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not-found') notFound(request)
    if (error instanceof DomainError && error.code === 'forbidden') forbidden(request)
    throw error
  }
  const locale = await getLocale(request)
  const t = getFixedT(locale)
  const zip = url.pathname.endsWith('.zip')
  await service.downloaded(year, found.declarations, zip ? 'zip' : 'pdf', viaOf(request))
  const base = `${t('loyalty:sample.file')}-${year}`
  if (!zip) {
    const pdf = await samplePdf({ t, locale, fund: access.customer.name, year, campaign: found.campaign, declarations: found.declarations })
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': attachment(`${base}.pdf`),
        'Content-Length': String(pdf.length),
        'Cache-Control': 'no-store',
      },
    })
  }
  const files = await service.scans(found.declarations)
  return scansZip(`${base}.zip`, files, service.open, readme(t, year, found.declarations, files))
}

/** A file name's part from a person's name: letters, digits and dashes. */
function namePart(s: string) {
  return (
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'x'
  )
}

type Scan = Awaited<ReturnType<ReturnType<typeof Sample.for>['scans']>>[number]

function entryName(f: Scan, taken: Set<string>) {
  const base = `${f.declaration.number}_${namePart(f.declaration.personName)}_${f.name}`
  let name = base
  for (let i = 2; taken.has(name); i++) name = base.replace(/(\.[^.]*)?$/, (ext) => `-${i}${ext}`)
  taken.add(name)
  return name
}

function readme(t: ReturnType<typeof getFixedT>, year: number, declarations: SampleDeclaration[], files: Scan[]) {
  const lines = [t('loyalty:sample.zip.readme', { year, count: declarations.length }), '']
  for (const d of declarations) {
    const own = files.filter((f) => f.declarationId === d.id)
    lines.push(`${d.number}  ${d.personName}: ${own.length ? t('loyalty:sample.zip.scans', { count: own.length }) : t('loyalty:sample.zip.noScan')}`)
  }
  return `${lines.join('\r\n')}\r\n`
}

/** The scans, one entry at a time, each streamed from the store and stored as it is (scans are compressed already). */
function scansZip(fileName: string, files: Scan[], open: (id: string) => Readable, readmeText: string): Response {
  const archive = archiver('zip', { zlib: { level: 6 } })
  const out = new PassThrough()
  archive.pipe(out)
  const aborted = new AbortController()
  let gone = false
  let current: Readable | null = null
  out.on('close', () => {
    if (out.readableEnded) return
    gone = true
    aborted.abort()
    current?.destroy()
    archive.abort()
  })
  async function add(source: Buffer | Readable, name: string, store: boolean) {
    const added = once(archive, 'entry', { signal: aborted.signal })
    current = source instanceof Readable ? source : null
    const failed = current ? new Promise<never>((_, reject) => current?.once('error', reject)) : null
    archive.append(source, { name, store })
    await (failed ? Promise.race([added, failed]) : added)
    current = null
  }
  async function fill() {
    await add(Buffer.from(readmeText, 'utf8'), 'README.txt', false)
    const taken = new Set<string>()
    for (const f of files) {
      if (gone) return
      await add(open(f.id), entryName(f, taken), true)
    }
    await archive.finalize()
  }
  fill().catch((error) => {
    if (gone) return
    console.error(`[loyalty] sample ${fileName} failed:`, error)
    archive.abort()
    out.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachment(fileName), 'Cache-Control': 'no-store' },
  })
}
