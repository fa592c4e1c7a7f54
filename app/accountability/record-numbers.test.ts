import { describe, expect, it } from 'vitest'
import { DsgBreaches } from '#app/features/dsg/breaches/breaches.server.ts'
import { sendDueReminders } from '#app/features/measures/reminders.server.ts'
import * as measuresExport from '#app/features/measures/export.ts'
import { Measures } from '#app/features/measures/measures.server.ts'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { breachNumber, measureNumber } from '#models/core/record-number.ts'
import { inRequest } from '#models/core/scope.server.ts'
import { customerFactory, memberFactory, request } from '../../tests/factories/index.ts'
import { csvRecords } from '../../tests/csv-records.ts'
import { useSmtpPeer } from '../../tests/integration/mail-setup.ts'
import * as auditExport from '#app/features/history/audit-export.ts'
import { History } from './history.server.ts'

const peer = useSmtpPeer()

/** A CSV export as the server sends it, in German, read to the end. */
async function csv(loader: (args: never) => unknown, path: string, cookie: string) {
  const lang = (await localeCookie.serialize('de')).split(';')[0]
  const req = request(path, { cookie: `${cookie}; ${lang}` })
  const res = (await inRequest(req, async () => (loader as (a: unknown) => unknown)({ request: req, params: {}, context: {} }))) as Response
  expect(res.status).toBe(200)
  return csvRecords(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer())).slice(1))
}

/**
 * One number per record, the same wherever it is read (decision 0043): a measure and a breach as the
 * history, the CSV exports and the daily mail write them.
 */
describe('record numbers', () => {
  it('names a measure and a breach the same way in the history, the CSV exports and the mail', async () => {
    const customer = await customerFactory({ attributes: { name: 'Pensionskasse Nummern' } })
    const admin = await memberFactory({ customer, traits: ['admin'] })
    const writer = await memberFactory({ customer, traits: ['write'] })
    const dsg = await memberFactory({ customer, traits: ['dsg'] })
    const now = new Date()
    const measure = await Measures.for(writer.access).create({
      source: 'fund',
      title: 'Zugriffsrechte prüfen',
      body: '',
      owner: { type: 'user', id: dsg.user.id },
      dueDate: addDays(todayInZurich(), 3),
      recurrence: 0,
      dsgMeasure: true,
      inEdit: false,
    })
    const breach = await DsgBreaches.for(dsg.access).create(
      {
        title: 'Fehlversand',
        discoveredAt: new Date(now.getTime() - 3_600_000),
        description: 'Falsche Adressen',
        period: '',
        subjectCategories: '',
        dataCategories: '',
        subjectsCount: 3,
        recordsCount: 3,
        consequences: '',
        measuresTaken: '',
        highRisk: true,
        informSubjects: null,
        subjectsInformedOn: null,
        measureIds: [measure.id],
      },
      now,
    )
    const m = measureNumber(measure.idkey, measure.iteration)
    const b = breachNumber(breach.idkey)
    expect(m).toMatch(/^M-\d+$/)
    expect(b).toMatch(/^DB-\d+$/)

    // The history panels: the number as created, and the breach's measure by its number.
    const measureHistory = await History.for(admin.access).of('measure', measure.id, 'de')
    const created = measureHistory.entries.at(-1)!.changes
    expect(created.find((c) => c.field === 'idkey')).toMatchObject({ label: 'Nr.', from: '—', to: m })
    const breachHistory = await History.for(dsg.access).of('dsgBreach', breach.id, 'de', { via: `/app/dsg/breaches/${breach.id}` })
    const reported = breachHistory.entries.at(-1)!.changes
    expect(reported.find((c) => c.field === 'idkey')?.to).toBe(b)
    expect(reported.find((c) => c.field === 'measureIds')).toMatchObject({ label: 'Verknüpfte Datenschutz-Massnahmen', to: m })

    // The CSV exports: the measure list and the admin's trail (its changes stand before the last column, the ID).
    const measures = await csv(measuresExport.loader, '/app/measures/export.csv?tab=all', writer.cookie)
    expect(measures.find((r) => r[2] === 'Zugriffsrechte prüfen')?.[0]).toBe(m)
    const trail = await csv(auditExport.loader, '/app/admin/audit/export.csv?component=dsgBreach', admin.cookie)
    const changes = trail
      .slice(1)
      .map((r) => r.at(-2))
      .join('\n')
    expect(changes).toContain(`→ ${b}`)
    expect(changes).toContain(`→ ${m}`)
    const measureTrail = await csv(auditExport.loader, '/app/admin/audit/export.csv?component=measure', admin.cookie)
    expect(
      measureTrail
        .slice(1)
        .map((r) => r.at(-2))
        .join('\n'),
    ).toContain(`→ ${m}`)

    // The daily mail of the data protection role: its measure and the breach to notify.
    await sendDueReminders(now)
    const mail = await peer().waitFor(dsg.user.email)
    const text = mail.text.replace(/\r\n/g, '\n')
    expect(text).toContain(`· ${m} · Zugriffsrechte prüfen`)
    expect(text).toContain(`- ${b} · `)
  })
})
