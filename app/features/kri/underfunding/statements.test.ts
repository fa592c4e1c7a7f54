import pg from 'pg'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { COVERAGE_RATIO_KEY } from '#models/core/constants.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { catalogEntry, kriFactory, kriValueRow } from '../../../../tests/factories/kri-values.ts'
import { customerFactory, documentFactory, type Member, memberFactory, request, run } from '../../../../tests/factories.ts'
import { useSmtpPeer } from '../../../../tests/integration/mail-setup.ts'
import { afterKriValues } from '../alerts.server.ts'
import * as page from './index.tsx'

useSmtpPeer()

/** The statements the page's own queries send (the cases, duties and documents), the session's left out. */
async function statementsOf(m: Member) {
  const spy = vi.spyOn(pg.Client.prototype, 'query')
  try {
    const res = await run(page.loader, request('/app/risk/kri/underfunding', { cookie: m.cookie }))
    expect(res.status).toBe(200)
    const texts = spy.mock.calls.map((c) => String(typeof c[0] === 'string' ? c[0] : ((c[0] as { text?: string })?.text ?? '')))
    return texts.filter((t) => /underfunding_|"documents"|from documents/i.test(t)).length
  } finally {
    spy.mockRestore()
  }
}

describe('the underfunding page’s statements', () => {
  let writer: Member
  let reader: Member
  beforeAll(async () => {
    const customer = await customerFactory()
    writer = await memberFactory({ customer, traits: ['risk-write'] })
    reader = await memberFactory({ customer, traits: ['risk-read'] })
    for (let i = 0; i < 5; i++) await documentFactory({ customer, traits: ['fund'] })
    const kri = await kriFactory({ customer, catalog: await catalogEntry(COVERAGE_RATIO_KEY, { unit: 'percent', direction: 'higher' }) })
    const value = await kriValueRow(kri, '2026-03-31', '97.5')
    await withCustomer(writer.access, (tx) => afterKriValues(tx, writer.access, [value.id]))
  })
  afterEach(() => vi.restoreAllMocks())

  it('reads the cases with their duties in one statement, the documents only for a form that links one', async () => {
    expect(await statementsOf(reader)).toBe(1)
    expect(await statementsOf(writer)).toBe(2)
  })
})
