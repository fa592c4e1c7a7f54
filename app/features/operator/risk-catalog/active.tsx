import { getCatalogEntry, setCatalogEntryActive } from './catalog.server.ts'
import { toggleAction, toggleLoader } from '../catalog-shared.server.ts'
import { ToggleEntryPage } from '../catalog/pages.tsx'
import type { Route } from './+types/active'

export const loader = (args: Route.LoaderArgs) => toggleLoader(args, getCatalogEntry)
export const action = (args: Route.ActionArgs) => toggleAction(args, getCatalogEntry, setCatalogEntryActive, '/app/sadmin/risks')

export default function ToggleCatalogEntry({ loaderData, actionData }: Route.ComponentProps) {
  return <ToggleEntryPage entry={loaderData.entry} lastResult={actionData?.result} list="/app/sadmin/risks" ns="catalogs:risks" />
}
