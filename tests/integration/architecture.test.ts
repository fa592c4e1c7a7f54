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
function importsOf(file: string, given?: string[]): string[] {
  const specs = given ?? [...readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!)
  return specs.map((spec) => {
    if (spec.startsWith('#app/')) return `app/${spec.slice(5)}`
    if (spec.startsWith('#models/')) return `models/${spec.slice(8)}`
    if (spec.startsWith('.')) return path.normalize(path.join(path.dirname(file), spec))
    return spec
  })
}

/**
 * The files an import graph ties into cycles: every strongly connected component of more than one file
 * (Tarjan), or a file importing itself. Imports of types only are left out: they vanish at run time.
 */
function filesInCycles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return cycles
}

/** The run-time imports between the source files of app/ and models/ (no tests, no types-only imports). */
function sourceGraph(
  files = [...filesUnder('app'), ...filesUnder('models')],
  read = (file: string) => readFileSync(path.join(root, file), 'utf8'),
): Map<string, string[]> {
  const sources = files.filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes('+types'))
  const known = new Set(sources)
  const resolve = (target: string) => [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((c) => known.has(c))
  const runtimeImport = /^(?:import|export)\s+(?!type\b)[^;'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm
  return new Map(
    sources.map((file) => {
      const specs = [...read(file).matchAll(runtimeImport)].map((m) => (m[1] ?? m[2] ?? m[3])!)
      return [file, [...new Set(importsOf(file, specs).flatMap((t) => resolve(t) ?? []))]]
    }),
  )
}

const FEATURES = 'app/features/'
const featureOf = (file: string) => (file.startsWith(FEATURES) ? file.slice(FEATURES.length).split('/')[0]! : null)

/** Every import from one feature's file into another feature's, tests left out (they may reach anywhere). */
function crossFeatureImports(files = filesUnder('app/features'), read = importsOf): { from: string; to: string; file: string; target: string }[] {
  return files
    .filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes('+types'))
    .flatMap((file) =>
      read(file).flatMap((target) => {
        const from = featureOf(file)
        const to = featureOf(target)
        return from && to && from !== to ? [{ from, to, file, target }] : []
      }),
    )
}

/** The features that reach each other both ways, as "a ↔ b". */
function bothWays(imports: { from: string; to: string }[]): string[] {
  const pairs = new Set(imports.map((i) => `${i.from}→${i.to}`))
  return [...pairs].flatMap((p) => {
    const [a, b] = p.split('→') as [string, string]
    return a < b && pairs.has(`${b}→${a}`) ? [`${a} ↔ ${b}`] : []
  })
}

/**
 * What features may import from each other (issue 24, decision 0055): only ever fewer. Lower these when
 * a change takes imports away; a change that needs more moves the shared piece below the features.
 */
const CROSS_FEATURE_BUDGET = { imports: 36, bothWays: 0 }

/**
 * A feature's face: what another feature may import from it. face.ts holds what runs anywhere (schemas,
 * rules, types), face.server.ts the services, face.tsx the components: a service importing a face
 * pulls in no component and no style (the jobs run outside Vite, where a .css.ts cannot load).
 */
const FACE = /^app\/features\/[\w-]+\/face(\.server\.ts|\.ts|\.tsx)$/

/** Imports across features that pass by the target's face, as "file → target". */
function pastTheFace(imports: { file: string; target: string }[]): string[] {
  return imports.filter((i) => !FACE.test(i.target)).map((i) => `${i.file} → ${i.target}`)
}

/** Lines of a face that do more than re-export: a face states what a feature offers, it holds no code. */
function codeInFace(text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const statements = withoutComments
    .split(/\n(?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean)
  return statements.filter((s) => !/^export (type )?\{[^}]*\} from '\.\/[\w./-]+'$/.test(s))
}

describe('the shape of the code', () => {
  it('keeps imports between features within their budget, and styles inside their feature', () => {
    const imports = crossFeatureImports()
    expect(imports.length, 'imports from one feature into another').toBeLessThanOrEqual(CROSS_FEATURE_BUDGET.imports)
    const mutual = bothWays(imports)
    expect(mutual.length, `features importing each other both ways: ${mutual.join(', ')}`).toBeLessThanOrEqual(CROSS_FEATURE_BUDGET.bothWays)
    expect(imports.filter((i) => i.target.endsWith('.css.ts')).map((i) => `${i.file} → ${i.target}`)).toEqual([])
  })

  it('lets features meet only through their faces, which only re-export', () => {
    expect(pastTheFace(crossFeatureImports())).toEqual([])
    const faces = filesUnder('app/features').filter((f) => FACE.test(f))
    expect(faces.length).toBeGreaterThan(5)
    expect(faces.flatMap((f) => codeInFace(readFileSync(path.join(root, f), 'utf8')).map((s) => `${f}: ${s}`))).toEqual([])
    const componentsPastTheirFace = faces
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i.endsWith('.tsx'))
          .map((i) => `${f} → ${i}`),
      )
    expect(componentsPastTheirFace).toEqual([])
  })

  it('tells a face from a file past it, and a re-export from code', () => {
    const imports: Record<string, string[]> = {
      'app/features/a/page.tsx': ['app/features/b/face.server.ts', 'app/features/b/b.server.ts', 'app/features/c/face.ts'],
    }
    expect(pastTheFace(crossFeatureImports(Object.keys(imports), (f) => imports[f] ?? []))).toEqual(['app/features/a/page.tsx → app/features/b/b.server.ts'])
    expect(codeInFace("/** The face. */\nexport { a, type B } from './a.server.ts'\nexport type { C } from './c.ts'\n")).toEqual([])
    expect(codeInFace("export { a } from './a.ts'\nexport const b = 1\nexport { c } from '#app/features/d/d.ts'\n")).toEqual([
      'export const b = 1',
      "export { c } from '#app/features/d/d.ts'",
    ])
  })

  it('keeps the floor below the features: only the accountability module reads the audit labels and read kinds each feature states', () => {
    const floor = ['app/ui', 'app/auth', 'app/utils', 'app/i18n', 'app/accountability', 'server']
      .flatMap((d) => filesUnder(d))
      .filter((f) => !/\.test\.tsx?$/.test(f))
    const offenders = floor.flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith('app/features/'))
        .filter((i) => !(f.startsWith('app/accountability/') && /\/(audit-fields\.ts|read-kinds\.server\.ts)$/.test(i)))
        // The jobs' schedule is a composition root like app/routes.ts: it starts each feature's job through its face.
        .filter((i) => !(f === 'server/jobs.ts' && FACE.test(i)))
        .map((i) => `${f} → ${i}`),
    )
    expect(offenders).toEqual([])
    const labels = [...filesUnder('app/features'), ...filesUnder('app/auth')].filter((f) => /\/(audit-fields\.ts|read-kinds\.server\.ts)$/.test(f))
    expect(labels.length).toBeGreaterThan(8)
    expect(
      labels.flatMap((f) =>
        importsOf(f)
          .filter((i) => i.startsWith('app/'))
          .map((i) => `${f} → ${i}`),
      ),
    ).toEqual([])
  })

  it('counts what the budget counts: imports across features, not inside one, not from a test', () => {
    const imports: Record<string, string[]> = {
      'app/features/a/page.tsx': ['app/features/b/b.server.ts', 'app/features/a/a.server.ts', 'app/ui/card.tsx', 'react'],
      'app/features/b/b.server.ts': ['app/features/a/a.server.ts'],
      'app/features/b/b.test.ts': ['app/features/c/c.server.ts'],
    }
    const counted = crossFeatureImports(Object.keys(imports), (f) => imports[f] ?? [])
    expect(counted.map((i) => `${i.from}→${i.to}`)).toEqual(['a→b', 'b→a'])
    expect(bothWays(counted)).toEqual(['a ↔ b'])
  })

  it('has no import cycle among the source files of app/ and models/', () => {
    const cycles = filesInCycles(sourceGraph())
    expect(
      cycles.map((files) => files.join(' ⇄ ')),
      'files importing each other in a circle',
    ).toEqual([])
  })

  it('finds a cycle through files, resolving #app/, #models/ and relative imports, and leaves chains and types alone', () => {
    const texts: Record<string, string> = {
      'app/features/a/page.tsx': "import { b } from '#app/features/b/b.server.ts'\nimport type { C } from '#models/core/c'",
      'app/features/b/b.server.ts': "import {\n  c,\n} from '#models/core/c'\nexport { d } from './d.ts'",
      'app/features/b/d.ts': "import React from 'react'",
      'models/core/c.ts': "const page = () => import('../../app/features/a/page.tsx')",
      'models/core/c.test.ts': "import { b } from '#app/features/b/b.server.ts'",
      'app/ui/e.tsx': "import type { E } from './f.tsx'",
      'app/ui/f.tsx': "import { e } from './e'",
    }
    const graph = sourceGraph(Object.keys(texts), (f) => texts[f]!)
    expect(filesInCycles(graph)).toEqual([['app/features/a/page.tsx', 'app/features/b/b.server.ts', 'models/core/c.ts']])
    texts['models/core/c.ts'] = "import type { Page } from '../../app/features/a/page.tsx'"
    expect(filesInCycles(sourceGraph(Object.keys(texts), (f) => texts[f]!))).toEqual([])
    expect(filesInCycles(new Map([['app/self.ts', ['app/self.ts']]]))).toEqual([['app/self.ts']])
  })

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
