import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { pool } from '../../models/core/db.server.ts'

describe('the connection pool', () => {
  it('survives a connection the database ends in the middle of a transaction and opens a new one', async () => {
    const client = await pool().connect()
    await client.query('begin')
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    // The broken client emits 'error' while checked out; without a listener the process would die there.
    const ended = new Promise((r) => client.once('end', r))
    const admin = new pg.Client(inject('adminUrl'))
    await admin.connect()
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid])
    await admin.end()
    await ended
    await expect(client.query('select 1')).rejects.toThrow()
    client.release(true)
    expect((await pool().query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
  })
})
