import { Outlet, useLocation } from 'react-router'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import * as css from '#app/ui/catalog-editor.css.ts'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { parseTableParams } from '#app/utils/table.ts'
import { entryFilter } from '../catalog-shared.server.ts'
import type { Route } from './+types/index'
import { KRI_SORTS, listKriCatalog } from './catalog.server.ts'
import { LIST } from './options.ts'

export const handle: TitleHandle = { title: 'catalogs:kris.title' }

/** The catalogue: filtered, sorted and paged on the server; each entry named in the reader's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const url = new URL(request.url)
  const table = parseTableParams(url, KRI_SORTS, 'sort')
  const { state, text, active } = entryFilter(url.searchParams)
  const language = await getLocale(request)
  const { rows, total } = await listKriCatalog(
    access,
    { q: text, active, sort: table.sort, dir: table.dir, language },
    { limit: table.pageSize, offset: table.offset },
  )
  return { rows, total, table, filtered: Boolean(state || text), values: { state, q: text ?? '' } }
}

/** A bound as stored ("110.0000") read as a number ("110"). */
const bound = (v: string | null) => (v === null ? '—' : String(Number(v)))

export default function KriCatalogAdmin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, filtered, values } = loaderData
  return (
    <>
      <div className={css.head}>
        <h1>{t('catalogs:kris.title')}</h1>
        <LinkButton to={`${LIST}/new${search}`} variant="primary" preventScrollReset>
          {t('catalogs:kris.new')}
        </LinkButton>
      </div>
      <p className={css.intro}>{t('catalogs:kris.intro')}</p>
      <FilterForm resetTo={LIST}>
        <TextField label={t('catalogs:kris.filter.q')} name="q" type="search" defaultValue={values.q} description={t('catalogs:kris.filter.qHint')} />
        <SelectField
          label={t('catalogs:kris.filter.state')}
          name="state"
          defaultValue={values.state}
          options={[
            { value: '', label: t('table.all') },
            { value: 'active', label: t('catalogs:kris.state.active') },
            { value: 'inactive', label: t('catalogs:kris.state.inactive') },
          ]}
        />
      </FilterForm>
      <DataTable
        caption={t('catalogs:kris.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        resetTo={LIST}
        columns={[
          { key: 'sort', header: t('catalogs:kris.field.sort'), sortable: true, render: (r) => <span className={css.nowrap}>{r.sort}</span> },
          {
            key: 'name',
            header: t('catalogs:kris.field.name'),
            sortable: true,
            render: (r) => (
              <>
                {r.name}
                <div className={css.muted}>{r.key}</div>
              </>
            ),
          },
          {
            key: 'unit',
            header: t('catalogs:kris.field.unit'),
            render: (r) => (
              <>
                <span className={css.nowrap}>{t(`kri:unit.${r.unit}`)}</span>
                <div className={css.muted}>{t(`kri:direction.${r.direction}`)}</div>
              </>
            ),
          },
          {
            key: 'defaults',
            header: t('catalogs:kris.field.defaults'),
            render: (r) => <span className={css.nowrap}>{t('catalogs:kris.boundsShort', { amber: bound(r.defaultAmber), red: bound(r.defaultRed) })}</span>,
          },
          { key: 'legalBasis', header: t('catalogs:kris.field.legalBasis'), render: (r) => r.legalBasis || '—' },
          {
            key: 'flags',
            header: t('catalogs:kris.field.flags'),
            render: (r) => (
              <span className={css.badges}>
                {r.computed ? <Badge>{t('catalogs:kris.badge.computed')}</Badge> : null}
                {r.active ? <Badge tone="success">{t('catalogs:kris.state.active')}</Badge> : <Badge tone="warning">{t('catalogs:kris.state.inactive')}</Badge>}
              </span>
            ),
          },
          { key: 'funds', header: t('catalogs:kris.field.funds'), render: (r) => <span className={css.nowrap}>{r.funds}</span> },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <AppLink to={`${LIST}/${r.id}/edit${search}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.name}`}>
                {t('action.edit')}
              </AppLink>
            ),
          },
        ]}
      />
      <Outlet />
    </>
  )
}
