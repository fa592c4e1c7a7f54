// Gzipped JavaScript a first visit of each page loads, from the client build (issue 9: at most
// 150 KB on any page). For every route: the entry module and its imports, the translation chunks
// the entry loads before it hydrates (German, the default language), the route manifest file
// (decision 0022: the whole manifest, cached), and the module and imports of each route in the
// chain from the root, each file counted once and gzipped at level 9.
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
  // The entry maps `../locales/<language>/<namespace>.json` to chunks and loads every namespace before hydrating.
  const entryText = fs.readFileSync(path.join(client, manifest.entry.module), 'utf8')
  const locales = [...entryText.matchAll(/"\.\.\/locales\/de\/[\w-]+\.json"\s*:\s*\(\)\s*=>[^"]*?import\("\.\/([^"]+)"\)/g)].map((m) => `/assets/${m[1]}`)
  const parents = new Set(Object.values(manifest.routes).map((r) => r.parentId))
  const pages: { page: string; gzBytes: number; files: number }[] = []
  for (const route of Object.values(manifest.routes)) {
    // A page is a route nothing else nests in (a layout is counted with its pages).
    if (parents.has(route.id) || !route.hasDefaultExport) continue
    const files = new Set([manifest.entry.module, ...manifest.entry.imports, ...locales, ...(manifest.url ? [manifest.url] : [])])
    for (let r: Manifest['routes'][string] | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module)
      for (const i of r.imports ?? []) files.add(i)
    }
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
