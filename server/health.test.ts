import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { health } from './health.ts'

describe('GET /healthz', () => {
  it('answers 200 with the database reachable', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' } })
  })

  it('answers 503 when the database does not answer', async () => {
    const unreachable = new pg.Pool({ connectionString: 'postgresql://nobody:x@127.0.0.1:1/none', connectionTimeoutMillis: 500 })
    const check = () =>
      unreachable.query('select 1').then(
        () => true,
        () => false,
      )
    expect(await health(check)).toEqual({ status: 503, body: { status: 'database unreachable' } })
    await unreachable.end()
  })
})
