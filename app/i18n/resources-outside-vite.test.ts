import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

// The bench's and the operator's scripts run the server code under tsx, without Vite: the texts must
// load there too (import.meta.glob exists only under Vite; `npm run bench` stopped at the freeze).
describe('the texts outside Vite', () => {
  it('are read from the locale files, every language and namespace', () => {
    const script = [
      "const { getFixedT, resources } = await import('./app/i18n/resources.server.ts')",
      "console.log(JSON.stringify({ namespaces: Object.keys(resources.de).length, fr: getFixedT('fr')('action.save'), en: getFixedT('en')('action.save') }))",
    ].join('\n')
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 })
    const seen = JSON.parse(out.trim().split('\n').at(-1)!) as { namespaces: number; fr: string; en: string }
    expect(seen.namespaces).toBeGreaterThan(5)
    expect(seen).toMatchObject({ fr: 'Enregistrer', en: 'Save' })
  }, 90_000)
})
