import { catalogRoute, detailRoute, individualRoute, type ToolRoutes } from '#app/features/inventory/routes.server.ts'
import { listRoute } from '#app/features/inventory/list.server.ts'
import { type ListParams, param, parseListQuery } from '#app/utils/list-params.ts'
import { ICS_BLOCKS, ICS_STATES } from '#models/core/constants.ts'
import { type IcsBlockName, icsBlockFormSchema, individualSchema } from './blocks.ts'
import { listMainThemes, listSubThemes, processes } from './processes.server.ts'
import { ICS_SORTS, type IcsFilter, type icsTool } from './tool.server.ts'

/** The ICS tool's routes, built by the inventory kit. */
export const icsRoutes: ToolRoutes<typeof icsTool> = {
  service: processes,
  base: '/app/iks',
  steps: ICS_BLOCKS,
  attach: { links: 'objectives', measures: 'objectives', documents: 'documents' },
  schemaFor: (block) => icsBlockFormSchema(block as IcsBlockName),
}

export const icsDetail = detailRoute(icsRoutes)

type Entry = Awaited<ReturnType<ReturnType<typeof processes.for>['catalog']>>[number]
export const icsCatalog = catalogRoute<typeof icsTool, Entry>(icsRoutes, (e) => ({
  number: e.mainNumber,
  name: e.mainName,
  sub: { key: e.subKey, name: e.subName },
}))

/** The process list's filters: query parameter → filter field. */
const ICS_PARAMS = {
  main: ['mainThemeId', param.uuid],
  state: ['state', param.oneOf(ICS_STATES)],
  owner: ['ownerUserId', param.uuid],
  dsg: ['dsgRelevant', param.yesNo],
  measure: ['measureNeeded', param.yesNo],
  q: ['q', param.text(200)],
} as const satisfies ListParams

export const icsList = listRoute(processes, ICS_SORTS, ICS_PARAMS)

/** The list's filters, sorting and paging from the query string (the CSV export uses the same). */
export function parseIcsQuery(url: URL) {
  return parseListQuery<(typeof ICS_SORTS)[number], typeof ICS_PARAMS, IcsFilter>(url, ICS_SORTS, ICS_PARAMS)
}

export const icsIndividual = individualRoute(icsRoutes, {
  schema: individualSchema,
  input: (v) => ({ ...v, subThemeId: v.subThemeId ?? null }),
  data: async (_access, locale) => {
    const [mains, subs] = await Promise.all([listMainThemes(locale), listSubThemes(locale)])
    return { mains, subs }
  },
})
