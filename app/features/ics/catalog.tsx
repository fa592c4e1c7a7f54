import { CatalogPage } from '#app/features/inventory/catalog-page.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/catalog'
import { icsCatalog } from './routes.server.ts'

export async function loader(args: Route.LoaderArgs) {
  return icsCatalog.loader(args)
}

export const handle: TitleHandle = { title: 'iks:catalog.title' }

export async function action(args: Route.ActionArgs) {
  return icsCatalog.action(args)
}

export default function IcsCatalog({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogPage ns="iks" base="/app/iks" {...loaderData} error={actionData?.error} />
}
