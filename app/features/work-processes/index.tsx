import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Outlet, useLocation } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { DocumentLink } from '#app/ui/document-link.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { LinkButton } from '#app/ui/button.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { WORK_PROCESS_STATES } from '#models/core/constants.ts'
import { listCustomerMembers } from '#app/auth/customers.server.ts'
import { listMainThemes } from '#app/features/inventory/face.server.ts'
import { WorkProcesses as WorkProcessService } from '#app/features/work-processes/work-processes.server.ts'
import type { Route } from './+types/index'
import { parseWorkProcessQuery } from './query.server.ts'
import * as css from '#app/ui/register.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const workProcesses = WorkProcessService.for(access)
  if (!workProcesses.mayRead) forbidden(request)
  const { filter, table, values, filtered } = parseWorkProcessQuery(new URL(request.url))
  const locale = await getLocale(request)
  const [{ rows, total }, themes, members] = await Promise.all([
    workProcesses.list(filter, { limit: table.pageSize, offset: table.offset }, locale),
    listMainThemes(locale),
    listCustomerMembers(access),
  ])
  return { rows, total, table, values, filtered, themes, members, canWrite: workProcesses.mayWrite }
}

export const handle: TitleHandle = { title: 'work:title' }

export default function WorkProcesses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table, values, filtered, themes, members, canWrite } = loaderData
  return (
    <>
      <div className={css.head}>
        <h1>{t('work:title')}</h1>
        <div className={css.actions}>
          {canWrite ? (
            <LinkButton to={`/app/work-process/new${search}`} variant="primary" preventScrollReset>
              {t('work:add')}
            </LinkButton>
          ) : null}
        </div>
      </div>
      <FilterForm
        exports={
          <>
            <a href={`/app/work-process/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/work-process/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <SelectField
          label={t('work:field.state')}
          name="state"
          defaultValue={values.state}
          options={[{ value: '', label: t('table.all') }, ...WORK_PROCESS_STATES.map((s) => ({ value: s, label: t(`work:state.${s}`) }))]}
        />
        <SelectField
          label={t('iks:field.main')}
          name="main"
          defaultValue={values.main}
          options={[{ value: '', label: t('table.all') }, ...themes.map((th) => ({ value: th.id, label: `${th.leadingNumber} ${th.name}` }))]}
        />
        <SelectField
          label={t('work:field.owner')}
          name="owner"
          defaultValue={values.owner}
          options={[{ value: '', label: t('table.all') }, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
        />
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={values.q} />
      </FilterForm>
      <DataTable
        caption={t('work:title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'title',
            header: t('work:field.title'),
            sortable: true,
            render: (r) => (
              <>
                <strong>{r.title}</strong>
                <div className={css.muted}>
                  {[r.processRef, r.businessCase, r.mainNumber ? `${r.mainNumber} ${r.mainName}${r.subName ? ` · ${r.subName}` : ''}` : '']
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </>
            ),
          },
          {
            key: 'link',
            header: t('documents.field.link'),
            render: (r) => <DocumentLink link={r.link} linkText="" name={t('work:open')} context={r.title} optional />,
          },
          { key: 'enforcementDate', header: t('work:field.enforcementDate'), sortable: true, render: (r) => formatDate(r.enforcementDate) },
          {
            key: 'state',
            header: t('work:field.state'),
            sortable: true,
            render: (r) => <Badge tone={r.state === 'inForce' ? 'success' : r.state === 'draft' ? 'warning' : 'neutral'}>{t(`work:state.${r.state}`)}</Badge>,
          },
          { key: 'owner', header: t('work:field.owner'), render: (r) => r.ownerName ?? '—' },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) =>
              canWrite ? (
                <span className={css.flags}>
                  <AppLink to={`/app/work-process/${r.id}/edit${search}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.title}`}>
                    {t('action.edit')}
                  </AppLink>
                  <AppLink to={`/app/work-process/${r.id}/delete${search}`} preventScrollReset aria-label={`${t('action.delete')}: ${r.title}`}>
                    {t('action.delete')}
                  </AppLink>
                </span>
              ) : (
                // Readers and auditors read it with its history.
                <AppLink to={`/app/work-process/${r.id}${search}`} preventScrollReset aria-label={`${t('action.view')}: ${r.title}`}>
                  {t('action.view')}
                </AppLink>
              ),
          },
        ]}
      />
      <Outlet />
    </>
  )
}
