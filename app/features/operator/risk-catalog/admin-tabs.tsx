import { useTranslation } from '#app/i18n/use-translation.ts'
import { CatalogTabs } from '../catalog/pages.tsx'

/** The risk catalogue and its themes: two screens of one administration. */
export function RiskAdminTabs({ current }: { current: 'catalog' | 'themes' }) {
  const { t } = useTranslation()
  const items: [typeof current, string, string][] = [
    ['catalog', '/app/sadmin/risks', t('sadmin:nav.risks')],
    ['themes', '/app/sadmin/risks/themes', t('sadmin:nav.themes')],
  ]
  return <CatalogTabs label={t('sadmin:nav.label')} current={current} items={items} />
}
