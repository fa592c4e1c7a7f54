import { createTheme, getTheme, updateTheme } from '#app/features/operator/risk-catalog/catalog.server.ts'
import { themeAction, themeLoader } from '#app/features/operator/catalog-shared.server.ts'
import { ThemeEditPage } from '#app/features/operator/catalog/pages.tsx'
import type { Route } from './+types/edit'

const PAGE = { formId: 'risk-theme', list: '/app/sadmin/risks/themes', ns: 'catalogs:themes', nameLabel: 'catalogs:themes.field.name' }

export const loader = (args: Route.LoaderArgs) => themeLoader(args, getTheme)
export const action = (args: Route.ActionArgs) => themeAction(args, { get: getTheme, create: createTheme, update: updateTheme }, '/app/sadmin/risks/themes')

export default function EditRiskTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { theme } = loaderData
  // The number begins every catalogue number of the theme.
  return <ThemeEditPage theme={theme} lastResult={actionData?.result} {...PAGE} locked={theme !== null && theme.entries > 0} />
}
