import { CatalogPage } from '#app/features/inventory/catalog-page.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/catalog'
import { riskCatalog } from './routes.server.ts'

/** The kit's catalogue route: the entries with the customer's, and the copy of the chosen ones. */
export const loader = riskCatalog.loader
export const action = riskCatalog.action

export const handle: TitleHandle = { title: 'risk:catalog.title' }

export default function RiskCatalog({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogPage ns="risk" base="/app/risk" {...loaderData} error={actionData?.error} />
}
