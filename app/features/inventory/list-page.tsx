import { AppLink } from '#app/ui/app-link.tsx'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useLocation } from 'react-router'
import * as css from '#app/ui/register.css.ts'
import { Badge } from '#app/ui/badges.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { type Column, DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'

type Row = { id: string; idkey: string; title: string; state: string; ownerName: string | null; dsgRelevant: boolean; catalogId: string | null }

/**
 * The inventory list of a tool: its actions, the filters every tool has (theme, state, owner,
 * DSG, measure, search) with the tool's own between them, and the table with the columns every
 * tool has (number, title, state, owner) and the tool's own.
 */
export function InventoryListPage<R extends Row>({
  ns,
  data,
  theme,
  states,
  actions,
  filters,
  columns,
  below,
}: {
  /** The tool's messages namespace, also its path under `/app`. */
  ns: string
  data: {
    rows: R[]
    total: number
    table: { page: number; pageSize: number; sort?: string; dir?: 'asc' | 'desc' }
    values: Record<string, string>
    filtered: boolean
    themes: { id: string; leadingNumber: string; name: string }[]
    members: { id: string; firstName: string; lastName: string }[]
    mode: string
  }
  /** The theme filter's parameter (its label is the field of that name), and the theme line under a title. */
  theme: { param: string; line: (r: R) => ReactNode }
  states: readonly string[]
  actions: ReactNode
  filters?: { before?: ReactNode; middle?: ReactNode; after?: ReactNode }
  columns: { own: Column<R>[]; flags: (r: R) => ReactNode }
  /** What follows the table (the risks removed since a snapshot). */
  below?: ReactNode
}) {
  const { t } = useTranslation()
  const base = `/app/${ns}`
  const { search } = useLocation()
  const yesNo = useYesNoOptions()
  const { rows, total, table, values, filtered, themes, members, mode } = data
  const all = { value: '', label: t('table.all') }
  return (
    <>
      <div className={css.head}>
        <h1>{t(`${ns}:inventory.title`)}</h1>
        <div className={css.actions}>
          {actions}
          {mode === 'write' ? (
            <LinkButton to={`${base}/catalog`} variant="primary">
              {t(`${ns}:inventory.add`)}
            </LinkButton>
          ) : null}
        </div>
      </div>
      {mode === 'dsg' ? <p className={css.note}>{t(`${ns}:inventory.dsgView`)}</p> : null}
      <FilterForm
        exports={
          <>
            <a href={`${base}/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`${base}/export.csv?all=1`} download>
              {t('measures.exportAll')}
            </a>
            <a href={`${base}/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
            <a href={`${base}/export.xlsx?all=1`} download>
              {t('measures.exportAllXlsx')}
            </a>
          </>
        }
      >
        {filters?.before}
        <SelectField
          label={t(`${ns}:field.${theme.param}`)}
          name={theme.param}
          defaultValue={values[theme.param]}
          options={[all, ...themes.map((th) => ({ value: th.id, label: `${th.leadingNumber} ${th.name}` }))]}
        />
        <SelectField
          label={t(`${ns}:field.state`)}
          name="state"
          defaultValue={values.state}
          options={[all, ...states.map((s) => ({ value: s, label: t(`${ns}:state.${s}`) }))]}
        />
        <SelectField
          label={t(`${ns}:field.owner`)}
          name="owner"
          defaultValue={values.owner}
          options={[all, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
        />
        {filters?.middle}
        <SelectField label={t('risk:field.dsgRelevant')} name="dsg" defaultValue={values.dsg} options={yesNo} />
        <SelectField label={t('risk:field.measureNeeded')} name="measure" defaultValue={values.measure} options={yesNo} />
        {filters?.after}
        <TextField label={t('measures.filter.q')} name="q" type="search" defaultValue={values.q} />
      </FilterForm>
      <DataTable
        caption={t(`${ns}:inventory.title`)}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'idkey', header: t('risk:field.idkey'), sortable: true, render: (r) => <span className={css.nowrap}>{r.idkey}</span> },
          {
            key: 'title',
            header: t(`${ns}:field.title`),
            sortable: true,
            render: (r) => (
              <>
                <AppLink to={`${base}/${r.id}`}>{r.title}</AppLink>
                <div className={css.muted}>{theme.line(r)}</div>
              </>
            ),
          },
          { key: 'state', header: t(`${ns}:field.state`), sortable: true, render: (r) => t(`${ns}:state.${r.state}`) },
          { key: 'owner', header: t(`${ns}:field.owner`), sortable: true, render: (r) => r.ownerName ?? '—' },
          ...columns.own,
          {
            key: 'flags',
            header: t('measures.field.dsg'),
            render: (r) => (
              <span className={css.flags}>
                {r.dsgRelevant ? <Badge>{t('tool.dsg')}</Badge> : null}
                {columns.flags(r)}
                {r.catalogId ? null : <Badge>{t('risk:inventory.individual')}</Badge>}
              </span>
            ),
          },
        ]}
      />
      {below}
    </>
  )
}

/** The options of a yes-or-no filter: all, yes, no. */
export function useYesNoOptions() {
  const { t } = useTranslation()
  return [
    { value: '', label: t('table.all') },
    { value: 'yes', label: t('common.yes') },
    { value: 'no', label: t('common.no') },
  ]
}
