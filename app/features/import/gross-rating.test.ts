import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { probabilityLevels, risks, severityLevels } from '#models/schema/index.ts'
import { customerFactory, type Member, memberFactory, riskFactory } from '../../../tests/factories/index.ts'
import { system } from '../../../tests/system-db.ts'
import { Imports } from './imports.server.ts'

// The gross rating (issue 27, decision 0067) goes through the import like the net one: the export's
// columns "… brutto" and "… netto" import back, an earlier export's columns still name the net rating,
// and a row whose net rating would lie above its gross one is refused, as the evaluation step refuses it.

const csvOf = (rows: string[][]) =>
  new TextEncoder().encode(`\uFEFF${rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(';')).join('\r\n')}\r\n`)

describe('import of the gross and net rating', () => {
  let writer: Member
  let idkey: string
  let riskId: string
  const refOf = async (id: string | null, table: typeof probabilityLevels | typeof severityLevels) =>
    id ? (await system().select({ ref: table.ref }).from(table).where(eq(table.id, id)))[0]?.ref : null
  const ratingOf = async () => {
    const [r] = await system().select().from(risks).where(eq(risks.id, riskId))
    return {
      gross: [await refOf(r.grossProbabilityLevelId, probabilityLevels), await refOf(r.grossSeverityLevelId, severityLevels)],
      net: [await refOf(r.probabilityLevelId, probabilityLevels), await refOf(r.severityLevelId, severityLevels)],
    }
  }
  beforeAll(async () => {
    const fund = await customerFactory()
    writer = await memberFactory({ customer: fund.id, traits: ['risk-write'] })
    const risk = await riskFactory({ customer: fund.id, traits: ['assessed'] })
    idkey = risk.idkey
    riskId = risk.id
  })

  it('imports the gross rating beside the net one, from the export’s own headers, in one step', async () => {
    const imports = Imports.for(writer.access)
    const header = ['Nr.', 'Eintrittswahrscheinlichkeit brutto', 'Schadensausmass brutto', 'Eintrittswahrscheinlichkeit netto', 'Schadensausmass netto']
    const draft = await imports.upload('risks', 'risiken.csv', csvOf([header, [idkey, '4', '4', '2', '3']]))
    const preview = await imports.preview('risks', draft.id)
    expect(preview.rows[0]).toMatchObject({
      action: 'update',
      changes: [
        { field: 'grossProbability', from: null, to: 4 },
        { field: 'grossSeverity', from: null, to: 4 },
        { field: 'probability', from: 3, to: 2 },
      ],
    })
    await imports.confirm('risks', draft.id, preview.token)
    expect(await ratingOf()).toEqual({ gross: [4, 4], net: [2, 3] })
  })

  it('reads an earlier export’s rating columns as the net rating', async () => {
    const imports = Imports.for(writer.access)
    const draft = await imports.upload(
      'risks',
      'alt.csv',
      csvOf([
        ['Nr.', 'Eintrittswahrscheinlichkeit', 'Schadensausmass'],
        [idkey, '3', '3'],
      ]),
    )
    expect(draft.mapped).toBe(true)
    const preview = await imports.preview('risks', draft.id)
    expect(preview.rows[0]).toMatchObject({ action: 'update', changes: [{ field: 'probability', from: 2, to: 3 }] })
  })

  it('refuses a row whose net rating would lie above its gross one, against the stored gross rating too', async () => {
    const imports = Imports.for(writer.access)
    const draft = await imports.upload(
      'risks',
      'netto.csv',
      csvOf([
        ['Nr.', 'Eintrittswahrscheinlichkeit netto', 'Schadensausmass netto'],
        [idkey, '5', '5'],
      ]),
    )
    const preview = await imports.preview('risks', draft.id)
    expect(preview.rows[0]).toMatchObject({ action: 'error', errors: [{ field: 'probability', key: 'error.netAboveGross' }] })
    expect(await ratingOf()).toEqual({ gross: [4, 4], net: [2, 3] })
  })
})
