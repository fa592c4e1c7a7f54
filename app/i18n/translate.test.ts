import { describe, expect, it } from 'vitest'
import { getFixedT, i18nForRequest, resources } from './resources.server.ts'
import { createT, interpolate, splitKey, type Tree } from './translate.ts'

const de: Record<string, Tree> = {
  common: { a: { b: 'Hallo {{name}}', plain: 'Nur Text' }, n: 'Keine', n_one: 'Ein Risiko', n_other: '{{count}} Risiken' },
  risk: { x: 'Risiko {{ idkey }}' },
}
const fr: Record<string, Tree> = { common: { a: { b: 'Bonjour {{name}}' } }, risk: {} }

describe('translations', () => {
  it('splits a key into namespace and path; without a namespace it is common', () => {
    expect(splitKey('risk:field.title')).toEqual(['risk', 'field.title'])
    expect(splitKey('toast.saved')).toEqual(['common', 'toast.saved'])
  })

  it('fills placeholders with the options (spaces and dotted paths too), leaves unknown ones', () => {
    expect(interpolate('{{a}} and {{ b.c }}', { a: 1, b: { c: 'x' } })).toBe('1 and x')
    expect(interpolate('{{missing}} stays', {})).toBe('{{missing}} stays')
    // React escapes what it renders; the text itself is not escaped twice.
    expect(interpolate('{{v}}', { v: '<b>&' })).toBe('<b>&')
  })

  it('looks up nested keys and namespaces, falls back to German, and answers an unknown key with itself', () => {
    const tDe = createT('de', (ns) => de[ns])
    const tFr = createT(
      'fr',
      (ns) => fr[ns],
      (ns) => de[ns],
    )
    expect(tDe('a.b', { name: 'Erika' })).toBe('Hallo Erika')
    expect(tDe('risk:x', { idkey: 'R1' })).toBe('Risiko R1')
    expect(tFr('a.b', { name: 'Erika' })).toBe('Bonjour Erika')
    expect(tFr('a.plain')).toBe('Nur Text')
    expect(tDe('a.nothing')).toBe('a.nothing')
    expect(tDe('a')).toBe('a')
  })

  it('takes the plural form of the count when the key has one', () => {
    const t = createT('de', (ns) => de[ns])
    expect(t('n', { count: 1 })).toBe('Ein Risiko')
    expect(t('n', { count: 3 })).toBe('3 Risiken')
    expect(t('a.b', { count: 2, name: 'x' })).toBe('Hallo x')
  })

  it('writes a count as the language groups numbers, and one and many by its plural forms', () => {
    const tree = (one: string, other: string): Record<string, Tree> => ({ common: { rows_one: one, rows_other: other } })
    expect(createT('de', (ns) => tree('{{count}} Zeile', '{{count}} Zeilen')[ns])('rows', { count: 10000 })).toBe("10'000 Zeilen")
    expect(createT('de', (ns) => tree('{{count}} Zeile', '{{count}} Zeilen')[ns])('rows', { count: 1 })).toBe('1 Zeile')
    expect(createT('fr', (ns) => tree('{{count}} ligne', '{{count}} lignes')[ns])('rows', { count: 10000 })).toBe('10\u202f000 lignes')
    expect(createT('fr', (ns) => tree('{{count}} ligne', '{{count}} lignes')[ns])('rows', { count: 1 })).toBe('1 ligne')
    expect(createT('en', (ns) => tree('{{count}} row', '{{count}} rows')[ns])('rows', { count: 10000 })).toBe('10,000 rows')
  })

  it('the server translates every language and notes the namespaces a render used', () => {
    expect(getFixedT('fr')('validation.required')).toBe(resources.fr.common.validation && (resources.fr.common.validation as Tree).required)
    const i18n = i18nForRequest('en')
    expect(i18n.t('validation.required')).toBe('This is a required field')
    i18n.t('risk:inventory.title')
    i18n.t('nonsense:key')
    expect(i18n.rendered().sort()).toEqual(['common', 'risk'])
  })
})
