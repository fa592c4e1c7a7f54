import { listToolOwners } from '#app/auth/customers.server.ts'
import { catalogRoute, detailRoute, individualRoute, type ToolRoutes } from '#app/features/inventory/routes.server.ts'
import { listRoute } from '#app/features/inventory/list.server.ts'
import { effectiveUserId } from '#models/core/access.ts'
import { RISK_BLOCKS } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { type BlockName, blockFormSchema, individualSchema } from './blocks.ts'
import { getLevels } from './levels.server.ts'
import { type HistoryPoint, RiskHistory } from './history.server.ts'
import { evaluationContext } from './evaluation.server.ts'
import { RISK_PARAMS } from './query.server.ts'
import { listThemes, risks$ } from './risks.server.ts'
import { RISK_SORTS, type riskTool } from './tool.server.ts'

/** The risk tool's routes, built by the inventory kit. */
export const riskRoutes: ToolRoutes<typeof riskTool> = {
  service: risks$,
  base: '/app/risk',
  steps: RISK_BLOCKS,
  attach: { links: 'steering', measures: 'steering', documents: 'documents' },
  schemaFor: (block) => blockFormSchema(block as BlockName),
  extra: {
    // The evaluation step shows the score over time (history.server.ts), and beside the net rating the linked
    // controls, the KRIs, the acceptance and the appetite (evaluation.server.ts).
    evaluation: async (access, id) => {
      const [levels, history, context] = await Promise.all([
        getLevels(access),
        RiskHistory.for(access).of(id),
        evaluationContext(access, id, access.user.language),
      ])
      return { levels, history, today: todayInZurich(), ...context }
    },
  },
}

export type EvaluationData = {
  levels: Awaited<ReturnType<typeof getLevels>>
  history: HistoryPoint[]
  today: string
} & Awaited<ReturnType<typeof evaluationContext>>

export const riskDetail = detailRoute<typeof riskTool, EvaluationData>(riskRoutes)

type Entry = Awaited<ReturnType<ReturnType<typeof risks$.for>['catalog']>>[number]
export const riskCatalog = catalogRoute<typeof riskTool, Entry>(riskRoutes, (e) => ({ number: e.themeNumber, name: e.themeName }))

export const riskList = listRoute(risks$, RISK_SORTS, RISK_PARAMS)

export const riskIndividual = individualRoute(riskRoutes, {
  schema: individualSchema,
  input: (v) => ({ ...v, ownerUserId: v.ownerUserId ?? null }),
  data: async (access, locale) => {
    const [themes, members] = await Promise.all([listThemes(locale), listToolOwners(access, 'risk')])
    return { themes, members, me: effectiveUserId(access) }
  },
})
