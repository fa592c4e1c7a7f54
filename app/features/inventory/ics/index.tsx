import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'

import { InventoryListPage } from '#app/features/inventory/list-page.tsx'
import { Badge } from '#app/ui/badges.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { ICS_STATES } from '#models/core/constants.ts'
import * as css from '#app/ui/register.css.ts'
import type { Route } from './+types/index'
import { icsList } from './routes.server.ts'

export async function loader(args: Route.LoaderArgs) {
  return icsList(args)
}

export const handle: TitleHandle = { title: 'iks:inventory.title' }

export default function ProcessInventory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <InventoryListPage
      ns="iks"
      data={loaderData}
      states={ICS_STATES}
      theme={{
        param: 'main',
        line: (r) => `${r.mainNumber} ${r.mainName}${r.subName ? ` · ${r.subName}` : ''}`,
      }}
      actions={
        <>
          <AppLink to="/app/iks/qsindex">{t('iks:quality.title')}</AppLink>
          <AppLink to="/app/iks/control-matrix">{t('iks:matrix.title')}</AppLink>
          {loaderData.mode === 'dsg' ? null : <AppLink to="/app/iks/executions">{t('executions:title')}</AppLink>}
        </>
      }
      columns={{
        own: [
          {
            key: 'assessment',
            header: t('iks:field.assessment'),
            render: (r) => (
              <span className={css.flags}>
                {(['effectiveness', 'traceability', 'efficiency'] as const).map((k) =>
                  r[k] ? (
                    <Badge key={k} tone={r[k] === 'fulfilled' ? 'success' : r[k] === 'partly' ? 'warning' : 'danger'}>
                      {t(`iks:field.${k}`)}: {t(`iks:rating.${r[k]}`)}
                    </Badge>
                  ) : null,
                )}
              </span>
            ),
          },
        ],
        flags: (r) => (r.measureNeeded ? <Badge tone="warning">{t('risk:field.measureNeeded')}</Badge> : null),
      }}
    />
  )
}
