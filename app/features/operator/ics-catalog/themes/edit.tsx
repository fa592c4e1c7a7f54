import { createMainTheme, getMainTheme, updateMainTheme } from '#app/features/operator/ics-catalog/catalog.server.ts'
import { themeAction, themeLoader } from '#app/features/operator/catalog-shared.server.ts'
import { ThemeEditPage } from '#app/features/operator/catalog/pages.tsx'
import type { Route } from './+types/edit'

const PAGE = { formId: 'ics-main-theme', list: '/app/sadmin/ikss/themes', ns: 'catalogs:ikss.themes', nameLabel: 'catalogs:ikss.field.name' }

export const loader = (args: Route.LoaderArgs) => themeLoader(args, getMainTheme)
export const action = (args: Route.ActionArgs) =>
  themeAction(args, { get: getMainTheme, create: createMainTheme, update: updateMainTheme }, '/app/sadmin/ikss/themes')

export default function EditIcsMainTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { theme } = loaderData
  // The number begins the numbers of the sub-processes, catalogue entries and inventory processes.
  const locked = theme !== null && theme.subThemes + theme.entries + theme.processes > 0
  return <ThemeEditPage theme={theme} lastResult={actionData?.result} {...PAGE} locked={locked} />
}
