import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { COVERAGE_RATIO_KEY } from '#models/core/constants.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { documentVisibility } from '#models/core/visibility.server.ts'
import { underfundingDuties } from '#models/schema/index.ts'
import { catalogEntry, kriFactory, kriValueRow } from '../../../../tests/factories/kri-values.ts'
import { type Customer, customerFactory, documentFactory, type Member, memberFactory } from '../../../../tests/factories.ts'
import { useSmtpPeer } from '../../../../tests/integration/mail-setup.ts'
import { system } from '../../../../tests/system-db.ts'
import { kriOfPeriod } from '../../report/kri.server.ts'
import { afterKriValues } from '../alerts.server.ts'
import { Underfunding } from './underfunding.server.ts'

useSmtpPeer()

describe('the evidence of an underfunding duty', () => {
  let customer: Customer
  let rmReader: Member
  let admin: Member
  beforeAll(async () => {
    customer = await customerFactory()
    const writer = await memberFactory({ customer, traits: ['risk-write'] })
    rmReader = await memberFactory({ customer, traits: ['risk-read'] })
    admin = await memberFactory({ customer, traits: ['admin'] })
    const kri = await kriFactory({ customer, catalog: await catalogEntry(COVERAGE_RATIO_KEY, { unit: 'percent', direction: 'higher' }) })
    const value = await kriValueRow(kri, '2026-03-31', '97.5')
    await withCustomer(writer.access, (tx) => afterKriValues(tx, writer.access, [value.id]))
    // An ICS document as evidence: a reader of RM alone may not read it.
    const doc = await documentFactory({ customer, traits: ['ics'], attributes: { name: 'IKS-Protokoll vertraulich' } })
    await system()
      .update(underfundingDuties)
      .set({ doneOn: '2026-04-20', evidence: 'Brief', documentId: doc.id })
      .where(and(eq(underfundingDuties.customerId, customer.id), eq(underfundingDuties.duty, 'informSupervisor')))
  })

  const namesFor = async (m: Member) => (await Underfunding.for(m.access).cases('2026-07-15'))[0].duties.map((d) => d.documentName).filter(Boolean)
  const frozenFor = (m: Member) =>
    withCustomer(m.access, async (tx) =>
      (await kriOfPeriod(tx as never, '2026-01-01', '2026-12-31', documentVisibility(permissionsOf(m.access)))).underfunding[0].duties
        .map((d) => d.document)
        .filter(Boolean),
    )

  it('names the document only to whom may read its category, on the page and in the report', async () => {
    expect(await namesFor(admin)).toEqual(['IKS-Protokoll vertraulich'])
    expect(await namesFor(rmReader)).toEqual([])
    expect(await frozenFor(admin)).toEqual(['IKS-Protokoll vertraulich'])
    expect(await frozenFor(rmReader)).toEqual([])
  })
})
