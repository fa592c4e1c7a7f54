import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import { requireTool } from '#app/auth/guards.server.ts'
import { listCustomerMembers } from '#app/features/account/customers.server.ts'
import { RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'
import { listRisks, listThemes, riskMode } from '#app/features/risk/risks.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import type { Route } from './+types/index'
import { parseRiskQuery } from './query.server.ts'
import { ScoreBadge } from './score-badge.tsx'
import * as css from './risk.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireTool(request, 'risk', 'dsg')
  const locale = await getLocale(request)
  const { filter, table, values, filtered } = parseRiskQuery(new URL(request.url))
  const [{ rows, total }, themes, members] = await Promise.all([
    listRisks(access, filter, { limit: table.pageSize, offset: table.offset }, locale),
    listThemes(locale),
    listCustomerMembers(access),
  ])
  return { rows, total, table, values, filtered, themes, members, mode: riskMode(access.rights) }
}

export const handle: TitleHandle = { title: 'risk:inventory.title' }

export default function RiskInventory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, table, values, filtered, themes, members, mode } = loaderData
  const yesNo = [
    { value: '', label: t('table.all') },
    { value: 'yes', label: t('common.yes') },
    { value: 'no', label: t('common.no') },
  ]
  const [cellP, cellS] = values.cell ? values.cell.split('-') : []
  return (
    <>
      <div className={css.head}>
        <h1>{t('risk:inventory.title')}</h1>
        <div className={css.actions}>
          <Link to="/app/risk/map">{t('risk:map.title')}</Link>
          <a href={`/app/risk/export.csv${search}`} download>
            {t('measures.exportView')}
          </a>
          <a href="/app/risk/export.csv?all=1" download>
            {t('measures.exportAll')}
          </a>
          {mode === 'write' ? (
            <LinkButton to="/app/risk/catalog" variant="primary">
              {t('risk:inventory.add')}
            </LinkButton>
          ) : null}
        </div>
      </div>
      {mode === 'dsg' ? <p className={css.note}>{t('risk:inventory.dsgView')}</p> : null}
      <FilterForm>
        {values.cell ? (
          <p className={css.cellFilter}>
            <input type="hidden" name="cell" value={values.cell} />
            {t('risk:inventory.cellFilter', { p: cellP, s: cellS })}
          </p>
        ) : null}
        <SelectField
          label={t('risk:field.theme')}
          name="theme"
          defaultValue={values.theme}
          options={[{ value: '', label: t('table.all') }, ...themes.map((th) => ({ value: th.id, label: `${th.leadingNumber} ${th.name}` }))]}
        />
        <SelectField
          label={t('risk:field.state')}
          name="state"
          defaultValue={values.state}
          options={[{ value: '', label: t('table.all') }, ...RISK_STATES.map((s) => ({ value: s, label: t(`risk:state.${s}`) }))]}
        />
        <SelectField
          label={t('risk:field.owner')}
          name="owner"
          defaultValue={values.owner}
          options={[{ value: '', label: t('table.all') }, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
        />
        <SelectField
          label={t('risk:field.relevance')}
          name="relevance"
          defaultValue={values.relevance}
          options={[{ value: '', label: t('table.all') }, ...RISK_RELEVANCES.map((r) => ({ value: r, label: t(`risk:relevance.${r}`) }))]}
        />
        <SelectField label={t('risk:field.strategic')} name="strategic" defaultValue={values.strategic} options={yesNo} />
        <SelectField label={t('risk:field.dsgRelevant')} name="dsg" defaultValue={values.dsg} options={yesNo} />
        <SelectField label={t('risk:field.measureNeeded')} name="measure" defaultValue={values.measure} options={yesNo} />
        <TextField label={t('risk:field.tag')} name="tag" defaultValue={values.tag} />
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={values.q} />
      </FilterForm>
      <DataTable
        caption={t('risk:inventory.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'idkey', header: t('risk:field.idkey'), sortable: true, render: (r) => <span className={css.nowrap}>{r.idkey}</span> },
          {
            key: 'title',
            header: t('risk:field.title'),
            sortable: true,
            render: (r) => (
              <>
                <Link to={`/app/risk/${r.id}`}>{r.title}</Link>
                <div className={css.muted}>
                  {r.themeNumber} {r.themeName}
                </div>
              </>
            ),
          },
          { key: 'state', header: t('risk:field.state'), sortable: true, render: (r) => t(`risk:state.${r.state}`) },
          { key: 'owner', header: t('risk:field.owner'), sortable: true, render: (r) => r.ownerName ?? '—' },
          { key: 'score', header: t('risk:field.score'), sortable: true, render: (r) => <ScoreBadge probability={r.probability} severity={r.severity} /> },
          {
            key: 'flags',
            header: t('measures.field.dsg'),
            render: (r) => (
              <span className={css.flags}>
                {r.dsgRelevant ? <Badge>{t('tool.dsg')}</Badge> : null}
                {r.strategic ? <Badge tone="warning">{t('risk:field.strategic')}</Badge> : null}
                {r.catalogId ? null : <Badge tone="neutral">{t('risk:inventory.individual')}</Badge>}
              </span>
            ),
          },
        ]}
      />
    </>
  )
}
