import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain module hook without types
import { patchNames, patchReactRouter } from './react-router-patch.mjs'

const dist = path.resolve(__dirname, '../node_modules/react-router/dist')
const patch = patchReactRouter as (source: string) => { source: string; applied: string[] }

describe('React Router builds its route tree once per build', () => {
  it('finds every statement it changes in the installed React Router (an upgrade that moves one fails here)', () => {
    for (const dir of ['development', 'production']) {
      const applied = fs
        .readdirSync(path.join(dist, dir))
        .filter((f) => f.endsWith('.mjs'))
        .flatMap((f) => patch(fs.readFileSync(path.join(dist, dir, f), 'utf8')).applied)
      expect([...new Set(applied)].sort(), dir).toEqual([...(patchNames as string[])].sort())
    }
  })

  it('the server keeps the matches of a path and hands out copies: each request gets its own params', () => {
    const script = `
      const { createStaticHandler } = await import('react-router');
      const handler = createStaticHandler([{ id: 'root', path: '/', children: [
        { id: 'list', path: 'risk', loader: () => 'list' },
        { id: 'detail', path: 'risk/:id', loader: ({ params }) => params.id },
      ] }]);
      const get = async (path) => handler.query(new Request('http://x' + path));
      const a = await get('/risk/1'), b = await get('/risk/2'), c = await get('/risk/1'), d = await get('/nothing');
      a.matches[1].params.id = 'changed';
      const e = await get('/risk/1');
      console.log(JSON.stringify([a.loaderData.detail, b.loaderData.detail, c.loaderData.detail, e.matches.map((m) => m.route.id + ':' + (m.params.id ?? '')), d.statusCode, e.matches[0].params === e.matches[1].params]));`
    const run = spawnSync(process.execPath, ['--import', path.resolve(__dirname, 'register-react-router-patch.mjs'), '--input-type=module', '-e', script], {
      cwd: path.resolve(__dirname, '..'),
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual(['1', '2', '1', ['root:1', 'detail:1'], 404, true])
  })

  it('the hook changes what node loads: ServerRouter and createStaticRouter reuse one tree', () => {
    const script = `
      const rr = await import('react-router');
      console.log(String(rr.ServerRouter).includes('__serverRoutesOnce'), String(rr.createStaticRouter).includes('__staticDataRoutesOnce'));`
    const run = spawnSync(process.execPath, ['--import', path.resolve(__dirname, 'register-react-router-patch.mjs'), '--input-type=module', '-e', script], {
      cwd: path.resolve(__dirname, '..'),
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('true true')
  })
})
