import { eq } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { todayInZurich } from '../models/core/dates.ts'
import { pool } from '../models/core/db.server.ts'
import { deputies, kriValues } from '../models/schema/index.ts'
import { catalogEntry, kriFactory } from '../tests/factories/kri-values.ts'
import { runReminderTick } from '../app/features/measures/reminders.server.ts'
import { customerFactory, deputyFactory, memberFactory } from '../tests/factories/index.ts'
import { useSmtpPeer } from '../tests/integration/mail-setup.ts'
import { system } from '../tests/system-db.ts'
import { exclusively, JOBS, scheduleJobs } from './jobs.ts'

const peer = useSmtpPeer()

const gate = () => {
  let open = () => {}
  const opened = new Promise<void>((r) => (open = r))
  return { open, opened }
}

describe('the periodic jobs run once, whatever the number of processes', () => {
  it('of two concurrent reminder ticks, one runs and the other is skipped', async () => {
    const g = gate()
    let runs = 0
    const tick = () =>
      exclusively('reminders', async () => {
        runs++
        await g.opened
        return runReminderTick()
      })
    const first = tick()
    // The first tick holds the lock (it is inside, waiting at the gate) before the second one asks.
    await expect.poll(() => runs).toBe(1)
    const second = await tick()
    g.open()
    expect(second).toEqual({ ran: false })
    expect((await first).ran).toBe(true)
    expect(runs).toBe(1)
  })

  it('gives the lock back after a run, also one that failed, so the next tick runs', async () => {
    await expect(exclusively('housekeeping', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await exclusively('housekeeping', async () => 'again')).toEqual({ ran: true, result: 'again' })
    const { rows } = await pool().query(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
    )
    expect(rows[0].n).toBe(0)
  })

  it('is skipped while another app instance (another connection) runs it, and runs once that one dies', async () => {
    const other = new pg.Client({ connectionString: (pool() as unknown as { options: { connectionString: string } }).options.connectionString })
    other.on('error', () => {})
    await other.connect()
    await other.query('select pg_advisory_lock($1, $2)', [0x766f7273, JOBS.reminders])
    expect(await exclusively('reminders', async () => 'ran')).toEqual({ ran: false })
    expect(await exclusively('housekeeping', async () => 'other job')).toEqual({ ran: true, result: 'other job' })
    await other.end()
    expect(await exclusively('reminders', async () => 'ran')).toEqual({ ran: true, result: 'ran' })
  })

  it('sends the deputy notices on a timer of their own, also with REMINDERS=false', async () => {
    const customer = await customerFactory()
    const principal = await memberFactory({ customer, traits: ['risk-write', 'signed-out'] })
    const deputy = await memberFactory({ customer, traits: ['risk-read', 'signed-out'] })
    const row = await deputyFactory({ customer, principal: principal.user, deputy: deputy.user })
    await system().update(deputies).set({ startsOn: todayInZurich(), startNoticeAt: null }).where(eq(deputies.id, row.id))

    const before = process.env.REMINDERS
    process.env.REMINDERS = 'false'
    // The timers are real; their first ticks are taken from setTimeout and run now instead of in 5 s.
    const timeouts = vi.spyOn(globalThis, 'setTimeout')
    const stop = scheduleJobs()
    const firstTicks = timeouts.mock.calls.filter(([, ms]) => ms === 5_000).map(([fn]) => fn as () => void)
    timeouts.mockRestore()
    stop()
    if (before === undefined) delete process.env.REMINDERS
    else process.env.REMINDERS = before
    expect(firstTicks.length).toBeGreaterThan(0)
    for (const tick of firstTicks) tick()

    expect((await peer().waitFor(deputy.user.email)).subject).toContain('hat begonnen')
    expect((await peer().waitFor(principal.user.email)).subject).toContain('hat begonnen')
    const [claimed] = await system().select().from(deputies).where(eq(deputies.id, row.id))
    expect(claimed.startNoticeAt).not.toBeNull()
  })

  it('computes the KRIs on a timer of their own, under their own lock', async () => {
    expect(JOBS.kri).toBe(7)
    const customer = await customerFactory()
    const kri = await kriFactory({ customer, catalog: await catalogEntry(undefined, { unit: 'count', direction: 'lower', computed: 'overdueMeasures' }) })
    const env = { REMINDERS: process.env.REMINDERS, REMINDER_HOUR: process.env.REMINDER_HOUR }
    process.env.REMINDERS = 'true'
    process.env.REMINDER_HOUR = '0'
    try {
      const timeouts = vi.spyOn(globalThis, 'setTimeout')
      const stop = scheduleJobs()
      const firstTicks = timeouts.mock.calls.filter(([, ms]) => ms === 20_000).map(([fn]) => fn as () => void)
      timeouts.mockRestore()
      stop()
      expect(firstTicks).toHaveLength(1)
      firstTicks[0]!()
      await expect
        .poll(async () => (await system().select().from(kriValues).where(eq(kriValues.kriId, kri.id))).map((v) => v.source), { timeout: 15_000 })
        .toEqual(['computed'])
    } finally {
      for (const [key, value] of Object.entries(env)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
  })
})
