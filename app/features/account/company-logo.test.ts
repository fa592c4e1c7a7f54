import zlib from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import * as operatorEdit from '#app/features/operator/customers/edit.tsx'
import * as operatorLogo from '#app/features/operator/customers/logo.ts'
import * as pdfRoute from '#app/features/report/report-pdf.ts'
import { Reports } from '#app/features/report/reports.server.ts'
import * as shellLogo from './logo.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { inRequest } from '#models/core/scope.server.ts'
import { demoLogoPng } from '#models/seed/demo-logo.ts'
import { auditEntries, customerLogos, customers } from '#models/schema/index.ts'
import { customerFactory, memberFactory, operatorFactory, request, run } from '../../../tests/factories/index.ts'
import { system } from '../../../tests/system-db.ts'
import * as company from './company.tsx'

// The fund's logo is uploaded and kept by the product (decision 0053): no address of an image elsewhere.

type Member = Awaited<ReturnType<typeof memberFactory>>
const png = demoLogoPng()

function upload(path: string, cookie: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  form.set(
    'logo',
    file ? new File([file.bytes as BlobPart], file.name, { type: file.type ?? 'image/png' }) : new File([], '', { type: 'application/octet-stream' }),
  )
  return new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { Cookie: cookie } })
}

/** A route as the server runs it, with its raw bytes. */
async function fetchBytes(loader: (args: never) => unknown, path: string, cookie: string, params: Record<string, string> = {}) {
  const req = request(path, { cookie })
  try {
    const res = (await inRequest(req, () => (loader as (a: unknown) => Promise<Response>)({ request: req, params, context: {} }))) as Response
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers, bytes: Buffer.alloc(0) }
    if (thrown && typeof thrown === 'object' && 'init' in thrown)
      return { status: (thrown as { init: { status: number } }).init.status, headers: new Headers(), bytes: Buffer.alloc(0) }
    throw thrown
  }
}

/** A PNG whose image data is not what its header says: pdfkit would inflate it in a callback that throws. */
function brokenPng() {
  const copy = Buffer.from(png)
  const idat = copy.indexOf('IDAT', 0, 'latin1')
  copy.fill(0x41, idat + 4 + 2, idat + 4 + 40)
  return copy
}

describe('the fund’s logo', () => {
  let admin: Member
  let writer: Member
  let other: Member
  let version: string
  const form = () => ({ address: 'Bahnhofplatz 1\n3011 Bern', language: 'de', comment: '', version: String(version) })

  beforeAll(async () => {
    const customer = await customerFactory()
    admin = await memberFactory({ customer, traits: ['admin'] })
    writer = await memberFactory({ customer, traits: ['risk-write'] })
    other = await memberFactory({ customer: await customerFactory(), traits: ['admin'] })
    version = '1'
  })

  async function current() {
    const [row] = await system().select().from(customers).where(eq(customers.id, admin.customer.id))
    version = String(row.version)
    return row
  }

  it('refuses what is not a PNG or JPEG, is empty, too large or damaged, with the reason at the field and nothing stored', async () => {
    const cases: [Uint8Array, string, string][] = [
      [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'company.logoNotImage'],
      [new TextEncoder().encode('<html><img src=x onerror=alert(1)></html>'), 'logo.png', 'company.logoNotImage'],
      [png.subarray(0, 40), 'kurz.png', 'company.logoNotImage'],
      [brokenPng(), 'kaputt.png', 'company.logoNotImage'],
      [Buffer.concat([png, Buffer.alloc(210 * 1024)]), 'gross.png', 'company.logoTooLarge'],
      [new Uint8Array(), 'leer.png', 'company.logoEmpty'],
    ]
    for (const [bytes, name, message] of cases) {
      await current()
      const res = await run(company.action, upload('/app/user/customer', admin.cookie, form(), { bytes, name }))
      expect(res.status, name).toBe(400)
      expect(JSON.stringify(res.body), name).toContain(message)
    }
    expect(await system().select().from(customerLogos).where(eq(customerLogos.customerId, admin.customer.id))).toEqual([])
    expect((await current()).logoVersion).toBeNull()
  })

  it('is uploaded by the fund’s admin, without JavaScript, and shown from this site to its members only', async () => {
    await current()
    expect((await run(company.action, upload('/app/user/customer', writer.cookie, form(), { bytes: png, name: 'logo.png' }))).status).toBe(403)
    const ok = await run(company.action, upload('/app/user/customer', admin.cookie, form(), { bytes: png, name: 'logo.png' }))
    expect(ok.status).toBe(302)
    const row = await current()
    expect(row.logoVersion).toMatch(/^[0-9a-f]{16}$/)

    const seen = await fetchBytes(shellLogo.loader, `/app/logo?v=${row.logoVersion}`, writer.cookie)
    expect(seen.status).toBe(200)
    expect(seen.bytes.equals(png)).toBe(true)
    expect(seen.headers.get('Content-Type')).toBe('image/png')
    expect(seen.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(seen.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
    // An old or made-up version is not kept by the browser for good.
    expect((await fetchBytes(shellLogo.loader, '/app/logo?v=0000', writer.cookie)).headers.get('Cache-Control')).toBe('private, no-cache')
    // Another fund's member sees their own fund's logo, which it has none of: 404, never Alpha's.
    expect((await fetchBytes(shellLogo.loader, `/app/logo?v=${row.logoVersion}`, other.cookie)).status).toBe(404)
    expect((await fetchBytes(shellLogo.loader, '/app/logo', '')).status).toBe(302)

    const [entry] = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, admin.customer.id), eq(auditEntries.component, 'customer')))
    expect(entry.changedFields).toMatchObject({ logoVersion: { from: null, to: row.logoVersion } })
  })

  it('stays when the form is saved without a file, and goes when removed', async () => {
    const before = (await current()).logoVersion
    expect((await run(company.action, upload('/app/user/customer', admin.cookie, { ...form(), comment: 'Neu' }))).status).toBe(302)
    expect((await current()).logoVersion).toBe(before)
    expect((await run(company.action, upload('/app/user/customer', admin.cookie, { ...form(), removeLogo: 'on' }))).status).toBe(302)
    expect((await current()).logoVersion).toBeNull()
    expect(await system().select().from(customerLogos).where(eq(customerLogos.customerId, admin.customer.id))).toEqual([])
  })

  it('is drawn on the annual report’s cover', async () => {
    const snapshot = await Reports.for(admin.access).freeze(addDays(todayInZurich(), -1))
    const images = async () => {
      const res = await fetchBytes(pdfRoute.loader, `/app/report/${snapshot.id}/report.pdf`, admin.cookie, { id: snapshot.id })
      expect(res.status).toBe(200)
      return res.bytes.toString('latin1').split('/Subtype /Image').length - 1
    }
    const without = await images()
    await current()
    expect((await run(company.action, upload('/app/user/customer', admin.cookie, form(), { bytes: png, name: 'logo.png' }))).status).toBe(302)
    // The logo, and its transparency as a mask of its own.
    expect(await images()).toBe(without + 2)
  })

  it('is set by the operator for any fund and read by the operator only', async () => {
    const operator = await operatorFactory()
    const fund = await customerFactory()
    const path = `/app/sadmin/customers/${fund.id}/edit`
    const fields = { name: fund.name, language: 'fr', state: 'active', address: '', comment: '', version: String(fund.version) }
    const bad = await run(operatorEdit.action, upload(path, operator.cookie, fields, { bytes: new TextEncoder().encode('GIF89a'), name: 'x.gif' }), {
      id: fund.id,
    })
    expect(bad.status).toBe(400)
    const ok = await run(operatorEdit.action, upload(path, operator.cookie, fields, { bytes: png, name: 'logo.png' }), { id: fund.id })
    expect(ok.status).toBe(302)
    const [row] = await system().select().from(customers).where(eq(customers.id, fund.id))
    const logoPath = `/app/sadmin/customers/${fund.id}/logo?v=${row.logoVersion}`
    const read = await fetchBytes(operatorLogo.loader, logoPath, operator.cookie, { id: fund.id })
    expect(read.bytes.equals(png)).toBe(true)
    expect((await fetchBytes(operatorLogo.loader, logoPath, admin.cookie, { id: fund.id })).status).toBe(403)
    const bare = await customerFactory()
    expect((await fetchBytes(operatorLogo.loader, logoPath, operator.cookie, { id: bare.id })).status).toBe(404)
  })

  it('is checked from its bytes: a valid PNG inflates within its bound', () => {
    // The demo logo is what the seed stores: a real PNG of 160 × 40 pixels.
    expect(png.readUInt32BE(16)).toBe(160)
    expect(zlib.inflateSync(png.subarray(png.indexOf('IDAT', 0, 'latin1') + 4, png.indexOf('IEND', 0, 'latin1') - 8)).length).toBe(40 * (1 + 160 * 4))
  })
})
