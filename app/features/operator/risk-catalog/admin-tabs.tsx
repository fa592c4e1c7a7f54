import { useTranslation } from 'react-i18next'
import { TabLinks } from '#app/ui/tabs.tsx'

/** The risk catalogue and its themes: two screens of one administration. */
export function RiskAdminTabs({ current }: { current: 'catalog' | 'themes' }) {
  const { t } = useTranslation()
  return (
    <TabLinks
      label={t('sadmin:nav.label')}
      items={[
        { to: '/app/sadmin/risks', label: t('sadmin:nav.risks'), current: current === 'catalog' },
        { to: '/app/sadmin/risks/themes', label: t('sadmin:nav.themes'), current: current === 'themes' },
      ]}
    />
  )
}
