// npm start: build when the build is missing or older than the sources, then serve.
// Migrations run and an empty database is seeded by the server itself. A worker of the cluster
// (WEB_CONCURRENCY above 1, server/cluster.ts) runs this script too: its primary has built already.
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const SOURCES = ['app', 'models', 'locales', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json']

function newest(p) {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)))
  return max
}

const marker = path.join(root, 'build/server/index.js')
const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0
// Without the bundler (a production install such as the container image, built beforehand) the build is served as it is.
const bin = path.join(root, 'node_modules/@react-router/dev/bin.js')
const canBuild = fs.existsSync(bin)
if (cluster.isPrimary && !built && !canBuild) {
  console.error('[start] The app is not built and cannot be built here (no @react-router/dev): run `npm ci`, then `npm start`.')
  process.exit(1)
}
if (cluster.isPrimary && canBuild && (!built || SOURCES.some((s) => newest(path.join(root, s)) > built))) {
  console.log('[start] building the app (missing or stale build)')
  const result = spawnSync(process.execPath, [bin, 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

process.env.NODE_ENV = 'production'
// React Router builds its route tree once per build, not on every page (server/react-router-patch.mjs).
await import('../server/register-react-router-patch.mjs')
const { register } = await import('tsx/esm/api')
register()
await import('../server.ts')
