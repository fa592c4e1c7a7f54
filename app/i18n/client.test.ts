import { describe, expect, it } from 'vitest'
import { createClientI18n } from './client.ts'

describe('the browser’s texts', () => {
  it('translates the namespaces loaded before hydrating, suspends on another until it is loaded', async () => {
    const i18n = createClientI18n('de', ['risk', 'no-such-namespace'])
    expect(i18n.rendered()).toEqual(['risk'])
    await i18n.load('de', ['common', ...i18n.rendered()])
    expect(i18n.t('risk:inventory.title')).toBe('Risikoinventar')
    let thrown: unknown
    try {
      i18n.t('iks:inventory.title')
    } catch (e) {
      thrown = e
    }
    // React's Suspense: the render waits for the promise and tries again.
    expect(thrown).toBeInstanceOf(Promise)
    await thrown
    expect(i18n.t('iks:inventory.title')).not.toBe('iks:inventory.title')
  })

  it('switches the language once its texts are there, and tells the subscribers', async () => {
    const i18n = createClientI18n('de', [])
    await i18n.load('de', ['common', 'risk'])
    let told = 0
    const unsubscribe = i18n.subscribe(() => told++)
    const before = i18n.revision()
    await i18n.changeLanguage('fr')
    expect(i18n.language).toBe('fr')
    expect(i18n.revision()).not.toBe(before)
    expect(told).toBe(1)
    // Both namespaces in use came along, so nothing suspends after the switch.
    expect(i18n.t('risk:inventory.title')).toBe('Inventaire des risques')
    expect(i18n.t('validation.required')).toBe('Ce champ est obligatoire')
    unsubscribe()
    await i18n.changeLanguage('en')
    expect(told).toBe(1)
  })
})
