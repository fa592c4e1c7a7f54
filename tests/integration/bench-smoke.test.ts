import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm run bench` must run on a fresh clone (issue 24): its smoke mode starts the app as the bench does, on a
// small seed of its own (data/bench-smoke), measures /imprint and the signed-in floor for a second each and
// stops everything it started. The figures are not judged here, only that the bench gets through.
const root = path.resolve(import.meta.dirname, '../..')

describe('the bench', () => {
  it('starts the app, measures a page and the signed-in floor, and exits 0 (--smoke)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', EMBEDDED_PG_PORT: '', BENCH_JSON: '', BENCH_URL: '', BENCH_PAGES: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    const code = await new Promise<number | null>((r) => child.once('exit', r))
    expect(code, output).toBe(0)
    expect(output).toMatch(/^page\s+req\/s\s+p50 ms/m)
    expect(output).toMatch(/^\/imprint\s+\d+\s+[\d.]+/m)
    expect(output).toMatch(/^\/app\/user\/profile\s+\d+\s+[\d.]+/m)
    expect(output).toMatch(/^POST \/app\/risk\/map with severity\[99999\]: \d+ in \d+ ms/m)
    expect(output).toMatch(/\[bench\] done in \d+ s/)
  }, 180_000)
})
