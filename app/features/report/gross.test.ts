import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { addDays, todayInZurich } from '#models/core/dates.ts'
import { probabilityLevels, risks, severityLevels } from '#models/schema/index.ts'
import { createCustomer, type Member, memberFactory, riskFactory } from '../../../tests/factories.ts'
import { levelOf } from '../../../tests/factories/risks.ts'
import { pdfText } from '../../../tests/pdf-text.ts'
import { system } from '../../../tests/system-db.ts'
import { compareRisks, grossOf, type SnapshotRisk } from './content.ts'
import { snapshotTables } from './pack.server.ts'
import { reportPdf } from './pdf.server.ts'
import { Reports } from './reports.server.ts'

const yesterday = addDays(todayInZurich(), -1)

describe('the gross rating in the year-end snapshot', () => {
  let admin: Member
  let riskId: string
  beforeAll(async () => {
    const fund = (await createCustomer({ name: 'Brutto Test', language: 'de' })).id
    admin = await memberFactory({ customer: fund, traits: ['admin'] })
    // Net 3 × 3, gross 5 × 4 (before the controls).
    const risk = await riskFactory({ customer: fund, traits: ['assessed'], attributes: { title: 'Bruttorisiko Anlage' } })
    riskId = risk.id
    const p = await levelOf(fund, probabilityLevels, 5)
    const s = await levelOf(fund, severityLevels, 4)
    const before = new Date(Date.now() - 10 * 86_400_000)
    await system()
      .update(risks)
      .set({ grossProbabilityLevelId: p.id, grossSeverityLevelId: s.id, createdAt: before, updatedAt: before })
      .where(eq(risks.id, risk.id))
  })

  it('freezes the gross rating beside the net one and shows it in the report, the pack and the comparison', async () => {
    const { id } = await Reports.for(admin.access).freeze(yesterday)
    const snapshot = await Reports.for(admin.access).get(id)
    const risk = snapshot.content.risks.find((r) => r.id === riskId)!
    expect([risk.probability, risk.severity, risk.grossProbability, risk.grossSeverity]).toEqual([3, 3, 5, 4])
    const t = getFixedT('de')
    const text = pdfText(
      await reportPdf({
        t,
        snapshot: { fund: 'Brutto Test', reportingDate: snapshot.reportingDate, frozenAt: snapshot.frozenAt, content: snapshot.content },
        previous: null,
        approval: null,
        compress: false,
      }),
    )
    // The table breaks a header or cell onto lines of its column.
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain(t('report:pdf.top.gross'))
    expect(flat).toContain('5 × 4 = 20')
    const table = snapshotTables(t, snapshot.content, 'de')[0]
    expect(table.header).toContain(t('risk:field.grossScore'))
    const rows: unknown[][] = []
    for await (const chunk of table.rows()) rows.push(...chunk)
    const row = rows.find((r) => r[0] === risk.idkey)!
    expect(row[table.header.indexOf(t('risk:field.grossScore'))]).toBe(20)
    expect(compareRisks([risk], [])[0].before?.grossScore).toBe(20)
  })

  it('reads a snapshot frozen before the gross rating with gross null', () => {
    const old = { probability: 3, severity: 3 } as SnapshotRisk
    expect(grossOf(old)).toBeNull()
  })
})
