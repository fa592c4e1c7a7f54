import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { createMainTheme, getMainTheme, updateMainTheme } from '#app/features/ics/catalog.server.ts'
import { themeAction, themeLoader } from '#app/features/operator/catalog-shared.server.ts'
import { ThemeDialog } from '#app/features/operator/catalog-shared.tsx'
import type { Route } from './+types/edit'

export const loader = (args: Route.LoaderArgs) => themeLoader(args, getMainTheme)
export const action = (args: Route.ActionArgs) => themeAction(args, { create: createMainTheme, update: updateMainTheme }, '/app/sadmin/ikss/themes')

export default function EditIcsMainTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { theme } = loaderData
  // The number begins the numbers of the sub-processes, catalogue entries and inventory processes.
  const locked = theme !== null && theme.subThemes + theme.entries + theme.processes > 0
  return (
    <ThemeDialog
      theme={theme}
      lastResult={actionData?.result}
      formId="ics-main-theme"
      closeTo={`/app/sadmin/ikss/themes${search}`}
      texts={{
        title: theme ? t('sadmin:ikss.themes.editTitle', { number: theme.leadingNumber }) : t('sadmin:ikss.themes.new'),
        leadingNumber: t('sadmin:ikss.themes.field.leadingNumber'),
        leadingNumberHint: locked ? t('sadmin:ikss.themes.field.leadingNumberLocked') : t('sadmin:ikss.themes.field.leadingNumberHint'),
        name: t('sadmin:ikss.field.name'),
      }}
    />
  )
}
