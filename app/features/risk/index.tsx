import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'

import { InventoryListPage, useYesNoOptions } from '#app/features/inventory/list-page.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'
import type { Route } from './+types/index'
import { riskList } from './routes.server.ts'
import * as css from './risk.css.ts'
import { ScoreBadge } from './score-badge.tsx'

export async function loader(args: Route.LoaderArgs) {
  return riskList(args)
}

export const handle: TitleHandle = { title: 'risk:inventory.title' }

export default function RiskInventory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { values } = loaderData
  const yesNo = useYesNoOptions()
  const [cellP, cellS] = values.cell ? values.cell.split('-') : []
  return (
    <InventoryListPage
      ns="risk"
      data={loaderData}
      states={RISK_STATES}
      theme={{
        param: 'theme',
        line: (r) => `${r.themeNumber} ${r.themeName}`,
      }}
      actions={
        <>
          <AppLink to="/app/risk/map">{t('risk:map.title')}</AppLink>
          {loaderData.mode === 'write' ? <AppLink to="/app/risk/import">{t('import:link')}</AppLink> : null}
        </>
      }
      filters={{
        before: values.cell ? (
          <p className={css.cellFilter}>
            <input type="hidden" name="cell" value={values.cell} />
            {t('risk:inventory.cellFilter', { p: cellP, s: cellS })}
          </p>
        ) : null,
        middle: (
          <>
            <SelectField
              label={t('risk:field.relevance')}
              name="relevance"
              defaultValue={values.relevance}
              options={[{ value: '', label: t('table.all') }, ...RISK_RELEVANCES.map((r) => ({ value: r, label: t(`risk:relevance.${r}`) }))]}
            />
            <SelectField label={t('risk:field.strategic')} name="strategic" defaultValue={values.strategic} options={yesNo} />
          </>
        ),
        after: <TextField label={t('risk:field.tag')} name="tag" defaultValue={values.tag} />,
      }}
      columns={{
        own: [{ key: 'score', header: t('risk:field.score'), sortable: true, render: (r) => <ScoreBadge probability={r.probability} severity={r.severity} /> }],
        flags: (r) => (r.strategic ? <Badge tone="warning">{t('risk:field.strategic')}</Badge> : null),
      }}
    />
  )
}
