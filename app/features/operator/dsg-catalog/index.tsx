import { Outlet, useLocation } from 'react-router'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { parseTableParams } from '#app/utils/table.ts'
import { entryFilter } from '../catalog-shared.server.ts'
import * as css from '#app/ui/catalog-editor.css.ts'
import type { Route } from './+types/index'
import { LIST } from './options.ts'
import { listTemplates, TEMPLATE_SORTS } from './templates.server.ts'

export const handle: TitleHandle = { title: 'dsg:templates.title' }

/** The catalogue: filtered, sorted and paged on the server; each template named in the reader's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const url = new URL(request.url)
  const table = parseTableParams(url, TEMPLATE_SORTS, 'position')
  const { state, text, active } = entryFilter(url.searchParams)
  const language = await getLocale(request)
  const { rows, total } = await listTemplates(
    access,
    { q: text, active, sort: table.sort, dir: table.dir, language },
    { limit: table.pageSize, offset: table.offset },
  )
  return { rows, total, table, filtered: Boolean(state || text), values: { state, q: text ?? '' } }
}

export default function DsgTemplatesAdmin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, filtered, values } = loaderData
  const toggle = (active: boolean) => (active ? t('dsg:templates.deactivate') : t('dsg:templates.activate'))
  return (
    <>
      <div className={css.head}>
        <h1>{t('dsg:templates.title')}</h1>
        <LinkButton to={`${LIST}/new${search}`} variant="primary" preventScrollReset>
          {t('dsg:templates.new')}
        </LinkButton>
      </div>
      <p className={css.intro}>{t('dsg:templates.intro')}</p>
      <FilterForm resetTo={LIST}>
        <TextField label={t('dsg:templates.filter.q')} name="q" type="search" defaultValue={values.q} description={t('dsg:templates.filter.qHint')} />
        <SelectField
          label={t('dsg:templates.filter.state')}
          name="state"
          defaultValue={values.state}
          options={[
            { value: '', label: t('table.all') },
            { value: 'active', label: t('dsg:templates.state.active') },
            { value: 'inactive', label: t('dsg:templates.state.inactive') },
          ]}
        />
      </FilterForm>
      <DataTable
        caption={t('dsg:templates.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        resetTo={LIST}
        columns={[
          { key: 'position', header: t('dsg:templates.field.number'), sortable: true, render: (r) => <span className={css.nowrap}>{r.position}</span> },
          { key: 'name', header: t('dsg:templates.field.name'), sortable: true, render: (r) => r.name },
          { key: 'role', header: t('dsg:templates.field.role'), render: (r) => t(`dsg:templates.role.${r.role}`) },
          {
            key: 'categories',
            header: t('dsg:templates.field.categories'),
            render: (r) => (
              <span className={css.badges}>
                <span className={css.nowrap}>{t('dsg:templates.categoryCount', { count: r.categories })}</span>
                {r.sensitive ? <Badge tone="danger">{t('dsg:templates.sensitiveCount', { count: r.sensitive })}</Badge> : null}
              </span>
            ),
          },
          {
            key: 'state',
            header: t('dsg:templates.filter.state'),
            render: (r) =>
              r.active ? <Badge tone="success">{t('dsg:templates.state.active')}</Badge> : <Badge tone="warning">{t('dsg:templates.state.inactive')}</Badge>,
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <span className={css.rowActions}>
                <AppLink to={`${LIST}/${r.id}/edit${search}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.name}`}>
                  {t('action.edit')}
                </AppLink>
                <AppLink to={`${LIST}/${r.id}/active${search}`} preventScrollReset aria-label={`${toggle(r.active)}: ${r.name}`}>
                  {toggle(r.active)}
                </AppLink>
              </span>
            ),
          },
        ]}
      />
      <Outlet />
    </>
  )
}
