import { CatalogPage } from '#app/features/inventory/catalog-page.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/catalog'
import { riskCatalog } from './routes.server.ts'

export async function loader(args: Route.LoaderArgs) {
  return riskCatalog.loader(args)
}

export const handle: TitleHandle = { title: 'risk:catalog.title' }

export async function action(args: Route.ActionArgs) {
  return riskCatalog.action(args)
}

export default function RiskCatalog({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogPage ns="risk" base="/app/risk" {...loaderData} error={actionData?.error} />
}
