import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type pg from 'pg'

/** The commit of the previous release (tests/upgrade/previous-release.json; decision 0047 says when to move it). */
export const PREVIOUS_RELEASE: { commit: string } = JSON.parse(fs.readFileSync(fileURLToPath(new URL('previous-release.json', import.meta.url)), 'utf8'))

const MIGRATIONS = 'models/migrations'

type Journal = { entries: { idx: number; when: number; tag: string }[] }

function git(args: string[], cwd: string): Buffer {
  return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 })
}

/**
 * The migrations of the previous release (the .sql files and meta/_journal.json, by their path under models/migrations), read from the repository's history (`git show
 * <commit>:models/migrations/...`) into a temporary folder that drizzle's migrator can read. Fails
 * with a message that says what to do when the clone lacks the commit (a shallow clone, a copy
 * without .git).
 */
export function previousReleaseMigrations(root = process.cwd()): { folder: string; journal: Journal; files: Map<string, string>; remove: () => void } {
  const { commit } = PREVIOUS_RELEASE
  try {
    git(['cat-file', '-e', `${commit}^{commit}`], root)
  } catch (err) {
    const why = (err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message
    throw new Error(
      `The upgrade test needs the previous release's commit ${commit} (tests/upgrade/previous-release.json) in this clone's history, ` +
        `and it is not there (${why}). Clone with the full history (git fetch --unshallow, or actions/checkout with fetch-depth: 0).`,
    )
  }
  try {
    git(['merge-base', '--is-ancestor', commit, 'HEAD'], root)
  } catch {
    throw new Error(
      `The previous release's commit ${commit} (tests/upgrade/previous-release.json) is not an ancestor of this checkout: name a release this one grew from`,
    )
  }
  const listed = git(['ls-tree', '-r', '--name-only', commit, '--', `${MIGRATIONS}/`], root)
    .toString()
    .split('\n')
    .filter((f) => f.endsWith('.sql') || f.endsWith('meta/_journal.json'))
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-previous-migrations-'))
  const files = new Map<string, string>()
  for (const file of listed) {
    const name = path.relative(MIGRATIONS, file)
    const content = git(['show', `${commit}:${file}`], root)
    files.set(name, content.toString())
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true })
    fs.writeFileSync(path.join(folder, name), content)
  }
  const journalFile = path.join(folder, 'meta', '_journal.json')
  if (!fs.existsSync(journalFile)) throw new Error(`The previous release ${commit} has no ${MIGRATIONS}/meta/_journal.json`)
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal
  return { folder, journal, files, remove: () => fs.rmSync(folder, { recursive: true, force: true }) }
}

type EnsureAppRole = (client: pg.ClientBase, role: { name: string; password: string }) => Promise<void>

/**
 * The previous release's own ensureAppRole (models/core/embedded-postgres.server.ts at its commit),
 * which gave the application role its rights at each start: an upgraded database has them, and the
 * current release's start must leave it with the rights a new database gets (no more). Read from the
 * history into a temporary folder; its one package import (pg) is pointed at this checkout's.
 */
export async function previousReleaseEnsureAppRole(root = process.cwd()): Promise<{ ensureAppRole: EnsureAppRole; remove: () => void }> {
  const file = 'models/core/embedded-postgres.server.ts'
  const source = git(['show', `${PREVIOUS_RELEASE.commit}:${file}`], root).toString()
  const imports = [...source.matchAll(/^import .* from '([^']+)'/gm)].map((m) => m[1]!)
  const unknown = imports.filter((i) => !i.startsWith('node:') && i !== 'pg')
  if (unknown.length)
    throw new Error(
      `The previous release's ${file} imports ${unknown.join(', ')}: teach previousReleaseEnsureAppRole() in tests/upgrade/previous-release.ts to load them`,
    )
  const pgEntry = pathToFileURL(createRequire(import.meta.url).resolve('pg')).href
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vorsorge-previous-role-'))
  const target = path.join(folder, 'embedded-postgres.server.ts')
  fs.writeFileSync(target, source.replace(/^import pg from 'pg'$/m, `import pg from '${pgEntry}'`))
  const loaded = (await import(pathToFileURL(target).href)) as { ensureAppRole?: EnsureAppRole }
  if (typeof loaded.ensureAppRole !== 'function') throw new Error(`The previous release's ${file} has no ensureAppRole`)
  return { ensureAppRole: loaded.ensureAppRole, remove: () => fs.rmSync(folder, { recursive: true, force: true }) }
}
