import { useTranslation } from '#app/i18n/use-translation.ts'
import { CatalogTabs } from '../catalog/pages.tsx'

/** The ICS catalogue, its main processes and its sub-processes: three screens of one administration. */
export function IcsAdminTabs({ current }: { current: 'catalog' | 'themes' | 'subthemes' }) {
  const { t } = useTranslation()
  const items: [typeof current, string, string][] = [
    ['catalog', '/app/sadmin/ikss', t('catalogs:ikss.nav.catalog')],
    ['themes', '/app/sadmin/ikss/themes', t('catalogs:ikss.nav.themes')],
    ['subthemes', '/app/sadmin/ikss/subthemes', t('catalogs:ikss.nav.subthemes')],
  ]
  return <CatalogTabs label={t('catalogs:ikss.nav.label')} current={current} items={items} />
}
