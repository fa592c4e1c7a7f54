import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import { requireTool } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { ICS_STATES, type IcsState } from '#models/core/constants.ts'
import { listCustomerMembers } from '#app/features/account/customers.server.ts'
import { ICS_SORTS, icsMode, listMainThemes, listProcesses } from '#app/features/ics/processes.server.ts'
import type { Route } from './+types/index'
import * as css from '../risk/risk.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const FILTERS = ['main', 'state', 'owner', 'dsg', 'measure', 'q'] as const

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireTool(request, 'iks', 'dsg')
  const url = new URL(request.url)
  const q = url.searchParams
  const get = (k: string) => (q.get(k) ?? '').trim()
  const yesNo = (v: string) => (v === 'yes' ? true : v === 'no' ? false : undefined)
  const table = parseTableParams(url, ICS_SORTS, 'idkey')
  const filter = {
    mainThemeId: UUID.test(get('main')) ? get('main') : undefined,
    state: (ICS_STATES as readonly string[]).includes(get('state')) ? (get('state') as IcsState) : undefined,
    ownerUserId: UUID.test(get('owner')) ? get('owner') : undefined,
    dsgRelevant: yesNo(get('dsg')),
    measureNeeded: yesNo(get('measure')),
    q: get('q').slice(0, 200) || undefined,
    sort: table.sort,
    dir: table.dir,
  }
  const locale = await getLocale(request)
  const [{ rows, total }, themes, members] = await Promise.all([
    listProcesses(access, filter, { limit: table.pageSize, offset: table.offset }, locale),
    listMainThemes(locale),
    listCustomerMembers(access),
  ])
  const values = Object.fromEntries(FILTERS.map((k) => [k, get(k)])) as Record<(typeof FILTERS)[number], string>
  return { rows, total, table, values, filtered: FILTERS.some((k) => values[k] !== ''), themes, members, mode: icsMode(access.rights) }
}

export const handle: TitleHandle = { title: 'iks:inventory.title' }

export default function ProcessInventory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { rows, total, table, values, filtered, themes, members, mode } = loaderData
  const yesNo = [
    { value: '', label: t('table.all') },
    { value: 'yes', label: t('common.yes') },
    { value: 'no', label: t('common.no') },
  ]
  return (
    <>
      <div className={css.head}>
        <h1>{t('iks:inventory.title')}</h1>
        <div className={css.actions}>
          <Link to="/app/iks/qsindex">{t('iks:quality.title')}</Link>
          <Link to="/app/iks/control-matrix">{t('iks:matrix.title')}</Link>
          {mode === 'write' ? (
            <LinkButton to="/app/iks/catalog" variant="primary">
              {t('iks:inventory.add')}
            </LinkButton>
          ) : null}
        </div>
      </div>
      {mode === 'dsg' ? <p className={css.note}>{t('iks:inventory.dsgView')}</p> : null}
      <FilterForm>
        <SelectField
          label={t('iks:field.main')}
          name="main"
          defaultValue={values.main}
          options={[{ value: '', label: t('table.all') }, ...themes.map((th) => ({ value: th.id, label: `${th.leadingNumber} ${th.name}` }))]}
        />
        <SelectField
          label={t('iks:field.state')}
          name="state"
          defaultValue={values.state}
          options={[{ value: '', label: t('table.all') }, ...ICS_STATES.map((s) => ({ value: s, label: t(`iks:state.${s}`) }))]}
        />
        <SelectField
          label={t('iks:field.owner')}
          name="owner"
          defaultValue={values.owner}
          options={[{ value: '', label: t('table.all') }, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
        />
        <SelectField label={t('risk:field.dsgRelevant')} name="dsg" defaultValue={values.dsg} options={yesNo} />
        <SelectField label={t('risk:field.measureNeeded')} name="measure" defaultValue={values.measure} options={yesNo} />
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={values.q} />
      </FilterForm>
      <DataTable
        caption={t('iks:inventory.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'idkey', header: t('risk:field.idkey'), sortable: true, render: (r) => <span className={css.nowrap}>{r.idkey}</span> },
          {
            key: 'title',
            header: t('iks:field.title'),
            sortable: true,
            render: (r) => (
              <>
                <Link to={`/app/iks/${r.id}`}>{r.title}</Link>
                <div className={css.muted}>
                  {r.mainNumber} {r.mainName}
                  {r.subName ? ` · ${r.subName}` : ''}
                </div>
              </>
            ),
          },
          { key: 'state', header: t('iks:field.state'), sortable: true, render: (r) => t(`iks:state.${r.state}`) },
          { key: 'owner', header: t('iks:field.owner'), sortable: true, render: (r) => r.ownerName ?? '—' },
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
          {
            key: 'flags',
            header: t('measures.field.dsg'),
            render: (r) => (
              <span className={css.flags}>
                {r.dsgRelevant ? <Badge>{t('tool.dsg')}</Badge> : null}
                {r.measureNeeded ? <Badge tone="warning">{t('risk:field.measureNeeded')}</Badge> : null}
                {r.catalogId ? null : <Badge>{t('risk:inventory.individual')}</Badge>}
              </span>
            ),
          },
        ]}
      />
    </>
  )
}
