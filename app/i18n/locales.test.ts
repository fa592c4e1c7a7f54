import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { namespaces, supportedLanguages } from './config.ts'

type Tree = { [key: string]: string | Tree }
const root = path.resolve(__dirname, '../../locales')
const load = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(root, lng, `${ns}.json`), 'utf8')) as Tree
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))))

describe('translations', () => {
  it('every namespace file exists in every language and nothing else is there', () => {
    for (const lng of supportedLanguages) {
      const files = fs
        .readdirSync(path.join(root, lng))
        .filter((f) => f.endsWith('.json'))
        .sort()
      expect(files).toEqual(namespaces.map((n) => `${n}.json`).sort())
    }
  })

  for (const ns of namespaces) {
    it(`${ns}: every key exists in every language, non-empty, with the same placeholders`, () => {
      const maps = Object.fromEntries(supportedLanguages.map((l) => [l, flatten(load(l, ns))]))
      const all = new Set(Object.values(maps).flatMap((m) => Object.keys(m)))
      for (const lng of supportedLanguages) {
        const missing = [...all].filter((k) => !(k in maps[lng]))
        expect(missing, `missing in ${lng}`).toEqual([])
        for (const [k, v] of Object.entries(maps[lng])) expect(v.trim(), `${lng} ${k}`).not.toBe('')
      }
      const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join()
      for (const k of all) {
        expect(placeholders(maps.fr[k]), `fr ${k}`).toBe(placeholders(maps.en[k]))
        expect(placeholders(maps.de[k]), `de ${k}`).toBe(placeholders(maps.en[k]))
      }
    })
  }

  it('Swiss German: never ß', () => {
    for (const ns of namespaces) expect(JSON.stringify(load('de', ns))).not.toContain('ß')
  })

  it('the messages of SPEC.md §5 and §8 stand verbatim in English and German', () => {
    const en = flatten(load('en', 'common'))
    const de = flatten(load('de', 'common'))
    expect(en['validation.required']).toBe('This is a required field')
    expect(de['validation.required']).toBe('Dies ist ein Pflichtfeld')
    expect(en['validation.passwordMin']).toBe('It needs at least 8 characters')
    expect(en['validation.email']).toBe('This is not a valid e-mail address')
    expect(en['validation.passwordMatch']).toBe('The password does not match')
    expect(en['validation.twoChars']).toBe('It must be two characters')
    expect(en['validation.multipleBlocks']).toBe('It is not possible to edit multiple blocks at the same time.')
    expect(en['validation.linkMissing']).toBe('Linking error - The URL is missing from this entry.')
    expect(en['toast.created']).toBe('A new entry has been created')
    expect(en['toast.saved']).toBe('Data has been saved')
    expect(en['toast.deleted']).toBe('The data has been deleted')
    expect(en['toast.added']).toBe('Entry added')
    expect(en['toast.passwordChanged']).toBe('Your password has been changed')
    expect(en['toast.passwordResetSuccess']).toBe('Your password has been (re)set. Please check your mailbox.')
    expect(en['table.empty']).toBe('No data available')
    expect(en['table.emptyFiltered']).toBe('No data available due to the filter settings.')
  })

  it('a message shown on its own (an error page, a refused file, a refused report) ends with its full stop', () => {
    // Headings, labels and field messages beside their field have none; the toasts and field messages of
    // SPEC.md §5 and §8 stand verbatim (see above).
    const sentences: [ns: string, key: RegExp][] = [
      ['common', /^error\.\d+\.(?!title$)\w+$/],
      ['import', /^file\./],
      ['report', /^errors\./],
      ['dsg', /^dpia\.error\./],
    ]
    for (const lng of supportedLanguages)
      for (const [ns, key] of sentences) {
        const texts = Object.entries(flatten(load(lng, ns))).filter(([k]) => key.test(k))
        expect(texts.length, `${ns} ${key}`).toBeGreaterThan(0)
        for (const [k, v] of texts) expect(v, `${lng} ${ns}:${k}`).toMatch(/[.!?…]$/)
      }
  })

  it('every key used in the code exists', () => {
    // Keys without a namespace prefix live in common; others are written 'risk:…', 'sadmin:…'.
    const keys = new Set(namespaces.flatMap((ns) => Object.keys(flatten(load('en', ns))).map((k) => (ns === 'common' ? k : `${ns}:${k}`))))
    const used = new Set<string>()
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(p)
        else if (/\.(tsx?|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          const src = fs.readFileSync(p, 'utf8')
          for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z][\w.:]*)'/g)) used.add(m[1])
          for (const m of src.matchAll(
            /'((?:account:)?(?:validation|login|pwd|company|dselector|measures|documents|common|recurrence|links)\.[a-zA-Z][\w.]*)'/g,
          ))
            used.add(m[1])
        }
      }
    }
    walk(path.resolve(__dirname, '..'))
    // A counted text is found by its plural forms (key_one, key_other).
    expect([...used].filter((k) => !keys.has(k) && !keys.has(`${k}_other`))).toEqual([])
  })
})
