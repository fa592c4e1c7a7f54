import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pages } from '../../app/features/shell/pages.ts'
import * as dsgTemplates from '../../models/reference/dsg-templates/index.ts'
import * as ics from '../../models/reference/ics-catalog/index.ts'
import * as riskCatalog from '../../models/reference/risk-catalog/index.ts'
import * as kriCatalog from '../../models/reference/kri-catalog.ts'
import { demoBodies, demoDocuments, demoMeasures } from '../../models/seed/demo-measures.ts'
import { mailTemplateSeeds } from '../../models/reference/mail-templates.ts'

/**
 * French typography (Swiss usage): a non-breaking space (U+00A0 or the narrow U+202F) before
 * « : ; ? ! » and inside guillemets. URLs, times (12:30) and placeholders ({{x}}) are left alone.
 */
export function frenchSpacingIssues(text: string): string[] {
  const s = text.replace(/\{\{[^}]*\}\}/g, 'X').replace(/\b(?:https?|mailto):[^\s»)]*/g, 'URL')
  const issues: string[] = []
  const nb = '\u00a0\u202f'
  for (const m of s.matchAll(/([^\s\u00a0\u202f]?)(\s?)([:;?!»])/g)) {
    const [all, before, space, sign] = m
    const at = m.index ?? 0
    const after = s[at + all.length] ?? ''
    if (space === ' ') issues.push(`plain space before ${sign}: …${s.slice(Math.max(0, at - 15), at + all.length + 5)}…`)
    else if (!space && before && !nb.includes(before)) {
      // a colon inside a word or number (12:30, E:A) is no punctuation; only a sign that ends a phrase counts
      if (sign !== '»' && after !== '' && !/[\s)»"”.,]/.test(after)) continue
      issues.push(`no space before ${sign}: …${s.slice(Math.max(0, at - 15), at + all.length + 5)}…`)
    }
  }
  for (const m of s.matchAll(/«(.)/g)) if (!nb.includes(m[1])) issues.push(`no non-breaking space after «: …${s.slice(m.index ?? 0, (m.index ?? 0) + 20)}…`)
  return issues
}

function collect(value: unknown, into: string[], french = false) {
  if (typeof value === 'string') {
    if (french) into.push(value)
  } else if (Array.isArray(value)) {
    for (const v of value) collect(v, into, french)
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(v, into, french || k === 'fr')
  }
}

function frenchTexts(): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  const dir = path.resolve('locales/fr')
  for (const file of fs.readdirSync(dir)) {
    const texts: string[] = []
    collect(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), texts, true)
    out[`locales/fr/${file}`] = texts
  }
  const pageTexts: string[] = []
  collect(pages.fr, pageTexts, true)
  out['app/content/pages.ts (fr)'] = pageTexts
  const catalogues: string[] = []
  collect(riskCatalog, catalogues)
  collect(ics, catalogues)
  collect(dsgTemplates, catalogues)
  collect(kriCatalog, catalogues)
  out['catalogues (fr)'] = catalogues
  const mails: string[] = []
  for (const t of mailTemplateSeeds.filter((t) => t.language === 'fr')) mails.push(t.subject, ...t.body.split('\n'))
  out['mail templates (fr)'] = mails
  const demo: string[] = []
  collect(
    [demoBodies, demoMeasures, demoDocuments].flat().filter((d) => d.customer === 'beta'),
    demo,
    true,
  )
  out['demo data of the French fund'] = demo.filter((t) => !/^(beta|fund|risk|iks|dsg)$/.test(t) && !t.includes('@'))
  return out
}

describe('French typography', () => {
  it('knows the rule', () => {
    expect(frenchSpacingIssues('Supprimer « X » ?')).toHaveLength(3)
    expect(frenchSpacingIssues('Supprimer\u00a0«\u00a0X\u00a0»\u00a0?')).toHaveLength(0)
    expect(frenchSpacingIssues('Réunion à 12:30, voir https://example.ch/a?b=1 et {{count}}\u00a0: ok')).toHaveLength(0)
    expect(frenchSpacingIssues('Attention: ceci')).toHaveLength(1)
  })

  it('puts a non-breaking space before : ; ? ! and inside guillemets in every French text', () => {
    const found: string[] = []
    for (const [where, texts] of Object.entries(frenchTexts())) {
      expect(texts.length, where).toBeGreaterThan(0)
      for (const t of texts) for (const issue of frenchSpacingIssues(t)) found.push(`${where}: ${issue}`)
    }
    expect(found).toEqual([])
  })
})
