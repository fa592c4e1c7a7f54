// The container image, checked without Docker (no daemon here, no base image to pull; docs/decisions/0045):
// the Dockerfile and .dockerignore are read, the build stage's commands run in a copy of the tree, exactly
// what the final stage COPYs is assembled in a temporary folder standing for its `/`, and its CMD starts
// there with its ENV, as an unprivileged user and as PID 1 of a PID namespace of its own (as in a
// container, where node must handle SIGTERM itself): /healthz, the HEALTHCHECK, a sign-in, a page and
// its script, then SIGTERM and a clean exit.
//
// Stand-ins, and only these (each said in the test's output):
// - `npm ci` (offline, fast): the installed node_modules copied with hard links (`cp -al`). The build
//   stage's other commands run as written; as root they run as `nobody`, so that they cannot write into
//   the hard-linked (shared) files.
// - the base image's node: this node. The image's user: `nobody`. The final stage's RUN (creating that
//   user and /data) is not run: the test checks it does nothing else, and creates the VOLUME folders.
// - Not root: no user switch and no PID namespace (said in the output).
// IMAGE_DOCKERFILE=<file> checks another Dockerfile (the context stays this tree).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../models/core/embedded-postgres.server.ts'

const context = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dockerfile = path.resolve(context, process.env.IMAGE_DOCKERFILE || 'Dockerfile')
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const nobody = isRoot ? Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim() || 65534) : undefined
const nogroup = isRoot ? Number(spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout.trim() || 65534) : undefined
const asNobody = isRoot ? { uid: nobody!, gid: nogroup! } : {}
const withNamespace = isRoot && spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' }).status === 0
const PATH = `${path.dirname(process.execPath)}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const note = (m: string) => console.log(`[image] ${m}`)

// --- Dockerfile and .dockerignore ---------------------------------------------------------------

type Instruction = { op: string; args: string; line: number }

function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = []
  let current = ''
  let start = 0
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim()
    if (!current && (!line || line.startsWith('#'))) return
    if (current && line.startsWith('#')) return
    if (!current) start = i + 1
    current += `${line.endsWith('\\') ? line.slice(0, -1) : line} `
    if (line.endsWith('\\')) return
    const op = current.trim().split(/\s+/)[0]
    out.push({ op: op!.toUpperCase(), args: current.trim().slice(op!.length).trim(), line: start })
    current = ''
  })
  return out
}

function globToRegExp(pattern: string) {
  let re = ''
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === '*' && pattern[i + 1] === '*') {
      i++
      if (pattern[i + 1] === '/') {
        i++
        re += '(?:.*/)?'
      } else re += '.*'
    } else if (c === '*') re += '[^/]*'
    else if (c === '?') re += '[^/]'
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}

/** Docker's rules: a pattern matches a path or one of its parent folders; the last matching pattern wins; `!` keeps. */
function dockerignore(text: string) {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const keep = l.startsWith('!')
      const p = path.posix.normalize((keep ? l.slice(1) : l).trim()).replace(/^\/+|\/+$/g, '')
      return { keep, re: globToRegExp(p) }
    })
  return (rel: string) => {
    const parts = rel.split('/')
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'))
    let ignored = false
    for (const r of rules) if (prefixes.some((p) => r.re.test(p))) ignored = !r.keep
    return ignored
  }
}

const ignorePath = path.join(context, '.dockerignore')
const ignored = dockerignore(fs.existsSync(ignorePath) ? fs.readFileSync(ignorePath, 'utf8') : '')

// --- the build, emulated ------------------------------------------------------------------------

type Stage = {
  name: string
  from: string
  root: string
  workdir: string
  env: Record<string, string>
  user: string
  volumes: string[]
  expose: string[]
  runs: string[]
  cmd: string[] | null
  cmdForm: 'exec' | 'shell' | null
  healthcheck: string[] | null
}

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-image-'))
fs.chmodSync(base, 0o755)
const home = path.join(base, 'home')
const stages: Stage[] = []
const chowned: string[] = []
const unsupported: string[] = []
let final: Stage | null = null

/** A path of the stage (absolute, or relative to its WORKDIR) on this machine. */
const inStage = (stage: Stage, p: string) => path.join(stage.root, path.posix.resolve(stage.workdir, p))

function parseEnv(args: string): Record<string, string> {
  const first = args.split(/\s+/)[0]!
  if (!first.includes('=')) return { [first]: args.slice(first.length).trim() }
  const env: Record<string, string> = {}
  for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|'([^']*)'|\S*)/g)) env[m[1]!] = m[3] ?? m[4] ?? m[2]!
  return env
}

function run(cmd: string, args: string[], options: { cwd: string; env: Record<string, string>; uid?: number; gid?: number }, ms: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr.on('data', (c: Buffer) => (out += c.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), ms)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else reject(new Error(`\`${args.at(-1)}\` ended with ${signal ?? code}${signal === 'SIGKILL' ? ` (after ${ms / 1000} s)` : ''}:\n${out.slice(-4000)}`))
    })
  })
}

/** Before a RUN as `nobody`: every folder and every file of the stage's own is handed over; the hard links to the installed packages stay root's. */
function handOver(dir: string) {
  if (!isRoot) return
  const walk = (p: string) => {
    const st = fs.lstatSync(p)
    if (st.isDirectory()) {
      fs.lchownSync(p, nobody!, nogroup!)
      for (const e of fs.readdirSync(p)) walk(path.join(p, e))
    } else if (st.nlink === 1) fs.lchownSync(p, nobody!, nogroup!)
  }
  walk(dir)
}

/** `npm ci`, offline: the installed packages, hard-linked (a real copy when not root, so that nothing can write into them). */
function installPackages(stage: Stage) {
  const installed = fs.realpathSync(path.join(context, 'node_modules'))
  const target = inStage(stage, 'node_modules')
  fs.rmSync(target, { recursive: true, force: true })
  const r = spawnSync('cp', [isRoot ? '-al' : '-a', installed, target], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`copying node_modules failed: ${r.stderr}`)
  // npm rewrites its hidden lockfile in place: that one must not be a link to the installed one.
  const hidden = path.join(target, '.package-lock.json')
  if (fs.existsSync(hidden)) {
    fs.rmSync(hidden)
    fs.copyFileSync(path.join(installed, '.package-lock.json'), hidden)
  }
  note(`\`npm ci\` stood in by ${isRoot ? 'a hard-linked' : 'a'} copy of ${installed}`)
}

/** A copy made by COPY is root's: files of the build stage's own (made as nobody) are replaced by root's copies. */
function ownedByRoot(p: string) {
  if (!isRoot) return
  const st = fs.lstatSync(p)
  if (st.isDirectory()) {
    for (const e of fs.readdirSync(p)) ownedByRoot(path.join(p, e))
    fs.utimesSync(p, st.atime, st.mtime)
  }
  if (st.uid === 0) return
  if (st.isFile()) {
    const tmp = `${p}.root-copy`
    fs.copyFileSync(p, tmp)
    fs.chmodSync(tmp, st.mode & 0o7777)
    fs.utimesSync(tmp, st.atime, st.mtime)
    fs.renameSync(tmp, p)
  } else fs.lchownSync(p, 0, 0)
}

function copy(stage: Stage, args: string) {
  const words = args.split(/\s+/)
  let from: Stage | null = null
  while (words[0]?.startsWith('--')) {
    const flag = words.shift()!
    const [name, value] = flag.split('=')
    if (name === '--from') {
      from = stages.find((s) => s.name === value) ?? null
      if (!from) throw new Error(`COPY ${flag}: no stage of that name`)
      if (from.root === stage.root || stages.some((s) => s !== from && s.root === from!.root && stages.indexOf(s) > stages.indexOf(from!)))
        throw new Error(`COPY ${flag}: that stage was continued by another (FROM ${value}); the test shares their folders and cannot tell them apart`)
    } else if (name === '--chown') chowned.push(`COPY ${args}`)
    else throw new Error(`COPY ${flag}: the test does not know this flag`)
  }
  if (args.trim().startsWith('[')) throw new Error('COPY in JSON form: the test knows the plain form only')
  const dest = words.pop()!
  if (words.some((w) => /[*?[]/.test(w))) throw new Error(`COPY ${args}: wildcards are not supported by the test`)
  const into = dest.endsWith('/') || words.length > 1
  const target = inStage(stage, dest)
  for (const src of words) {
    const source = from ? inStage(from, src) : path.resolve(context, src)
    const rel = path.relative(context, source).split(path.sep).join('/')
    if (!from && (rel.startsWith('..') || (rel && ignored(rel)))) throw new Error(`COPY ${src}: not in the build context (.dockerignore)`)
    if (!fs.existsSync(source)) throw new Error(`COPY ${args}: ${src} does not exist${from ? ` in stage ${from.name}` : ''}`)
    const isDir = fs.statSync(source).isDirectory()
    const to = isDir ? target : into ? path.join(target, path.basename(source)) : target
    fs.mkdirSync(isDir ? to : path.dirname(to), { recursive: true })
    if (from) {
      // Hard links (fast); then, like Docker, whatever is not root's becomes a copy of root's (modes and times kept).
      const r = spawnSync('cp', ['-R', '--link', '--no-dereference', '--preserve=timestamps', isDir ? `${source}/.` : source, to], { encoding: 'utf8' })
      if (r.status !== 0) throw new Error(`COPY ${args}: ${r.stderr}`)
      ownedByRoot(to)
    } else {
      fs.cpSync(source, to, {
        recursive: true,
        preserveTimestamps: true,
        verbatimSymlinks: true,
        filter: (s) => {
          const r = path.relative(context, s).split(path.sep).join('/')
          return !r || !ignored(r)
        },
      })
    }
  }
}

async function build() {
  const instructions = parseDockerfile(fs.readFileSync(dockerfile, 'utf8'))
  fs.mkdirSync(home, { recursive: true })
  if (isRoot) fs.chownSync(home, nobody!, nogroup!)
  let stage: Stage | null = null
  for (const { op, args, line } of instructions) {
    const where = `${path.basename(dockerfile)}:${line} ${op}`
    if (op === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)
      if (!m) throw new Error(`${where}: cannot read "${args}"`)
      const parent = stages.find((s) => s.name === m[1])
      const root = parent ? parent.root : fs.mkdtempSync(path.join(base, 'stage-'))
      fs.chmodSync(root, 0o755)
      stage = {
        name: m[2] ?? String(stages.length),
        from: m[1]!,
        root,
        workdir: parent?.workdir ?? '/',
        env: { ...parent?.env },
        user: parent?.user ?? 'root',
        volumes: [],
        expose: [],
        runs: [],
        cmd: null,
        cmdForm: null,
        healthcheck: null,
      }
      if (!parent) note(`FROM ${m[1]}: stood in by this node (${process.version})`)
      stages.push(stage)
      continue
    }
    if (!stage) throw new Error(`${where} before FROM`)
    const isFinal = instructions.filter((i) => i.op === 'FROM').at(-1)!.line < line
    switch (op) {
      case 'WORKDIR':
        stage.workdir = path.posix.resolve(stage.workdir, args)
        fs.mkdirSync(inStage(stage, '.'), { recursive: true })
        break
      case 'ENV':
        Object.assign(stage.env, parseEnv(args))
        break
      case 'COPY':
        copy(stage, args)
        break
      case 'RUN':
        stage.runs.push(args)
        if (isFinal) {
          // Not run: it may only make the user and its folders (the test stands in `nobody` and the VOLUME folders).
          const commands = args.split(/&&|;/).map((c) => c.trim().split(/\s+/)[0])
          const others = commands.filter((c) => !['groupadd', 'useradd', 'mkdir', 'chown'].includes(c!))
          if (others.length) unsupported.push(`${where} ${args}: the final stage may only create its user and folders (${others.join(', ')})`)
        } else if (/^npm ci(\s|$)/.test(args)) installPackages(stage)
        else {
          handOver(stage.root)
          note(`RUN ${args}${isRoot ? ' (as nobody)' : ''}`)
          const started = Date.now()
          await run('/bin/sh', ['-c', args], { cwd: inStage(stage, '.'), env: { PATH, HOME: home, ...stage.env }, ...asNobody }, 300_000)
          note(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
        }
        break
      case 'USER':
        stage.user = args
        break
      case 'VOLUME':
        stage.volumes.push(...(args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/)))
        break
      case 'EXPOSE':
        stage.expose.push(...args.split(/\s+/))
        break
      case 'CMD':
        stage.cmdForm = args.startsWith('[') ? 'exec' : 'shell'
        stage.cmd = stage.cmdForm === 'exec' ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args]
        break
      case 'HEALTHCHECK': {
        const m = /^(?:--\S+\s+)*CMD\s+(.+)$/.exec(args)
        if (!m) throw new Error(`${where}: cannot read "${args}"`)
        stage.healthcheck = m[1]!.startsWith('[') ? (JSON.parse(m[1]!) as string[]) : ['/bin/sh', '-c', m[1]!]
        break
      }
      default:
        unsupported.push(`${where}: the test does not know this instruction`)
    }
  }
  if (!stage) throw new Error('no FROM')
  final = stage
  for (const v of stage.volumes) {
    const dir = inStage(stage, v)
    fs.mkdirSync(dir, { recursive: true })
    if (isRoot) fs.chownSync(dir, nobody!, nogroup!)
  }
}

// --- the container, emulated --------------------------------------------------------------------

let container: ChildProcess | null = null
let nodePid = 0
let output = ''
let origin = ''
let exitCode: number | null | undefined

/** The image's ENV as the container sees it; absolute paths (DATA_DIR=/data) point into the stage's folder. */
function imageEnv(stage: Stage, port: number) {
  // HOME as Docker sets it for USER: the home folder useradd was given (it need not exist or be writable).
  const userHome = stage.runs.join(' ').match(/useradd\b.*--home(?:-dir)?[ =](\S+)/)?.[1] ?? `/home/${stage.user}`
  const env: Record<string, string> = { PATH, HOME: inStage(stage, userHome) }
  for (const [k, v] of Object.entries(stage.env)) env[k] = v.startsWith('/') ? path.join(stage.root, v) : v
  env.PORT = String(port)
  return env
}

function childrenOf(pid: number) {
  return fs
    .readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return Number(fs.readFileSync(`/proc/${e}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)
}

async function until<T>(what: string, check: () => T | Promise<T>, ms: number): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (container && exitCode !== undefined) throw new Error(`the container's process ended (${exitCode}) before: ${what}\n${output.slice(-6000)}`)
    if (Date.now() > deadline) throw new Error(`not within ${ms / 1000} s: ${what}\n${output.slice(-6000)}`)
    await sleep(200)
  }
}

function start(stage: Stage, port: number) {
  const [cmd, ...args] = stage.cmd!
  const program = cmd === 'node' ? process.execPath : cmd!
  const argv = withNamespace
    ? [
        'unshare',
        '--pid',
        '--fork',
        '--mount-proc',
        '--kill-child',
        '--',
        'setpriv',
        `--reuid=${nobody}`,
        `--regid=${nogroup}`,
        '--clear-groups',
        '--',
        program,
        ...args,
      ]
    : [program, ...args]
  if (!withNamespace)
    note(
      isRoot
        ? 'unshare failed: the CMD runs as nobody but not as PID 1'
        : 'not root: the CMD runs as the current user, not as an unprivileged one, and not as PID 1',
    )
  if (!withNamespace && isRoot) argv.unshift('setpriv', `--reuid=${nobody}`, `--regid=${nogroup}`, '--clear-groups', '--')
  const child = spawn(argv[0]!, argv.slice(1), { cwd: inStage(stage, '.'), env: imageEnv(stage, port), stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  child.on('exit', (code, signal) => (exitCode = code ?? (signal ? -1 : null)))
  return child
}

const status = (pid: number, field: string) =>
  fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
    ?.split(/\s+/)
    .slice(1)

describe.sequential('the container image (Dockerfile, checked without Docker)', () => {
  beforeAll(async () => {
    const started = Date.now()
    await build()
    note(`built and assembled in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }, 420_000)

  afterAll(async () => {
    if (container && exitCode === undefined) {
      const exited = new Promise((r) => container!.once('exit', r))
      container.kill(withNamespace ? 'SIGKILL' : 'SIGTERM')
      await exited
    }
    await run('rm', ['-rf', base], { cwd: os.tmpdir(), env: { PATH } }, 170_000)
  }, 180_000)

  it('has only instructions the test can check, and a final stage that runs no more than user and folder set-up', () => {
    expect(unsupported).toEqual([])
  })

  it('starts the app as `npm start` does, without npm or a shell in between (node is PID 1 and handles SIGTERM itself)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(context, 'package.json'), 'utf8')) as { scripts: { start: string } }
    expect(final!.cmdForm).toBe('exec')
    expect(final!.cmd).toEqual(pkg.scripts.start.trim().split(/\s+/))
  })

  it('runs as a user that is not root, whose files are only in the volume: the code is copied as root', () => {
    expect(['root', '0', '0:0', 'root:root']).not.toContain(final!.user)
    expect(chowned).toEqual([])
    expect(final!.volumes).toContain(final!.env.DATA_DIR)
    expect(final!.expose).toContain(final!.env.PORT)
  })

  it('leaves local, built and secret files out of the build context (.dockerignore)', () => {
    for (const p of [
      'node_modules',
      'build',
      'data',
      'data/postgres/PG_VERSION',
      '.git',
      '.env',
      '.react-router',
      'test-results',
      'playwright-report',
      'x.log',
    ])
      expect(ignored(p), p).toBe(true)
    for (const p of ['app/root.tsx', 'locales/de/common.json', 'models', 'server.ts', 'package-lock.json', 'scripts/start.mjs'])
      expect(ignored(p), p).toBe(false)
  })

  it('starts with the image ENV as an unprivileged PID 1 and serves: /healthz, the HEALTHCHECK, a sign-in, a page and its script', async () => {
    const stage = final!
    const port = await freePort()
    origin = `http://localhost:${port}`
    container = start(stage, port)
    // The child of unshare, once it has become node (setpriv has switched the user by then).
    const isNode = (pid: number | undefined) => {
      try {
        return pid && fs.readlinkSync(`/proc/${pid}/exe`) === fs.realpathSync(process.execPath) ? pid : 0
      } catch {
        return 0
      }
    }
    nodePid = withNamespace ? await until('the CMD started in its namespace', () => isNode(childrenOf(container!.pid!)[0]), 30_000) : container.pid!
    if (withNamespace) {
      expect(status(nodePid, 'NSpid')?.at(-1)).toBe('1')
      expect(status(nodePid, 'Uid')).toEqual(Array(4).fill(String(nobody)))
    }
    const healthz = () =>
      fetch(`${origin}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      )
    await until('/healthz answered 200', healthz, 180_000)

    const [probe, ...probeArgs] = stage.healthcheck!
    await run(probe!, probeArgs, { cwd: inStage(stage, '.'), env: imageEnv(stage, port), ...asNobody }, 30_000)

    const signIn = await fetch(`${origin}/?index`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams({ email: 'writer@example.com', password: 'Vorsorge-2026', redirectTo: '' }).toString(),
    })
    expect(signIn.status).toBe(302)
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const page = await fetch(`${origin}/app/user/profile`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('writer@example.com')
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeTruthy()
    expect((await fetch(`${origin}${script}`)).status).toBe(200)
  }, 240_000)

  it('keeps its data in the volume, owned by the unprivileged user, and writes nothing next to its code', () => {
    const stage = final!
    const data = inStage(stage, stage.env.DATA_DIR!)
    expect(fs.existsSync(path.join(data, 'postgres', 'PG_VERSION'))).toBe(true)
    if (isRoot) expect(fs.statSync(path.join(data, 'postgres')).uid).toBe(nobody)
    const copied = new Set(fs.readdirSync(inStage(stage, '.')))
    for (const p of ['data', 'outbox']) expect(copied.has(p), p).toBe(false)
  })

  it('stops cleanly on SIGTERM within 30 s: exit code 0, its PostgreSQL shut down', async () => {
    expect(container && exitCode === undefined).toBe(true)
    const deadline = Date.now() + 30_000
    process.kill(nodePid, 'SIGTERM')
    while (exitCode === undefined && Date.now() < deadline) await sleep(100)
    expect(exitCode, `exit code after SIGTERM (undefined: still running after 30 s)\n${output.slice(-3000)}`).toBe(0)
    expect(output).toMatch(/SIGTERM: shutting down/)
    expect(fs.existsSync(path.join(inStage(final!, final!.env.DATA_DIR!), 'postgres', 'postmaster.pid'))).toBe(false)
  }, 60_000)
})
