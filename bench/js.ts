// Gzipped JavaScript that a first load of each page needs, from the client build: the entry module
// and its imports, plus each route module of the matched chain and its imports, each file counted
// once and gzipped on its own. Read from build/client's route manifest (the one the browser gets),
// so the app must be built (npm run build; npm run bench builds first). A minimal version: the
// page list is the bench's (bench/pages.ts), `:id` standing for any record.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { matchRoutes, type RouteObject } from 'react-router'
import { MAIN } from './pages.ts'

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }

export const MAX_JS_KB = 150

export function jsPerPage(root: string): { page: string; gzBytes: number }[] {
  const client = path.join(root, 'build/client')
  const assets = path.join(client, 'assets')
  const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f))
  if (!file) throw new Error(`no route manifest in ${assets}: build the app first (npm run build)`)
  const text = fs.readFileSync(path.join(assets, file), 'utf8')
  const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as Manifest

  const objects = new Map<string, RouteObject & { id: string }>()
  for (const r of Object.values(manifest.routes))
    objects.set(r.id, { id: r.id, path: r.path, index: r.index, children: r.index ? undefined : [] } as RouteObject & { id: string })
  const top: RouteObject[] = []
  for (const r of Object.values(manifest.routes)) {
    const o = objects.get(r.id)!
    const parent = r.parentId ? objects.get(r.parentId) : undefined
    if (parent) parent.children?.push(o)
    else top.push(o)
  }

  const sizes = new Map<string, number>()
  const gz = (url: string) => {
    let n = sizes.get(url)
    if (n === undefined) {
      n = zlib.gzipSync(fs.readFileSync(path.join(client, url))).length
      sizes.set(url, n)
    }
    return n
  }
  return MAIN.map((p) => p.name)
    .filter((name) => name !== '/healthz')
    .map((page) => {
      const pathname = page.replace(':id', '00000000-0000-4000-8000-000000000000').split('?')[0]
      const chain = matchRoutes(top, pathname) ?? []
      const files = new Set([manifest.entry.module, ...manifest.entry.imports])
      for (const m of chain) {
        const r = manifest.routes[(m.route as { id: string }).id]
        files.add(r.module)
        for (const i of r.imports ?? []) files.add(i)
      }
      return { page, gzBytes: [...files].reduce((s, f) => s + gz(f), 0) }
    })
}
