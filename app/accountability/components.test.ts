import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import {
  CUSTOMER_STATES,
  DSG_ACTIVITY_ROLES,
  DSG_ACTIVITY_STATES,
  DSG_BREACH_STATES,
  DSG_DPIA_STATES,
  DSG_REQUEST_KINDS,
  DSG_REQUEST_STATES,
  DSG_SAFEGUARDS,
  LANGUAGES,
} from '#models/core/constants.ts'
import { FIELD_TABLES, readChanges } from './history.server.ts'

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

  /** The fields each of these components writes (grep of their writeAudit calls and of auditSignIn). */
  const WRITTEN: Record<string, string[]> = {
    deputy: ['deputyUserId', 'active', 'startsOn', 'endsOn', 'actingFor'],
    invitation: ['email', 'riskEnabled', 'riskRole', 'iksEnabled', 'iksRole', 'kind', 'endsOn', 'answer'],
    session: ['customer', 'client', 'method', 'email', 'reason', 'recoveryCode', 'refusal', 'providerId'],
    identityProvider: ['issuer', 'clientId', 'clientSecret', 'allowedDomains', 'enabled', 'sessionsEnded'],
    // Their writeAudit calls: diff of the row's columns, or the fields named in the call.
    dsgBreach: [
      'idkey',
      'title',
      'state',
      'discoveredAt',
      'description',
      'period',
      'subjectCategories',
      'dataCategories',
      'subjectsCount',
      'recordsCount',
      'consequences',
      'measuresTaken',
      'highRisk',
      'fdpicNotifiedAt',
      'fdpicReference',
      'informSubjects',
      'subjectsInformedOn',
      'closedOn',
      'reportedAt',
    ],
    dsgRequest: [
      'idkey',
      'kind',
      'state',
      'receivedOn',
      'requesterName',
      'requesterReference',
      'identityChecked',
      'dueOn',
      'extendedTo',
      'extensionReason',
      'extensionToldOn',
      'answeredOn',
      'answerMethod',
      'healthProfessional',
      'note',
    ],
    dsgDpia: [
      'activityId',
      'state',
      'largeScaleSensitive',
      'systematicMonitoring',
      'newTechnologies',
      'profilingHighRisk',
      'requiredByLaw',
      'notRequiredReason',
      'screenedOn',
      'screenedByUserId',
      'description',
      'residualProbabilityLevelId',
      'residualSeverityLevelId',
      'residualNote',
      'advisorConsulted',
      'fdpicConsultedOn',
      'fdpicReference',
      'approvedByUserId',
      'approvedOn',
      'approvalWithdrawn',
    ],
    dsgActivity: [
      'idkey',
      'name',
      'purpose',
      'role',
      'state',
      'responsibleUserId',
      'responsibleBodyId',
      'dataSubjects',
      'dataCategories',
      'sensitive',
      'recipients',
      'abroad',
      'abroadCountries',
      'abroadSafeguard',
      'abroadNote',
      'retention',
      'security',
      'legalBasis',
      'lastReviewedOn',
      'retiredOn',
    ],
    dsgSettings: ['breachNoticeHours', 'contactUserId'],
    responsibleBody: ['name'],
    riskProcessLink: ['processId'],
    controlMatrix: ['position', 'task', 'revision', 'management', 'responsible', 'department', 'controller', 'cycle', 'comment'],
    icsQuality: ['level'],
    icsSettings: ['councilMinimum'],
    probabilityLevel: ['name', 'range', 'description'],
    severityLevel: ['size', 'effect', 'description'],
    reportApproval: ['approvedOn', 'names'],
    reportSnapshot: ['reportingDate'],
    import: ['kind', 'file', 'created', 'updated'],
    customer: ['name', 'address', 'comment', 'contactId', 'logoVersion', 'logoUrl', 'language', 'requireSecondFactor', 'state'],
  }

  /** The values of the enum fields, each of which reads as a label in every language. */
  const ENUMS: [string, string, readonly string[]][] = [
    ['dsgBreach', 'state', DSG_BREACH_STATES],
    ['dsgRequest', 'kind', DSG_REQUEST_KINDS],
    ['dsgRequest', 'state', DSG_REQUEST_STATES],
    ['dsgDpia', 'state', DSG_DPIA_STATES],
    ['dsgActivity', 'role', DSG_ACTIVITY_ROLES],
    ['dsgActivity', 'state', DSG_ACTIVITY_STATES],
    ['dsgActivity', 'abroadSafeguard', DSG_SAFEGUARDS],
    ['customer', 'language', LANGUAGES],
    ['customer', 'state', CUSTOMER_STATES],
    ['import', 'kind', ['risks', 'measures']],
  ]

  it('reads the values of every enum field as a label, in de, fr and en', () => {
    for (const [component, field, values] of ENUMS) {
      const kind = FIELD_TABLES[component]?.[field]?.kind
      expect(kind, `${component}.${field}`).toMatchObject({ enum: expect.any(String) })
      for (const lng of ['de', 'fr', 'en'] as const) {
        const t = getFixedT(lng)
        for (const value of values) {
          const key = `${(kind as { enum: string }).enum}.${value}`
          expect(t(key), `${lng} ${key}`).not.toBe(key)
          const [change] = readChanges(t, component, { [field]: { from: null, to: value } }, {})
          expect(change.to, `${lng} ${component}.${field}=${value}`).toBe(t(key))
        }
      }
    }
  })

  it('labels every field the components write (deputy, invitation, sign-in, DSG records, settings, levels, reports, import, fund), in de, fr and en, and reads their values', () => {
    for (const [component, fields] of Object.entries(WRITTEN)) {
      for (const field of fields) {
        const spec = FIELD_TABLES[component]?.[field]
        expect(spec, `${component}.${field}`).toBeTruthy()
        for (const lng of ['de', 'fr', 'en'] as const) {
          const label = getFixedT(lng)(spec!.label)
          expect(label, `${lng} ${component}.${field}`).not.toBe(spec!.label)
          expect(label).not.toMatch(/^[a-z]+[A-Z]\w*$/)
        }
      }
    }
    const t = getFixedT('de')
    const read = (component: string, changes: Record<string, { from: unknown; to: unknown }>) =>
      readChanges(t, component, changes, {}).map((c) => `${c.label}: ${c.from} → ${c.to}`)
    expect(read('session', { method: { from: null, to: 'second_factor' }, reason: { from: null, to: 'second factor' } })).toEqual([
      'Anmeldeart: — → Passwort und zweiter Faktor',
      'Grund: — → zweiter Faktor falsch',
    ])
    expect(read('session', { reason: { from: null, to: 'provider' }, refusal: { from: null, to: 'notMember' } })[1]).toBe(
      'Grund der Ablehnung: — → kein Mitglied der Kasse',
    )
    expect(read('invitation', { answer: { from: null, to: 'accepted' }, kind: { from: null, to: 'auditor' } })).toEqual([
      'Antwort: — → angenommen',
      'Art des Kontos: — → Revision',
    ])
    expect(read('deputy', { active: { from: true, to: false }, startsOn: { from: null, to: '2026-12-01' } })).toEqual([
      'Aktiv: Ja → Nein',
      'Beginnt am: — → 01.12.2026',
    ])
  })

  it('reads a DPIA’s risks by their description and levels, not as JSON or technical keys', () => {
    const t = getFixedT('de')
    const id = '0b7c1d5e-1111-4222-8333-444455556666'
    const level = '0b7c1d5e-aaaa-4bbb-8ccc-ddddeeeeffff'
    const read = readChanges(
      t,
      'dsgDpia',
      {
        [`risk.${id}`]: { from: null, to: { description: 'Offenlegung', probabilityLevelId: level, severityLevelId: level } },
        [`risk.${id}.severityLevelId`]: { from: null, to: level },
        [`risk.${id}.position`]: { from: 1, to: 2 },
      },
      { [level]: '3 – mittel' },
    ).map((c) => `${c.label}: ${c.from} → ${c.to}`)
    expect(read).toEqual([`${t('dsg:dpia.field.riskDescription')}: — → Offenlegung`, `${t('dsg:dpia.field.severity')}: — → 3 – mittel`])
  })

  it('reads a processing activity’s data categories and a user’s position as the forms show them, not as JSON or enum values', () => {
    const t = getFixedT('de')
    const [categories] = readChanges(
      t,
      'dsgActivity',
      {
        dataCategories: {
          from: [],
          to: [
            { name: 'Adressen', sensitive: false },
            { name: 'Gesundheit', sensitive: true },
          ],
        },
      },
      {},
    )
    expect(categories.to).toBe('Adressen, Gesundheit (besonders schützenswert)')
    expect(categories.to).not.toContain('{')
    const [position] = readChanges(t, 'user', { position: { from: 'management', to: 'presidency' } }, {})
    expect(`${position.from} → ${position.to}`).toBe('Geschäftsführung → Präsidium')
  })
})
