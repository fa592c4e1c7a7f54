import { describe, expect, it } from 'vitest'
import * as dashboard from './index.tsx'
import { customerFactory, memberFactory, operatorFactory, request, run } from '../../../tests/factories/index.ts'

type Overview = { customers: { rows: unknown[]; total: number } }

describe('the operator’s dashboard', () => {
  it('shows the first twenty customers by name and how many there are, however many there are', async () => {
    await Promise.all(Array.from({ length: 23 }, () => customerFactory()))
    const { cookie } = await operatorFactory()
    const { status, body } = await run(dashboard.loader, request('/app/sadmin', { cookie }))
    expect(status).toBe(200)
    const { customers } = body as Overview
    expect(customers.rows).toHaveLength(20)
    expect(customers.total).toBeGreaterThanOrEqual(23)
  })

  it('is the operator’s alone', async () => {
    const member = await memberFactory({ customer: await customerFactory(), traits: ['risk-admin'] })
    const { status } = await run(dashboard.loader, request('/app/sadmin', { cookie: member.cookie }))
    expect(status).toBe(403)
  })
})
