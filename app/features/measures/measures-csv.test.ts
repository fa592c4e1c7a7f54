import { beforeAll, describe, expect, it } from 'vitest'
import * as exportRoute from './export.ts'
import { localeCookie } from '#app/i18n/locale.server.ts'
import { safeCell } from '#app/utils/csv.server.ts'
import { db } from '#models/core/db.server.ts'
import { Measures } from './measures.server.ts'
import { createCustomer, memberFactory, request } from '../../../tests/factories.ts'
import { csvRecords } from '../../../tests/csv-records.ts'

async function download(path: string, cookie: string, lng: 'de' | 'fr' | 'en' = 'de') {
  const lang = (await localeCookie.serialize(lng)).split(';')[0]
  const res = (await exportRoute.loader({ request: request(path, { cookie: `${cookie}; ${lang}` }), params: {}, context: {} } as never)) as Response
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) }
}

describe('measures CSV export', () => {
  let cookie: string
  let customerId: string
  beforeAll(async () => {
    customerId = (await createCustomer()).id
    const { user, access, cookie: signedIn } = await memberFactory({ customer: customerId, traits: ['write'] })
    cookie = signedIn
    const base = { body: '', owner: { type: 'user' as const, id: user.id }, recurrence: 0 as const, dsgMeasure: false, inEdit: false }
    await Measures.for(access).create({ ...base, source: 'fund', title: 'Semikolon; "Zitat" und\nZeilenumbruch', dueDate: '2026-05-04', body: 'Ä Ö Ü é' })
    await Measures.for(access).create({ ...base, source: 'risk', title: 'RM-Risiko prüfen', dueDate: '2026-06-30', recurrence: 91 })
    await Measures.for(access).create({ ...base, source: 'fund', title: '=SUMME(A1:A2)', dueDate: '2026-07-01' })
  })

  it('is UTF-8 with BOM, ";" separated, CRLF, quoted where needed, with German headers and Swiss dates', async () => {
    const { res, bytes, text } = await download('/app/measures/export.csv?tab=fund', cookie)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toMatch(/attachment; filename="massnahmen-fund-pending-\d{4}-\d{2}-\d{2}\.csv"/)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = csvRecords(text.slice(1))
    expect(rows[0].slice(0, 3)).toEqual(['Nr.', 'Durchgang', 'Titel'])
    expect(rows[0]).toContain('Fälligkeitsdatum')
    const tricky = rows.find((r) => r[2].startsWith('Semikolon'))!
    expect(tricky[2]).toBe('Semikolon; "Zitat" und\nZeilenumbruch')
    expect(tricky[3]).toBe('Ä Ö Ü é')
    expect(tricky[6]).toBe('04.05.2026')
    // The current view only: the RM measure is in another tab.
    expect(rows.some((r) => r[2] === 'RM-Risiko prüfen')).toBe(false)
    // A formula is kept as text.
    expect(rows.find((r) => r[2].includes('SUMME'))![2]).toBe("'=SUMME(A1:A2)")
  })

  it('follows the filters of the view', async () => {
    const { text } = await download('/app/measures/export.csv?tab=fund&q=Semikolon', cookie)
    const rows = csvRecords(text.slice(1))
    expect(rows).toHaveLength(2)
  })

  it('the full inventory holds every tab, in the user language', async () => {
    const { text } = await download('/app/measures/export.csv?all=1', cookie, 'fr')
    const rows = csvRecords(text.slice(1))
    expect(rows[0]).toContain("Date d'échéance")
    expect(rows).toHaveLength(4)
    const rm = rows.find((r) => r[2] === 'RM-Risiko prüfen')!
    expect(rm).toContain('Trimestrielle')
    expect(rm).toContain('30.06.2026')
  })

  it('keeps formulas from running in Excel', () => {
    expect(safeCell('=1+1')).toBe("'=1+1")
    expect(safeCell('+41 44')).toBe("'+41 44")
    expect(safeCell('-')).toBe("'-")
    expect(safeCell('@x')).toBe("'@x")
    expect(safeCell('Normal')).toBe('Normal')
    expect(safeCell(3)).toBe(3)
    void db
  })
})
