import { getLevels } from '#app/features/risk/levels.server.ts'
import { listToolOwners } from '#app/features/account/customers.server.ts'
import { listDocuments } from '#app/features/documents/documents.server.ts'
import { listMeasures, listOwners } from '#app/features/measures/measures.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import type { RiskBlock } from '#models/core/constants.ts'
import { linkCandidates, processesOfRisk } from '#app/features/inventory/links.server.ts'

/** What each step of the stepper needs beyond the risk itself; one query set per step. */
export async function stepData(access: CustomerAccess, riskId: string, step: RiskBlock) {
  switch (step) {
    case 'intro':
      return { members: await listToolOwners(access, 'risk') }
    case 'evaluation':
      return { levels: await getLevels(access) }
    case 'steering': {
      const today = todayInZurich()
      const [measures, owners, linked, candidates] = await Promise.all([
        listMeasures(access, { tab: 'all', view: 'all', riskId, sort: 'dueDate', dir: 'asc' }, today, { limit: 100, offset: 0 }),
        listOwners(access, ['risk']),
        processesOfRisk(access, riskId),
        linkCandidates(access, 'process'),
      ])
      return { measures: measures.rows.map((m) => ({ ...m, overdue: m.state === 'pending' && m.dueDate < today })), owners, today, linked, candidates }
    }
    case 'documents':
      return { documents: (await listDocuments(access, { category: 'risk', riskId, sort: 'name', dir: 'asc' }, { limit: 100, offset: 0 })).rows }
    default:
      return {}
  }
}
