import { useTranslation } from 'react-i18next'
import { TabLinks } from '#app/ui/tabs.tsx'

/** The ICS catalogue, its main processes and its sub-processes: three screens of one administration. */
export function IcsAdminTabs({ current }: { current: 'catalog' | 'themes' | 'subthemes' }) {
  const { t } = useTranslation()
  return (
    <TabLinks
      label={t('sadmin:ikss.nav.label')}
      items={[
        { to: '/app/sadmin/ikss', label: t('sadmin:ikss.nav.catalog'), current: current === 'catalog' },
        { to: '/app/sadmin/ikss/themes', label: t('sadmin:ikss.nav.themes'), current: current === 'themes' },
        { to: '/app/sadmin/ikss/subthemes', label: t('sadmin:ikss.nav.subthemes'), current: current === 'subthemes' },
      ]}
    />
  )
}
