// Builds the floor app when its build is missing or stale, and starts it on a port.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { supervise } from '../lib.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../..')

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  return fs.readdirSync(p).reduce((max, e) => Math.max(max, newest(path.join(p, e))), st.mtimeMs)
}

export function buildFloor() {
  const marker = path.join(here, 'build/server/index.js')
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0
  const sources = ['app', 'react-router.config.ts', 'vite.config.ts'].map((s) => newest(path.join(here, s)))
  if (built && sources.every((t) => t <= built)) return
  console.error('[floor] building bench/floor')
  const bin = path.join(root, 'node_modules/@react-router/dev/bin.js')
  const r = spawnSync(process.execPath, [bin, 'build'], { cwd: here, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } })
  if (r.status !== 0) throw new Error('the floor app did not build')
}

/** Starts the floor on 127.0.0.1:port with `workers` server processes and resolves once it answers; stop() ends it. */
export async function startFloor(port: number, workers = 1): Promise<{ url: string; stop: () => Promise<void> }> {
  buildFloor()
  // As `npm start` serves the app: the same young generation and the same React Router (scripts/start.mjs).
  const patch = path.join(root, 'server/register-react-router-patch.mjs')
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=32', '--import', patch, '--import', 'tsx', path.join(here, 'server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), WEB_CONCURRENCY: String(workers) },
  })
  const url = `http://127.0.0.1:${port}`
  const stop = supervise(child, 10_000)
  const until = Date.now() + 30_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the floor app exited (${child.exitCode})`)
    try {
      if ((await fetch(`${url}/`)).ok) return { url, stop }
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  await stop()
  throw new Error('the floor app did not answer within 30 s')
}
