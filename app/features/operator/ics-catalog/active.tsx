import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { getCatalogEntry, setCatalogEntryActive } from '#app/features/ics/catalog.server.ts'
import { toggleAction, toggleLoader } from '../catalog-shared.server.ts'
import { ToggleEntryDialog } from '../catalog-shared.tsx'
import type { Route } from './+types/active'

export const loader = (args: Route.LoaderArgs) => toggleLoader(args, getCatalogEntry)
export const action = (args: Route.ActionArgs) => toggleAction(args, setCatalogEntryActive, '/app/sadmin/ikss')

export default function ToggleIcsCatalogEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { entry } = loaderData
  const title = i18n.language === 'fr' ? entry.titleFr : i18n.language === 'en' ? entry.titleEn : entry.titleDe
  const activate = !entry.active
  return (
    <ToggleEntryDialog
      entry={entry}
      lastResult={actionData?.result}
      closeTo={`/app/sadmin/ikss${search}`}
      texts={
        activate
          ? {
              title: t('sadmin:ikss.catalog.activateTitle', { idkey: entry.idkey }),
              question: t('sadmin:ikss.catalog.activateQuestion', { title }),
              confirm: t('sadmin:ikss.catalog.activate'),
            }
          : {
              title: t('sadmin:ikss.catalog.deactivateTitle', { idkey: entry.idkey }),
              question: t('sadmin:ikss.catalog.deactivateQuestion', { title }),
              confirm: t('sadmin:ikss.catalog.deactivate'),
            }
      }
    />
  )
}
