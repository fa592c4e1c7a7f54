import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { createTheme, getTheme, updateTheme } from '#app/features/risk/catalog.server.ts'
import { themeAction, themeLoader } from '#app/features/operator/catalog-shared.server.ts'
import { ThemeDialog } from '#app/features/operator/catalog-shared.tsx'
import type { Route } from './+types/edit'

export const loader = (args: Route.LoaderArgs) => themeLoader(args, getTheme)
export const action = (args: Route.ActionArgs) => themeAction(args, { create: createTheme, update: updateTheme }, '/app/sadmin/risks/themes')

export default function EditRiskTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { theme } = loaderData
  return (
    <ThemeDialog
      theme={theme}
      lastResult={actionData?.result}
      formId="risk-theme"
      closeTo={`/app/sadmin/risks/themes${search}`}
      texts={{
        title: theme ? t('sadmin:themes.editTitle', { number: theme.leadingNumber }) : t('sadmin:themes.new'),
        leadingNumber: t('sadmin:themes.field.leadingNumber'),
        // The number begins every catalogue number of the theme.
        leadingNumberHint: theme && theme.entries > 0 ? t('sadmin:themes.field.leadingNumberLocked') : t('sadmin:themes.field.leadingNumberHint'),
        name: t('sadmin:themes.field.name'),
      }}
    />
  )
}
