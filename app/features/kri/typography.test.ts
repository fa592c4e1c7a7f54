import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'

/*
 * French puts a narrow no-break space before a colon: a colon written into a page between two
 * texts is right in German and English only. The pages of the KRI area and the report take the
 * colon from the language's texts instead.
 */
const PAGES = [
  'app/features/kri/acceptance/edit.tsx',
  'app/features/kri/acceptance/index.tsx',
  'app/features/kri/underfunding/index.tsx',
  'app/features/report/kri-section.tsx',
  'app/features/report/detail.tsx',
  'app/features/report/compare.tsx',
]

describe('colons between texts', () => {
  for (const file of PAGES) {
    it(`come from the language's texts in ${path.basename(path.dirname(file))}/${path.basename(file)}`, () => {
      const source = fs.readFileSync(file, 'utf8')
      // `{a}: {b}` in markup, or `${a}: ${b}` in a template: a colon between two interpolations (not a type annotation).
      const lines = source.split('\n').filter((l) => /\}: \$?\{/.test(l) && !/^\s*\}: \{\s*$/.test(l) && !/function /.test(l))
      expect(lines).toEqual([])
    })
  }

  it('takes a narrow no-break space before the colon in French', () => {
    const fr = getFixedT('fr')
    const de = getFixedT('de')
    expect(fr('kri:acceptance.heading', { title: 'A', risk: 'B' })).toBe('A\u202f: B')
    expect(de('kri:acceptance.heading', { title: 'A', risk: 'B' })).toBe('A: B')
    expect(fr('kri:underfunding.dutyLine', { duty: 'A', done: 'B' })).toBe('A\u202f: B')
    expect(fr('report:kri.trendPoint', { date: 'A', status: 'B' })).toBe('A\u202f: B')
    expect(fr('report:asOf.line', { record: 'A', reason: 'B' })).toBe('A\u202f: B')
  })
})
