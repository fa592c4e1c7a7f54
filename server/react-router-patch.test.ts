import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain module hook without types
import { patchReactRouter } from './react-router-patch.mjs'

const dist = path.resolve(__dirname, '../node_modules/react-router/dist')

describe('React Router builds its route tree once per build', () => {
  it('finds the line it changes in the installed React Router (an upgrade that moves it fails here)', () => {
    const files = ['development', 'production'].flatMap((d) =>
      fs
        .readdirSync(path.join(dist, d))
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => path.join(dist, d, f)),
    )
    const withServerRouter = files.filter((f) => fs.readFileSync(f, 'utf8').includes('function ServerRouter('))
    expect(withServerRouter.length).toBeGreaterThan(0)
    for (const f of withServerRouter) {
      const patched = patchReactRouter(fs.readFileSync(f, 'utf8')) as string | null
      expect(patched, f).not.toBeNull()
      expect(patched).toContain('__serverRoutesOnce(manifest.routes')
    }
  })

  it('the hook changes what node loads: ServerRouter then reuses one tree', () => {
    const script = `
      const rr = await import('react-router');
      console.log(typeof rr.ServerRouter, String(rr.ServerRouter).includes('__serverRoutesOnce'));`
    const run = spawnSync(process.execPath, ['--import', path.resolve(__dirname, 'register-react-router-patch.mjs'), '--input-type=module', '-e', script], {
      cwd: path.resolve(__dirname, '..'),
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('function true')
  })
})
