// Gzipped JavaScript a first visit of each page loads, from the client build (issue 9: at most
// 150 KB on any page). For every route: the entry module and its imports, the route manifest file
// (decision 0022: the whole manifest, cached), the module and imports of each route in the chain
// from the root, each file counted once and gzipped at level 9, and the translation chunks the entry
// loads before it hydrates (German, the default language): `common` and every namespace the page's
// code names (`'risk:…'`), and for the inventory kit's `${ns}:…` its tool's (the
// tool the page names itself, or both when it names none; decision 0024). That is at least what the page's render uses.
//   npm run bench:js        (after npm run build)
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import zlib from 'node:zlib'

export const MAX_JS_KB = 150

type Manifest = {
  url?: string
  entry: { module: string; imports: string[] }
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; hasDefaultExport?: boolean; module: string; imports?: string[] }>
}

/** The URL pattern of a route: its own and its parents' paths joined. */
function patternOf(manifest: Manifest, id: string): string {
  const parts: string[] = []
  for (let route: Manifest['routes'][string] | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path.replace(/^\/|\/$/g, ''))
  }
  return `/${parts.filter(Boolean).join('/')}`
}

export async function jsPerPage(root: string): Promise<{ page: string; gzBytes: number; files: number }[]> {
  const client = path.join(root, 'build/client')
  const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as { assets: Manifest }
  const manifest = build.assets
  const sizes = new Map<string, number>()
  const gz = (url: string) => {
    let size = sizes.get(url)
    if (size === undefined) {
      const file = path.join(client, url)
      size = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0
      sizes.set(url, size)
    }
    return size
  }
  // The entry maps `../../locales/<language>/<namespace>.json` to chunks.
  const entryText = fs.readFileSync(path.join(client, manifest.entry.module), 'utf8')
  const locales = new Map(
    [...entryText.matchAll(/"(?:\.\.\/)+locales\/de\/([\w-]+)\.json"\s*:\s*\(\)\s*=>[^"]*?import\("\.\/([^"]+)"\)/g)].map((m) => [m[1], `/assets/${m[2]}`]),
  )
  if (!locales.has('common')) throw new Error('the entry names no translation chunks: bench/js.ts no longer reads the build right')
  const texts = new Map<string, string>()
  const text = (url: string) => {
    let t = texts.get(url)
    if (t === undefined) {
      const file = path.join(client, url)
      t = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
      texts.set(url, t)
    }
    return t
  }
  const namespacesOf = (files: Set<string>) => {
    const named = new Set(['common'])
    let variable = false
    for (const f of files) {
      const code = text(f)
      for (const ns of locales.keys()) if (new RegExp(`["'\`]${ns}:`).test(code)) named.add(ns)
      variable ||= /\$\{[\w$]+\}:[a-z]/.test(code)
    }
    // The kit's `${ns}:…` is the page's tool, which the page names itself; when it does not, count both.
    if (variable && !named.has('risk') && !named.has('iks')) for (const ns of ['risk', 'iks']) named.add(ns)
    return [...named].map((ns) => locales.get(ns)).filter((url): url is string => !!url)
  }
  const parents = new Set(Object.values(manifest.routes).map((r) => r.parentId))
  const pages: { page: string; gzBytes: number; files: number }[] = []
  for (const route of Object.values(manifest.routes)) {
    // A page is a route nothing else nests in (a layout is counted with its pages).
    if (parents.has(route.id) || !route.hasDefaultExport) continue
    const files = new Set([manifest.entry.module, ...manifest.entry.imports, ...(manifest.url ? [manifest.url] : [])])
    for (let r: Manifest['routes'][string] | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module)
      for (const i of r.imports ?? []) files.add(i)
    }
    for (const url of namespacesOf(files)) files.add(url)
    pages.push({ page: patternOf(manifest, route.id), gzBytes: [...files].reduce((sum, f) => sum + gz(f), 0), files: files.size })
  }
  return pages.sort((a, b) => b.gzBytes - a.gzBytes)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const pages = await jsPerPage(root)
  for (const p of pages) console.log(`${p.page.padEnd(48)} ${(p.gzBytes / 1024).toFixed(1).padStart(7)} KB  ${p.gzBytes / 1024 > MAX_JS_KB ? 'FLAG' : ''}`)
  const max = pages[0]
  console.log(`\nlargest: ${max?.page} ${(max.gzBytes / 1024).toFixed(1)} KB gzipped (target <= ${MAX_JS_KB} KB); ${pages.length} pages`)
}
