import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Outlet, useLocation } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { DocumentLink } from '#app/ui/document-link.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { TabLinks } from '#app/ui/tabs.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import { WORK_PROCESS_SORTS, WorkProcesses } from '#app/features/work-processes/face.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { Documents as DocumentService } from '#app/features/documents/documents.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/index'
import { parseDocumentQuery } from './query.server.ts'
import * as css from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const url = new URL(request.url)
  const documents = DocumentService.for(access)
  // The work-processes tab lists the work processes with their documents' links (SPEC.md §2).
  if (url.searchParams.get('tab') === 'workprocess') {
    const workProcesses = WorkProcesses.for(access)
    if (!workProcesses.mayRead) forbidden(request)
    const table = parseTableParams(url, WORK_PROCESS_SORTS, 'title')
    const { rows, total } = await workProcesses.list(
      { sort: table.sort, dir: table.dir },
      { limit: table.pageSize, offset: table.offset },
      await getLocale(request),
    )
    return { kind: 'workprocess' as const, categories: documents.categories, rows, total, table }
  }
  const { categories, filter, table, filtered, values } = parseDocumentQuery(url, permissionsOf(access), request)
  const { rows, total } = await documents.list(filter, { limit: table.pageSize, offset: table.offset })
  return {
    kind: 'documents' as const,
    categories,
    category: filter.category,
    rows,
    total,
    table,
    filtered,
    values,
    canWrite: documents.mayWrite(filter.category),
    canCreate: documents.writableCategories.length > 0,
  }
}

export const handle: TitleHandle = { title: 'documents.title' }

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const base = (params: Record<string, string>) => `/app/docs?${new URLSearchParams(params)}`
  const tabItems = (current: string) => [
    ...loaderData.categories.map((c) => ({ to: base({ tab: c }), label: t(`documents.tab.${c}`), current: c === current })),
    { to: base({ tab: 'workprocess' }), label: t('documents.tab.workprocess'), current: current === 'workprocess' },
  ]
  if (loaderData.kind === 'workprocess') {
    return (
      <>
        <h1>{t('documents.title')}</h1>
        <TabLinks label={t('documents.tabs')} items={tabItems('workprocess')} />
        <p>
          <AppLink to="/app/work-process">{t('work:title')}</AppLink>
        </p>
        <DataTable
          caption={t('work:title')}
          rows={loaderData.rows}
          total={loaderData.total}
          table={loaderData.table}
          filtered={false}
          columns={[
            { key: 'title', header: t('work:field.title'), sortable: true, render: (r) => <strong>{r.title}</strong> },
            {
              key: 'link',
              header: t('documents.field.link'),
              render: (r) => <DocumentLink link={r.link} linkText="" name={t('work:open')} context={r.title} optional />,
            },
            { key: 'enforcementDate', header: t('work:field.enforcementDate'), sortable: true, render: (r) => formatDate(r.enforcementDate) },
            { key: 'state', header: t('work:field.state'), sortable: true, render: (r) => t(`work:state.${r.state}`) },
          ]}
        />
      </>
    )
  }
  const { category, rows, total, table, filtered, values, canWrite } = loaderData
  const childSearch = search || `?tab=${category}`
  return (
    <>
      <div className={css.head}>
        <h1>{t('documents.title')}</h1>
        <div className={css.actions}>
          {loaderData.canCreate ? (
            <LinkButton to={`/app/docs/new${childSearch}`} variant="primary" preventScrollReset>
              {t('documents.new')}
            </LinkButton>
          ) : null}
        </div>
      </div>
      <TabLinks label={t('documents.tabs')} items={tabItems(category)} />
      <FilterForm
        exports={
          <>
            <a href={`/app/docs/export.csv${childSearch}`} className={css.exportLink} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/docs/export.xlsx${childSearch}`} className={css.exportLink} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
        resetTo={base({ tab: category })}
        keep={[['tab', category]]}
      >
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={values.q} />
        <SelectField
          label={t('documents.field.present')}
          name="present"
          defaultValue={values.present}
          options={[
            { value: '', label: t('table.all') },
            { value: 'yes', label: t('common.yes') },
            { value: 'no', label: t('common.no') },
          ]}
        />
        <TextField label={t('measures.filter.from')} name="from" type="date" defaultValue={values.from} />
        <TextField label={t('measures.filter.to')} name="to" type="date" defaultValue={values.to} />
      </FilterForm>
      <DataTable
        caption={t('documents.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        resetTo={base({ tab: category })}
        columns={[
          { key: 'name', header: t('documents.field.name'), sortable: true, render: (r) => <strong>{r.name}</strong> },
          {
            key: 'link',
            header: t('documents.field.link'),
            // A document is a link or a file: one with a file and no link opens where its file is.
            render: (r) =>
              !r.link && r.hasFile ? (
                <AppLink to={`/app/docs/${r.id}${childSearch}`}>{t('files:file')}</AppLink>
              ) : (
                <DocumentLink link={r.link} linkText={r.linkText} name={r.name} />
              ),
          },
          { key: 'comment', header: t('field.comment'), render: (r) => <span className={css.body}>{r.comment}</span> },
          { key: 'dueDate', header: t('documents.field.dueDate'), sortable: true, render: (r) => formatDate(r.dueDate) },
          {
            key: 'present',
            header: t('documents.field.present'),
            sortable: true,
            render: (r) => (r.present ? <Badge tone="success">{t('common.yes')}</Badge> : <Badge tone="warning">{t('common.no')}</Badge>),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) =>
              canWrite ? (
                <span className={css.rowActions}>
                  <AppLink to={`/app/docs/${r.id}/edit${childSearch}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.name}`}>
                    {t('action.edit')}
                  </AppLink>
                  <AppLink to={`/app/docs/${r.id}/delete${childSearch}`} preventScrollReset aria-label={`${t('action.delete')}: ${r.name}`}>
                    {t('action.delete')}
                  </AppLink>
                </span>
              ) : (
                // Readers and auditors read it with its history.
                <AppLink to={`/app/docs/${r.id}${childSearch}`} preventScrollReset aria-label={`${t('action.view')}: ${r.name}`}>
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
