import { requireAdmin } from '#app/auth/guards.server.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { hasFilters, parseTableParams } from '#app/utils/table.ts'
import type { Route } from './+types/index'
import { READ_KINDS, type ReadKind, ReadLog } from '#app/accountability/read-log.server.ts'
import { isIsoDate } from '#models/core/dates.ts'

const FILTERS = ['from', 'to', 'kind', 'user'] as const

/** The fund's read log of sensitive data (issue 12, decision 0036): admins only (the admin layout's guard and the service). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireAdmin({ request, context })
  const log = ReadLog.for(access)
  const url = new URL(request.url)
  const table = parseTableParams(url, ['readAt'] as const, 'readAt', 'desc')
  const param = (name: string) => url.searchParams.get(name) ?? ''
  const kind = (READ_KINDS as readonly string[]).includes(param('kind')) ? (param('kind') as ReadKind) : undefined
  const filters = { from: isIsoDate(param('from')) ? param('from') : '', to: isIsoDate(param('to')) ? param('to') : '', kind: kind ?? '', user: param('user') }
  const [{ rows, total }, readers] = await Promise.all([
    log.list({ from: filters.from, to: filters.to, kind, userId: filters.user || undefined, limit: table.pageSize, offset: table.offset }),
    log.readers(),
  ])
  return { rows, total, table, readers, filters, filtered: hasFilters(url, FILTERS), kinds: READ_KINDS }
}

export const handle: TitleHandle = { title: 'admin:readLog.title' }

export default function ReadLogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { rows, total, table, readers, filters, filtered, kinds } = loaderData
  return (
    <>
      <h1>{t('admin:readLog.title')}</h1>
      <p>{t('admin:readLog.intro')}</p>
      <FilterForm>
        <TextField label={t('admin:readLog.from')} name="from" type="date" defaultValue={filters.from} />
        <TextField label={t('admin:readLog.to')} name="to" type="date" defaultValue={filters.to} />
        <SelectField
          label={t('admin:readLog.kind')}
          name="kind"
          defaultValue={filters.kind}
          options={[{ value: '', label: t('table.all') }, ...kinds.map((k) => ({ value: k, label: t(`admin:readLog.kinds.${k}`) }))]}
        />
        <SelectField
          label={t('admin:readLog.user')}
          name="user"
          defaultValue={filters.user}
          options={[{ value: '', label: t('table.all') }, ...readers.map((r) => ({ value: r.id, label: r.label }))]}
        />
      </FilterForm>
      <DataTable
        caption={t('admin:readLog.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'readAt', header: t('admin:readLog.when'), render: (r) => formatDateTime(r.readAt) },
          { key: 'user', header: t('admin:readLog.who'), render: (r) => r.user },
          { key: 'actingFor', header: t('admin:readLog.onBehalfOf'), render: (r) => r.actingFor ?? '' },
          {
            key: 'kind',
            header: t('admin:readLog.what'),
            render: (r) => ((kinds as readonly string[]).includes(r.kind) ? t(`admin:readLog.kinds.${r.kind as ReadKind}`) : r.kind),
          },
          {
            key: 'record',
            header: t('admin:readLog.record'),
            // The record as it is named now, linked where the admin may open it; a deleted one says so.
            render: (r) => (r.record === null ? t('admin:readLog.deleted') : r.href ? <AppLink to={r.href}>{r.record}</AppLink> : r.record),
          },
          { key: 'via', header: t('admin:readLog.via'), render: (r) => <code>{r.via}</code> },
        ]}
      />
    </>
  )
}
