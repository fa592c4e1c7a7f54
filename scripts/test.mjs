// npm test: the whole suite. Type check, a production build, unit and
// integration tests against a real PostgreSQL (with a crash test of the built
// app), then the end-to-end tests in Chromium with JavaScript on and off.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const node = process.execPath
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file)

function step(name, cmd, args, env = {}) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    console.error(`✗ ${name} failed after ${secs} s`)
    process.exit(r.status ?? 1)
  }
  console.log(`✓ ${name} (${secs} s)`)
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean)
  return candidates.find((p) => fs.existsSync(p))
}

let chromium = findChromium()
if (!chromium) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('▶ no Chromium found: installing Debian’s chromium')
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    chromium = findChromium()
  }
  if (!chromium) {
    console.error('No Chromium found. Install one (Debian: `sudo apt-get install chromium`) or point CHROMIUM_PATH at its executable.')
    process.exit(1)
  }
}

const only = process.argv[2]
if (!only || only === 'lint') {
  step('format and lint (Biome)', node, [bin('@biomejs/biome', 'bin/biome'), 'ci', '.'])
  // Dead exports, unused files and dependencies, unlisted imports (knip.json): fails on any finding.
  step('dead code and dependencies (knip)', node, [bin('knip', 'bin/knip.js'), '--no-progress', '--no-config-hints'])
}
if (!only || only === 'typecheck') {
  step('type check', node, [bin('@react-router/dev', 'bin.js'), 'typegen'])
  step('type check', node, [bin('typescript', 'bin/tsc'), '--noEmit'])
}
// The build comes first: the crash test in the vitest stage starts the built app.
if (!only || only === 'unit' || only === 'e2e') step('production build', node, [bin('@react-router/dev', 'bin.js'), 'build'], { NODE_ENV: 'production' })
if (!only || only === 'unit') step('unit and integration tests (vitest, PostgreSQL)', node, [bin('vitest', 'vitest.mjs'), 'run'])
if (!only || only === 'e2e') {
  step('end-to-end tests (Playwright, Chromium, JavaScript on and off)', node, [bin('@playwright/test', 'cli.js'), 'test'], { CHROMIUM_PATH: chromium })
}
console.log('\nAll tests passed.')
