import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The shape of the code (docs/decisions/0017-one-shape.md), checked on every run so that it
// cannot drift back: the design system knows no feature, the database layer knows no app,
// tenant scope is never written by hand, and every route lives in a feature.

const root = path.resolve(import.meta.dirname, '../..')

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name)
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...filesUnder(rel))
    else if (/\.(ts|tsx)$/.test(name)) out.push(rel)
  }
  return out
}

/** The module specifiers a file imports, resolved to paths from the project root where they are local. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8')
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1])
  return specs.map((spec) => {
    if (spec.startsWith('#app/')) return `app/${spec.slice(5)}`
    if (spec.startsWith('#models/')) return `models/${spec.slice(8)}`
    if (spec.startsWith('.')) return path.normalize(path.join(path.dirname(file), spec))
    return spec
  })
}

describe('the shape of the code', () => {
  it('keeps the design system free of features', () => {
    const offenders = filesUnder('app/ui').flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith('app/features/'))
        .map((i) => `${f} → ${i}`),
    )
    expect(offenders).toEqual([])
  })

  it('keeps the database layer free of the app', () => {
    const offenders = filesUnder('models').flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith('app/'))
        .map((i) => `${f} → ${i}`),
    )
    expect(offenders).toEqual([])
  })

  it('points every route of app/routes.ts into a feature', () => {
    const routes = readFileSync(path.join(root, 'app/routes.ts'), 'utf8')
    const files = [...routes.matchAll(/'([\w/.-]+\.tsx?)'/g)].map((m) => m[1])
    expect(files.length).toBeGreaterThan(50)
    expect(files.filter((f) => !f.startsWith('features/'))).toEqual([])
  })

  it('writes no customer filter by hand outside models/core: row-level security scopes every query', () => {
    const handWritten = /eq\(\s*[\w.]+\.customerId\s*,\s*access\.customer\.id\s*\)/
    const offenders = [...filesUnder('app'), ...filesUnder('models')]
      .filter((f) => !f.startsWith('models/core/') && !f.endsWith('.test.ts'))
      .filter((f) => handWritten.test(readFileSync(path.join(root, f), 'utf8')))
    expect(offenders).toEqual([])
  })
})
