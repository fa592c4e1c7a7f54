import { CatalogPage } from '#app/features/inventory/catalog-page.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/catalog'
import { icsCatalog } from './routes.server.ts'

/** The kit's catalogue route: the entries with the customer's, and the copy of the chosen ones. */
export const loader = icsCatalog.loader
export const action = icsCatalog.action

export const handle: TitleHandle = { title: 'iks:catalog.title' }

export default function IcsCatalog({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogPage ns="iks" base="/app/iks" {...loaderData} error={actionData?.error} />
}
