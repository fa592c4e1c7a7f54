import { describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { defaultProbabilityLevels, defaultSeverityLevels } from '#models/reference/risk-catalog/levels.ts'
import { pdfRuns } from '../../../../tests/pdf-text.ts'
import { band } from '#models/core/risk-score.ts'
import type { SnapshotContent, SnapshotRisk } from '../content.ts'
import { reportPdf } from '../pdf.server.ts'

/*
 * The text of every page of a fixed annual report, made from a snapshot written out here (no database):
 * the sections draw over one context in their order, and a change to how they are split must not move
 * a word from one page to another. A wanted change to the report's text or layout updates the snapshot.
 */

const risks: SnapshotRisk[] = Array.from({ length: 13 }, (_, i) => {
  const scored = i !== 12
  const probability = scored ? (i % 5) + 1 : null
  const severity = scored ? ((i * 3) % 5) + 1 : null
  return {
    id: `r${i}`,
    idkey: `R-${i + 1}`,
    title: i === 2 ? 'Zinsänderungsrisiko der Donaudampfschifffahrtsgesellschaftskapitäne' : `Risiko ${i + 1} der Kasse & Co`,
    state: (['analyse', 'bewertung', 'steuerung', 'ueberwachung'] as const)[i % 4],
    probability,
    severity,
    score: probability && severity ? probability * severity : null,
    band: probability && severity ? band(probability, severity) : null,
    strategic: i % 2 === 0,
    owner: i % 3 ? `Eigner ${i}` : null,
    measures:
      i % 4 === 0 ? [] : [{ number: `M-${i}`, title: `Massnahme ${i}`, state: i % 2 ? 'pending' : 'confirmed', dueDate: '2025-06-30', overdue: i % 3 === 0 }],
  }
})

const content: SnapshotContent = {
  format: 2,
  reportingDate: '2025-12-31',
  frozenOn: '2026-02-10',
  commentary: 'Ein Jahr mit\r\nvielen Änderungen.',
  asOf: {
    uncertain: Array.from({ length: 10 }, (_, i) => ({
      register: (['risks', 'measures', 'documents', 'breaches'] as const)[i % 4],
      number: `N-${i}`,
      title: `Unklar ${i}`,
      reason: i % 2 ? ('noHistory' as const) : ('deletedWithoutValues' as const),
    })),
  },
  periodFrom: '2025-01-01',
  frozenBy: 'Anna Admin',
  risks,
  levels: {
    probability: defaultProbabilityLevels.map((l) => ({ ref: l.ref, name: l.size.de })),
    severity: defaultSeverityLevels.map((l) => ({ ref: l.ref, size: l.size.de })),
  },
  icsProcesses: Array.from({ length: 4 }, (_, i) => ({
    id: `p${i}`,
    idkey: `P-${i + 1}`,
    title: `Prozess ${i + 1}`,
    mainNumber: '01',
    state: (['analyse', 'bewertung', 'ueberwachung'] as const)[i % 3],
    effectiveness: i % 2 ? 'fulfilled' : null,
    traceability: 'partly',
    efficiency: null,
  })),
  quality: {
    councilMinimum: 3,
    mainProcesses: [
      { leadingNumber: '01', names: { de: 'Führung', fr: 'Gouvernance', en: 'Governance' }, level: 2 },
      {
        leadingNumber: '06',
        names: { de: 'Informatik und Datenschutz', fr: 'Informatique et protection des données', en: 'IT and data protection' },
        level: 4,
      },
      { leadingNumber: '07', names: { de: 'Vermögen', fr: 'Fortune', en: 'Assets' }, level: null },
    ],
  },
  controlMatrix: [
    {
      task: 'Jahresrechnung prüfen',
      revision: 'M',
      management: 'E',
      responsible: 'A',
      department: 'GL',
      controller: 'Revision',
      cycle: 'jährlich',
      comment: '',
    },
  ],
  measures: {
    open: 110,
    overdue: 105,
    confirmedInPeriod: 3,
    bySource: { risk: { open: 80, overdue: 75, confirmedInPeriod: 1 }, iks: { open: 30, overdue: 30, confirmedInPeriod: 2 } },
    overdueList: Array.from({ length: 105 }, (_, i) => ({
      idkey: i + 1,
      iteration: i % 3,
      title: `Überfällige Massnahme ${i + 1}`,
      source: i % 2 ? 'risk' : 'iks',
      dueDate: '2025-03-01',
    })),
  },
  documentsPastReference: Array.from({ length: 5 }, (_, i) => ({ name: `Reglement ${i + 1}`, category: 'fund', dueDate: '2025-02-01', present: i % 2 === 0 })),
  dsg: {
    activities: { draft: 1, active: 4, reviewDue: 2 },
    assessments: { screening: 2, open: 1 },
    breaches: { open: 1, needsNotice: 1 },
    requests: { answered: 3, overdue: 0 },
  },
}
const previous: SnapshotContent = {
  ...content,
  reportingDate: '2024-12-31',
  risks: [
    ...risks.slice(2).map((r, i) => ({ ...r, score: r.score === null ? null : r.score + (i % 3) - 1 })),
    { ...risks[0], id: 'gone', idkey: 'R-99', title: 'Entfernt' },
  ],
}

/** The text of each page, its runs joined by lines. */
async function pages(language: 'de' | 'fr' | 'en', withPrevious: boolean) {
  const pdf = await reportPdf({
    t: getFixedT(language),
    snapshot: { fund: 'Pensionskasse Alpha & Beta', reportingDate: '2025-12-31', frozenAt: new Date('2026-02-10T09:30:00Z'), content },
    previous: withPrevious ? previous : null,
    approval: withPrevious ? { approvedOn: '2026-03-01', names: Array.from({ length: 40 }, (_, i) => `Stiftungsrätin ${i + 1}`).join(', ') } : null,
    compress: false,
  })
  const text: string[] = []
  for (const run of pdfRuns(pdf)) text[run.page] = text[run.page] === undefined ? run.text : `${text[run.page]}\n${run.text}`
  return text
}

describe('the annual report’s pages', () => {
  it('keep their text, page by page, for a fixed snapshot in German with its previous one and approval', async () => {
    expect(await pages('de', true)).toMatchSnapshot()
  })

  it('keep their text, page by page, for a fixed snapshot in French without a previous one', async () => {
    expect(await pages('fr', false)).toMatchSnapshot()
  })
})
