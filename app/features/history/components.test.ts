import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/** Every source file of the app and the models, as the audit entries' components are written there. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sources(p)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : []
  })
}

describe('the history and the trail name every component in the reader’s language', () => {
  it('has a label in de, fr and en for every component the code writes', () => {
    const written = new Set<string>()
    for (const file of [...sources('app'), ...sources('models')]) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/component: '([A-Za-z]+)'/g)) written.add(m[1])
    }
    expect(written.size).toBeGreaterThan(20)
    for (const lng of ['de', 'fr', 'en']) {
      const labels = JSON.parse(fs.readFileSync(`locales/${lng}/common.json`, 'utf8')).history.component as Record<string, string>
      expect([...written].filter((c) => !labels[c]).sort(), lng).toEqual([])
    }
  })
})
