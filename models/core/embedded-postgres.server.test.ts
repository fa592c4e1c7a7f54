import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { credentialsFile, type EmbeddedServer, StartupError, startEmbeddedPostgres, unixSocketDir } from './embedded-postgres.server.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-embedded-'))
fs.chmodSync(root, 0o755)
const dir = path.join(root, 'postgres')
const running: EmbeddedServer[] = []

afterAll(async () => {
  for (const s of running) await s.stop()
  fs.rmSync(root, { recursive: true, force: true })
})

async function select1(url: string) {
  const client = new pg.Client(url)
  await client.connect()
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]!.one
  } finally {
    await client.end()
  }
}

describe.sequential('the bundled PostgreSQL', () => {
  it('keeps generated passwords beside the data folder, readable by the owner only', async () => {
    const server = await startEmbeddedPostgres(dir, { quiet: true })
    running.push(server)
    const creds = JSON.parse(fs.readFileSync(credentialsFile(dir), 'utf8')) as { superuser: string; app: string }
    expect(fs.statSync(credentialsFile(dir)).mode & 0o777).toBe(0o600)
    expect(creds.superuser).not.toBe('vorsorge')
    expect(server.url()).toContain(encodeURIComponent(creds.superuser))
    expect(await select1(server.url())).toBe(1)
  }, 60_000)

  it('is reached through a Unix socket in its data folder, and on 127.0.0.1 for tools', async () => {
    const server = running.at(-1)!
    const client = new pg.Client(server.url())
    await client.connect()
    try {
      // No server address: the connection is a Unix socket.
      expect((await client.query('select inet_server_addr() as addr')).rows[0].addr).toBeNull()
    } finally {
      await client.end()
    }
    expect(fs.readdirSync(dir)).toContain(`.s.PGSQL.${server.port}`)
    const password = JSON.parse(fs.readFileSync(credentialsFile(dir), 'utf8')).superuser as string
    expect(await select1(`postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${server.port}/postgres`)).toBe(1)
    expect(unixSocketDir('/x'.repeat(60), 5432)).toBeNull()
  }, 60_000)

  it('never touches a server that a running app process uses: refuses to start a second one and leaves its pid file', async () => {
    const pidFile = path.join(dir, 'postmaster.pid')
    const before = fs.readFileSync(pidFile, 'utf8')
    await expect(startEmbeddedPostgres(dir, { quiet: true })).rejects.toThrow(StartupError)
    await expect(startEmbeddedPostgres(dir, { quiet: true })).rejects.toThrow(/in use by a running app process/)
    expect(fs.readFileSync(pidFile, 'utf8')).toBe(before)
    expect(await select1(running[0]!.url())).toBe(1)
  }, 60_000)

  it('switches a data folder that still has the old fixed superuser password to a generated one', async () => {
    const server = running.pop()!
    const client = new pg.Client(server.url())
    await client.connect()
    await client.query(`alter role postgres password 'vorsorge'`)
    await client.end()
    await server.stop()
    fs.rmSync(credentialsFile(dir))

    const again = await startEmbeddedPostgres(dir, { quiet: true })
    running.push(again)
    const creds = JSON.parse(fs.readFileSync(credentialsFile(dir), 'utf8')) as { superuser: string }
    expect(await select1(again.url())).toBe(1)
    const legacy = new URL(again.url())
    legacy.password = 'vorsorge'
    await expect(select1(legacy.toString())).rejects.toMatchObject({ code: '28P01' })
    expect(again.url()).toContain(encodeURIComponent(creds.superuser))
  }, 60_000)

  it('starts over a stale pid file whose pid now belongs to another process (e.g. after a container restart)', async () => {
    const server = running.pop()!
    const pidFile = path.join(dir, 'postmaster.pid')
    const stale = fs.readFileSync(pidFile, 'utf8')
    await server.stop()
    fs.writeFileSync(pidFile, stale.replace(/^\d+/, '1'), { mode: 0o600 })
    const again = await startEmbeddedPostgres(dir, { quiet: true })
    running.push(again)
    expect(await select1(again.url())).toBe(1)
  }, 60_000)
})
