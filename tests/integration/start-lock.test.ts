import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '../../models/core/db.server.ts'
import { migrate, withStartLock } from '../../server/database.ts'

// Several instances started at once on one new database (decision 0051) migrate one after the other.
const name = `start_${crypto.randomBytes(5).toString('hex')}`
const url = new URL(inject('adminUrl'))
url.pathname = `/${name}`

async function admin<T>(fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client(inject('adminUrl'))
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

afterAll(() => admin((c) => c.query(`drop database if exists ${name} with (force)`)))

describe('the start lock', () => {
  it('lets three instances starting at once migrate an empty database one after the other, each migration applied once', async () => {
    await admin((c) => c.query(`create database ${name}`))
    await Promise.all([migrate(url.toString()), migrate(url.toString()), migrate(url.toString())])
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
    const applied = await admin(async () => {
      const c = new pg.Client(url.toString())
      await c.connect()
      try {
        return (await c.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n
      } finally {
        await c.end()
      }
    })
    expect(applied).toBe(journal.entries.length)
  }, 120_000)

  it('holds one holder at a time and gives the lock back when the work fails', async () => {
    const order: string[] = []
    let release = () => {}
    const first = withStartLock(url.toString(), async () => {
      order.push('first in')
      await new Promise<void>((r) => {
        release = r
      })
      order.push('first out')
    })
    await expect.poll(() => order.length).toBe(1)
    const second = withStartLock(url.toString(), async () => {
      order.push('second in')
    })
    // The second waits on the lock while the first holds it: poll the server, not the clock.
    await expect
      .poll(() =>
        admin(
          async (c) =>
            (
              await c.query(
                `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and not l.granted and d.datname = $1`,
                [name],
              )
            ).rows[0].n,
        ),
      )
      .toBe(1)
    expect(order).toEqual(['first in'])
    release()
    await Promise.all([first, second])
    expect(order).toEqual(['first in', 'first out', 'second in'])
    await expect(withStartLock(url.toString(), async () => Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed')
    await withStartLock(url.toString(), async () => order.push('after a failure'))
    expect(order.at(-1)).toBe('after a failure')
  }, 60_000)
})
