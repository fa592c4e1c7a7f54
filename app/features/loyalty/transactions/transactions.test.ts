import crypto from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { auditEntries, loyaltyPersons, relatedTransactions, storedFiles } from '#models/schema/index.ts'
import { type Customer, customerFactory, type Member, memberFactory, request, run } from '../../../../tests/factories.ts'
import { system } from '../../../../tests/system-db.ts'
import { formatAmount, parseAmount } from '#models/core/amount.ts'
import * as detailRoute from './detail.tsx'
import * as editRoute from './edit.tsx'
import * as exportRoute from './export.ts'
import * as listRoute from './index.tsx'
import { RelatedTransactions, type TransactionInput } from './transactions.server.ts'

// The register of legal transactions with related parties (issue 26; Art. 51c BVG, Art. 48i BVV 2):
// rights per role, another fund's records, stale versions, the Swiss amount, the tender rule, the
// disclosure to the auditor, the trail and the offers as files.

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(3000), Buffer.from('\n%%EOF\n')])
const today = todayInZurich()
const year = Number(today.slice(0, 4))

let fund: Customer
let other: Customer
let admin: Member
let auditor: Member
let plain: Member
let reader: CustomerAccess
let otherAdmin: Member
let personId: string
let otherPersonId: string

const input = (extra: Partial<TransactionInput> = {}): TransactionInput => ({
  counterparty: 'Immobilien Muster AG',
  personId: null,
  relation: 'Verwaltungsrat ist Stiftungsrat',
  subject: 'Unterhalt der Liegenschaft Bahnhofstrasse',
  amount: "12'500.50",
  transactionDate: `${year}-01-15`,
  significant: false,
  offersComparison: '',
  approver: '',
  approvedOn: null,
  disclosedToAuditorOn: null,
  ...extra,
})

/** The code a refusal carries (a DomainError's). */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (e instanceof DomainError) return `${e.code}${e.field ? `@${e.field}` : ''}${e.messageKey ? `:${e.messageKey}` : ''}`
    throw e
  }
  return 'no refusal'
}

async function person(customer: Customer, lastName: string) {
  const [row] = await system()
    .insert(loyaltyPersons)
    .values({
      customerId: customer.id,
      firstName: 'Anna',
      lastName,
      function: 'council',
      email: `${lastName.toLowerCase()}@example.test`,
      fromDate: '2020-01-01',
    })
    .returning()
  return row.id
}

/** A form as a browser without JavaScript posts it (multipart when it carries files). */
function form(fields: Record<string, string>, files: { name: string; content: Uint8Array; type?: string }[] = []) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  for (const file of files) f.append('offers', new File([Buffer.from(file.content)], file.name, { type: file.type ?? 'application/octet-stream' }))
  return f
}

function post(path: string, member: Member, body: FormData) {
  return new Request(`http://localhost${path}`, { method: 'POST', body, headers: { Cookie: member.cookie } })
}

const fields = (extra: Record<string, string> = {}) => ({
  counterparty: 'Beratung Nahe GmbH',
  personId: '',
  relation: 'Bruder der Geschäftsführerin',
  subject: 'Beratung zur Anlagestrategie',
  amount: "48'000",
  transactionDate: `${year}-02-01`,
  offersComparison: '',
  approver: '',
  approvedOn: '',
  disclosedToAuditorOn: '',
  ...extra,
})

const filesOf = (id: string) => system().select().from(storedFiles).where(eq(storedFiles.transactionId, id))
const auditOf = (id: string) => system().select().from(auditEntries).where(eq(auditEntries.entityId, id)).orderBy(auditEntries.createdAt)

describe('related-party transactions', () => {
  beforeAll(async () => {
    fund = await customerFactory()
    other = await customerFactory()
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    plain = await memberFactory({ customer: fund, traits: ['write'] })
    const readerMember = await memberFactory({ customer: fund, traits: ['read'] })
    reader = { ...readerMember.access, loyaltyRead: true }
    auditor = await memberFactory({ customer: fund, traits: ['read'], attributes: { membership: { kind: 'auditor', endsOn: addDays(today, 30) } } })
    otherAdmin = await memberFactory({ customer: other, traits: ['admin'] })
    personId = await person(fund, 'Nahe')
    otherPersonId = await person(other, 'Fremd')
  })

  it('parses Swiss amounts and refuses what is no amount', () => {
    expect(parseAmount("12'500.50")).toBe('12500.50')
    expect(parseAmount('12’500.50')).toBe('12500.50')
    expect(parseAmount('12 500,50')).toBe('12500.50')
    expect(parseAmount('12\u202f500,5')).toBe('12500.50')
    expect(parseAmount("CHF 1'000.–")).toBe('1000.00')
    expect(parseAmount('0')).toBe('0.00')
    expect(parseAmount('')).toBeNull()
    for (const bad of ['abc', '-5', '12.345', "1'2345", '1e5', '12,50,1', '9999999999999', '12 5000']) expect(parseAmount(bad), bad).toBeUndefined()
    expect(formatAmount('1234567.5')).toBe('1’234’567.50')
  })

  it('an admin records a transaction with its number, its person and a Created entry; readers and auditors read it', async () => {
    const t = await RelatedTransactions.for(admin.access).create(input({ personId }))
    expect(t.number).toBeGreaterThan(0)
    expect(t.amount).toBe('12500.50')
    const [created] = await auditOf(t.id)
    expect(created).toMatchObject({ component: 'relatedTransaction', action: 'Created', customerId: fund.id })
    expect(created.changedFields.amount).toEqual({ from: null, to: '12500.50' })
    const got = await RelatedTransactions.for(reader).get(t.id)
    expect(got).toMatchObject({ personName: 'Anna Nahe', personFunction: 'council' })
    const auditorAccess = { ...auditor.access, kind: 'auditor' as const }
    expect((await RelatedTransactions.for(auditorAccess).get(t.id))?.transaction.id).toBe(t.id)
    // The reader and the auditor change nothing.
    expect(await refusal(RelatedTransactions.for(reader).create(input()))).toBe('forbidden')
    expect(await refusal(RelatedTransactions.for(auditorAccess).update(t.id, input(), t.version))).toBe('forbidden')
    // A member without the loyalty read right sees nothing.
    expect(await RelatedTransactions.for(plain.access).get(t.id)).toBeNull()
    expect(await refusal(RelatedTransactions.for(plain.access).page({ sort: 'date', dir: 'asc' }, { limit: 10, offset: 0 }))).toBe('forbidden')
  })

  it('the pages: the auditor reads list and detail, a member without the right is refused, another fund finds nothing', async () => {
    const t = await RelatedTransactions.for(admin.access).create(input({ counterparty: 'Seiten AG' }))
    const list = await run(listRoute.loader, request('/app/loyalty/transactions?q=Seiten', { cookie: auditor.cookie }))
    expect(list.status).toBe(200)
    expect((list.body as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([t.id])
    expect((await run(detailRoute.loader, request(`/app/loyalty/transactions/${t.id}`, { cookie: auditor.cookie }), { id: t.id })).status).toBe(200)
    expect((await run(listRoute.loader, request('/app/loyalty/transactions', { cookie: plain.cookie }))).status).toBe(403)
    expect((await run(detailRoute.loader, request(`/app/loyalty/transactions/${t.id}`, { cookie: plain.cookie }), { id: t.id })).status).toBe(403)
    // The auditor reads but never changes.
    expect((await run(editRoute.loader, request(`/app/loyalty/transactions/${t.id}/edit`, { cookie: auditor.cookie }), { id: t.id })).status).toBe(403)
    const del = request(`/app/loyalty/transactions/${t.id}`, { method: 'POST', cookie: auditor.cookie, form: { intent: 'delete', version: '1' } })
    expect((await run(detailRoute.action, del, { id: t.id })).status).toBe(403)
    // Another fund's admin: 404 on every page and form.
    expect((await run(detailRoute.loader, request(`/app/loyalty/transactions/${t.id}`, { cookie: otherAdmin.cookie }), { id: t.id })).status).toBe(404)
    expect((await run(editRoute.loader, request(`/app/loyalty/transactions/${t.id}/edit`, { cookie: otherAdmin.cookie }), { id: t.id })).status).toBe(404)
    const edit = post(`/app/loyalty/transactions/${t.id}/edit`, otherAdmin, form(fields({ version: '1' })))
    expect((await run(editRoute.action, edit, { id: t.id })).status).toBe(404)
    expect(await RelatedTransactions.for(otherAdmin.access).get(t.id)).toBeNull()
    expect(await refusal(RelatedTransactions.for(otherAdmin.access).update(t.id, input(), 1))).toBe('not-found')
    expect(await refusal(RelatedTransactions.for(otherAdmin.access).delete(t.id, 1))).toBe('not-found')
  })

  it('a stale version is 409, on the service and the form', async () => {
    const t = await RelatedTransactions.for(admin.access).create(input())
    const changed = await RelatedTransactions.for(admin.access).update(t.id, input({ subject: 'Neu' }), t.version)
    expect(changed.version).toBe(t.version + 1)
    expect(await refusal(RelatedTransactions.for(admin.access).update(t.id, input({ subject: 'Zu spät' }), t.version))).toBe('stale')
    const res = await run(editRoute.action, post(`/app/loyalty/transactions/${t.id}/edit`, admin, form(fields({ version: String(t.version) }))), { id: t.id })
    expect(res.status).toBe(409)
    const updated = (await auditOf(t.id)).filter((a) => a.action === 'Updated')
    expect(updated).toHaveLength(1)
    expect(updated[0].changedFields.subject).toEqual({ from: input().subject, to: 'Neu' })
  })

  it('bad amounts, dates and persons answer 400 at their field in the user’s language, and store nothing', async () => {
    const before = await system().select({ n: count() }).from(relatedTransactions).where(eq(relatedTransactions.customerId, fund.id))
    const cases: [Record<string, string>, string, string][] = [
      [{ amount: 'zwölftausend' }, 'amount', 'loyalty:transactions.validation.amount'],
      [{ amount: '-100' }, 'amount', 'loyalty:transactions.validation.amount'],
      [{ amount: '1.234.56' }, 'amount', 'loyalty:transactions.validation.amount'],
      [{ transactionDate: '31.02.2026' }, 'transactionDate', 'validation.date'],
      [{ transactionDate: '' }, 'transactionDate', 'validation.required'],
      [{ approvedOn: 'gestern' }, 'approvedOn', 'validation.date'],
      [{ approvedOn: addDays(today, 5), approver: 'Stiftungsrat' }, 'approvedOn', 'loyalty:transactions.validation.approvedInFuture'],
      [{ approvedOn: `${year}-02-03` }, 'approver', 'loyalty:transactions.validation.approverRequired'],
      [{ disclosedToAuditorOn: `${year}-01-02` }, 'disclosedToAuditorOn', 'loyalty:transactions.validation.disclosedBeforeTransaction'],
      [{ disclosedToAuditorOn: addDays(today, 3) }, 'disclosedToAuditorOn', 'loyalty:transactions.validation.disclosedInFuture'],
      [{ personId: otherPersonId }, 'personId', 'loyalty:transactions.validation.person'],
      [{ personId: 'nicht-eine-id' }, 'personId', 'loyalty:transactions.validation.person'],
      [{ significant: 'on', approver: 'Stiftungsrat', approvedOn: `${year}-02-03` }, 'offersComparison', 'loyalty:transactions.validation.offersRequired'],
    ]
    const fr = getFixedT('fr')
    for (const [extra, field, message] of cases) {
      const res = await run(editRoute.action, post('/app/loyalty/transactions/new', admin, form(fields(extra))))
      expect(res.status, JSON.stringify(extra)).toBe(400)
      const errors = (res.body as { result: { error: Record<string, string[]> } }).result.error
      expect(errors[field], JSON.stringify(extra)).toEqual([message])
      // The key reads in the user's language (the form shows it so).
      expect(fr(message)).not.toBe(message)
      expect(fr(message)).not.toBe(getFixedT('de')(message))
    }
    // The service checks again whatever the form let through.
    expect(await refusal(RelatedTransactions.for(admin.access).create(input({ amount: '12x' })))).toBe('invalid@amount:loyalty:transactions.validation.amount')
    expect(await refusal(RelatedTransactions.for(admin.access).create(input({ personId: otherPersonId })))).toBe(
      'invalid@personId:loyalty:transactions.validation.person',
    )
    const after = await system().select({ n: count() }).from(relatedTransactions).where(eq(relatedTransactions.customerId, fund.id))
    expect(after[0].n).toBe(before[0].n)
  })

  it('a significant transaction is approved once tendered: with a comparison, or an offer file in the same form', async () => {
    const approved = { significant: true, approver: 'Stiftungsrat', approvedOn: `${year}-02-03` }
    const t = await RelatedTransactions.for(admin.access).create(input({ significant: true }))
    expect(await refusal(RelatedTransactions.for(admin.access).update(t.id, input(approved), t.version))).toBe(
      'invalid@offersComparison:loyalty:transactions.validation.offersRequired',
    )
    const ok = await RelatedTransactions.for(admin.access).update(
      t.id,
      input({ ...approved, offersComparison: 'Drei Offerten, günstigste gewählt' }),
      t.version,
    )
    expect(ok.approvedOn).toBe(approved.approvedOn)

    // Without JavaScript: the form with an offer PDF and no comparison text.
    const res = await run(
      editRoute.action,
      post(
        '/app/loyalty/transactions/new',
        admin,
        form(fields({ significant: 'on', approver: 'Stiftungsrat', approvedOn: `${year}-02-03` }), [
          { name: 'Offerte A.pdf', content: PDF, type: 'application/pdf' },
        ]),
      ),
    )
    expect(res.status).toBe(302)
    const id = res.location?.split('/').pop() as string
    const files = await RelatedTransactions.for(reader).files(id)
    expect(files.map((f) => [f.name, f.contentType, f.size])).toEqual([['Offerte A.pdf', 'application/pdf', PDF.length]])
    // Its last offer is not removed while the comparison is empty.
    const removal = request(`/app/loyalty/transactions/${id}`, { method: 'POST', cookie: admin.cookie, form: { intent: 'removeFile', fileId: files[0].id } })
    expect((await run(detailRoute.action, removal, { id })).status).toBe(409)
    expect(await filesOf(id)).toHaveLength(1)
  })

  it('offers: uploaded and listed with their audit entries, a refused type 415 leaving nothing, another fund’s or transaction’s file not found', async () => {
    const t = await RelatedTransactions.for(admin.access).create(input({ counterparty: 'Offerten AG' }))
    const up = await run(
      detailRoute.action,
      post(`/app/loyalty/transactions/${t.id}`, admin, form({}, [{ name: 'Offerte B.pdf', content: PDF, type: 'application/pdf' }])),
      { id: t.id },
    )
    expect(up.status).toBe(302)
    const [file] = await filesOf(t.id)
    expect(file.name).toBe('Offerte B.pdf')
    const stored = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, file.id), eq(auditEntries.action, 'Created')))
    expect(stored).toHaveLength(1)
    const page = await run(detailRoute.loader, request(`/app/loyalty/transactions/${t.id}`, { cookie: auditor.cookie }), { id: t.id })
    expect((page.body as { files: { name: string }[] }).files.map((f) => f.name)).toEqual(['Offerte B.pdf'])

    // A refused type: 415, and neither the new transaction nor its file is kept.
    const count0 = await system().select({ n: count() }).from(relatedTransactions).where(eq(relatedTransactions.customerId, fund.id))
    const exe = await run(
      editRoute.action,
      post(
        '/app/loyalty/transactions/new',
        admin,
        form(fields({ counterparty: 'Virus AG' }), [{ name: 'offerte.exe', content: Buffer.from('MZ\x90\x00\x03') }]),
      ),
    )
    expect(exe.status).toBe(415)
    const count1 = await system().select({ n: count() }).from(relatedTransactions).where(eq(relatedTransactions.customerId, fund.id))
    expect(count1[0].n).toBe(count0[0].n)
    const exe2 = await run(
      detailRoute.action,
      post(`/app/loyalty/transactions/${t.id}`, admin, form({}, [{ name: 'makro.pdf', content: Buffer.from('<html><script>alert(1)</script>') }])),
      { id: t.id },
    )
    expect(exe2.status).toBe(415)
    expect(await filesOf(t.id)).toHaveLength(1)

    // Another fund's admin cannot add to it, read it, nor remove it.
    const foreign = await run(
      detailRoute.action,
      post(`/app/loyalty/transactions/${t.id}`, otherAdmin, form({}, [{ name: 'x.pdf', content: PDF, type: 'application/pdf' }])),
      { id: t.id },
    )
    expect(foreign.status).toBe(404)
    expect(await RelatedTransactions.for(otherAdmin.access).files(t.id)).toEqual([])
    // A file of this transaction removed through another transaction of the fund: not found.
    const second = await RelatedTransactions.for(admin.access).create(input({ counterparty: 'Zweite AG' }))
    const wrong = request(`/app/loyalty/transactions/${second.id}`, { method: 'POST', cookie: admin.cookie, form: { intent: 'removeFile', fileId: file.id } })
    expect((await run(detailRoute.action, wrong, { id: second.id })).status).toBe(404)
    expect(await filesOf(t.id)).toHaveLength(1)
    // Removed from its own transaction, with an audit entry.
    const right = request(`/app/loyalty/transactions/${t.id}`, { method: 'POST', cookie: admin.cookie, form: { intent: 'removeFile', fileId: file.id } })
    expect((await run(detailRoute.action, right, { id: t.id })).status).toBe(302)
    expect(await filesOf(t.id)).toHaveLength(0)
    const gone = await system()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, file.id), eq(auditEntries.action, 'Deleted')))
    expect(gone).toHaveLength(1)
  })

  it('deletes a transaction not yet disclosed, with its trail; refuses one disclosed to the auditor (409)', async () => {
    const t = await RelatedTransactions.for(admin.access).create(input({ counterparty: 'Weg AG' }))
    const res = await run(
      detailRoute.action,
      request(`/app/loyalty/transactions/${t.id}`, { method: 'POST', cookie: admin.cookie, form: { intent: 'delete', version: String(t.version) } }),
      { id: t.id },
    )
    expect(res.status).toBe(302)
    expect(await RelatedTransactions.for(admin.access).get(t.id)).toBeNull()
    expect((await auditOf(t.id)).map((a) => a.action)).toEqual(['Created', 'Deleted'])

    const disclosed = await RelatedTransactions.for(admin.access).create(
      input({ counterparty: 'Offen AG', transactionDate: today, disclosedToAuditorOn: today }),
    )
    expect(await refusal(RelatedTransactions.for(admin.access).delete(disclosed.id, disclosed.version))).toBe(
      'conflict:loyalty:transactions.validation.disclosedNoDelete',
    )
    // Nor is the disclosure taken back, which would open the way to deleting it.
    expect(
      await refusal(RelatedTransactions.for(admin.access).update(disclosed.id, input({ counterparty: 'Offen AG', transactionDate: today }), disclosed.version)),
    ).toBe('invalid@disclosedToAuditorOn:loyalty:transactions.validation.disclosedKept')
    const refused = await run(
      detailRoute.action,
      request(`/app/loyalty/transactions/${disclosed.id}`, {
        method: 'POST',
        cookie: admin.cookie,
        form: { intent: 'delete', version: String(disclosed.version) },
      }),
      { id: disclosed.id },
    )
    expect(refused.status).toBe(409)
    expect(await RelatedTransactions.for(admin.access).get(disclosed.id)).not.toBeNull()
  })

  it('filters by year, significance, disclosure and search, sums the amounts, exports the view and lists the year for the annex', async () => {
    const f = await customerFactory()
    const a = await memberFactory({ customer: f, traits: ['admin'] })
    const s = RelatedTransactions.for(a.access)
    const one = await s.create(
      input({ counterparty: 'Alpha AG', amount: '1000', transactionDate: '2025-03-01', significant: true, offersComparison: 'zwei Offerten' }),
    )
    await s.create(input({ counterparty: 'Beta AG', amount: '250.50', transactionDate: '2025-06-01', disclosedToAuditorOn: '2025-07-01' }))
    await s.create(input({ counterparty: 'Gamma AG', amount: null, transactionDate: '2024-12-31' }))
    const page = (extra: object) => s.page({ sort: 'date', dir: 'asc', ...extra }, { limit: 50, offset: 0 })
    const y = await page({ year: 2025 })
    expect(y.rows.map((r) => r.counterparty)).toEqual(['Alpha AG', 'Beta AG'])
    expect(y.sum).toBe('1250.50')
    expect((await page({ significant: true })).rows.map((r) => r.counterparty)).toEqual(['Alpha AG'])
    expect((await page({ disclosed: false })).rows.map((r) => r.counterparty)).toEqual(['Gamma AG', 'Alpha AG'])
    expect((await page({ q: `RG-${one.number}` })).rows.map((r) => r.counterparty)).toEqual(['Alpha AG'])
    expect((await page({ q: 'beta' })).rows.map((r) => r.counterparty)).toEqual(['Beta AG'])

    const csv = await run(exportRoute.loader, request('/app/loyalty/transactions/export.csv?year=2025', { cookie: a.cookie }))
    expect(csv.status).toBe(200)
    const text = String(csv.body)
    expect(text).toContain('Alpha AG')
    expect(text).toContain('Beta AG')
    expect(text).not.toContain('Gamma AG')
    expect(text).toContain(`RG-${one.number}`)
    const xlsx = await run(exportRoute.loader, request('/app/loyalty/transactions/export.xlsx', { cookie: a.cookie }))
    expect(xlsx.status).toBe(200)
    expect((await run(exportRoute.loader, request('/app/loyalty/transactions/export.csv', { cookie: plain.cookie }))).status).toBe(403)
  })

  it('the history reads the transaction’s fields in the reader’s language', async () => {
    const { History } = await import('#app/accountability/history.server.ts')
    const t = await RelatedTransactions.for(admin.access).create(input({ personId }))
    await RelatedTransactions.for(admin.access).update(t.id, input({ personId, amount: '13000' }), t.version)
    const h = await History.for(admin.access).of('relatedTransaction', t.id, 'fr')
    const changes = h.entries.flatMap((e) => e.changes)
    expect(changes).toContainEqual(expect.objectContaining({ label: 'Montant (CHF)', from: '12’500.50', to: '13’000.00' }))
    expect(changes).toContainEqual(expect.objectContaining({ label: 'Personne proche', to: 'Anna Nahe' }))
  })
})
