import { AppLink } from '#app/ui/app-link.tsx'
import { type FormMetadata, getFormProps, type SubmissionResult } from '#app/ui/form.ts'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form, Outlet, useLocation } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { type Column, DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { TabLinks } from '#app/ui/tabs.tsx'
import type { TableParams } from '#app/utils/table.ts'
import { LanguageFields, ThemeDialog, ToggleEntryDialog } from '../catalog-shared.tsx'
import { LANGS } from './options.ts'
import * as css from '#app/ui/catalog-editor.css.ts'

/*
 * The pages the operator's two catalogues (risks, ICS) share. Each route names its list URL and
 * the prefix of its texts (`catalogs:risks` or `catalogs:ikss.catalog`, …) and adds only what differs.
 */

const localTitle = (e: { titleDe: string; titleFr: string; titleEn: string }, lang: string) =>
  lang === 'fr' ? e.titleFr : lang === 'en' ? e.titleEn : e.titleDe

/** The dialog that deactivates an entry or activates it again; `ns` is the prefix of the catalogue's texts. */
export function ToggleEntryPage(props: {
  entry: { idkey: string; titleDe: string; titleFr: string; titleEn: string; active: boolean; version: number }
  lastResult: unknown
  list: string
  ns: string
}) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { entry, ns } = props
  const title = localTitle(entry, i18n.language)
  const verb = entry.active ? 'deactivate' : 'activate'
  return (
    <ToggleEntryDialog
      entry={entry}
      lastResult={props.lastResult}
      closeTo={`${props.list}${search}`}
      texts={{
        title: t(`${ns}.${verb}Title`, { idkey: entry.idkey }),
        question: t(`${ns}.${verb}Question`, { title }),
        confirm: t(`${ns}.${verb}`),
      }}
    />
  )
}

type Theme = { id: string; version: number; leadingNumber: string; nameDe: string; nameFr: string; nameEn: string }

/** New or edit theme; `ns` is the prefix of the theme texts, `nameLabel` the key of the name legend. */
export function ThemeEditPage(props: {
  theme: Theme | null
  lastResult: SubmissionResult<string[]> | undefined
  formId: string
  list: string
  ns: string
  nameLabel: string
  /** Whether anything carries the theme's number, so that it may no longer change. */
  locked: boolean
}) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { theme, ns } = props
  return (
    <ThemeDialog
      theme={theme}
      lastResult={props.lastResult}
      formId={props.formId}
      closeTo={`${props.list}${search}`}
      texts={{
        title: theme ? t(`${ns}.editTitle`, { number: theme.leadingNumber }) : t(`${ns}.new`),
        leadingNumber: t(`${ns}.field.leadingNumber`),
        leadingNumberHint: props.locked ? t(`${ns}.field.leadingNumberLocked`) : t(`${ns}.field.leadingNumberHint`),
        name: t(props.nameLabel),
      }}
    />
  )
}

/** The page head: title, the "new" button, the tabs of the administration and the intro. */
function Head({ ns, list, tabs }: { ns: string; list: string; tabs: ReactNode }) {
  const { t } = useTranslation()
  const { search } = useLocation()
  return (
    <>
      <div className={css.head}>
        <h1>{t(`${ns}.title`)}</h1>
        <LinkButton to={`${list}/new${search}`} variant="primary" preventScrollReset>
          {t(`${ns}.new`)}
        </LinkButton>
      </div>
      {tabs}
      <p className={css.intro}>{t(`${ns}.intro`)}</p>
    </>
  )
}

type ThemeListRow = Theme & { entries: number }

/** The list of themes with their leading number, three names, counts (`counts`) and an edit link. */
export function ThemesPage<R extends ThemeListRow>(props: {
  data: { rows: R[]; total: number; table: TableParams<string> }
  ns: string
  list: string
  tabs: ReactNode
  counts: Column<R>[]
}) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { rows, total, table } = props.data
  return (
    <>
      <Head ns={props.ns} list={props.list} tabs={props.tabs} />
      <DataTable
        caption={t(`${props.ns}.title`)}
        rows={rows}
        total={total}
        table={table}
        filtered={false}
        columns={[
          {
            key: 'leadingNumber',
            header: t(`${props.ns}.field.leadingNumber`),
            sortable: true,
            render: (r) => <span className={css.nowrap}>{r.leadingNumber}</span>,
          },
          ...nameColumns<R>(t, 'name'),
          ...props.counts,
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <AppLink to={`${props.list}/${r.id}/edit${search}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.leadingNumber}`}>
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

/** A sortable column per catalogue language, each cell marked with its language. */
function nameColumns<R>(t: (key: string) => string, field: 'name' | 'title'): Column<R>[] {
  return (['De', 'Fr', 'En'] as const).map((suffix) => {
    const lang = suffix.toLowerCase()
    const key = `${field}${suffix}`
    return {
      key,
      header: t(`language.${lang}`),
      sortable: true,
      render: (r: R) => <span lang={lang}>{(r as Record<string, string>)[key]}</span>,
    }
  })
}

type EntryRow = { id: string; idkey: string; titleDe: string; titleFr: string; titleEn: string; active: boolean }

/**
 * The catalogue list: filters (the catalogue's own, then text and state), and a table of the entries with number,
 * titles, the catalogue's own columns, state and the edit and (de)activate links.
 */
export function CatalogPage<R extends EntryRow>(props: {
  data: { rows: R[]; total: number; table: TableParams<string>; filtered: boolean; values: { q: string; state: string } }
  ns: string
  list: string
  tabs: ReactNode
  filters: ReactNode
  /** What stands under the number (the theme or sub-process). */
  under: (row: R) => ReactNode
  columns: Column<R>[]
}) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { ns, list } = props
  const { rows, total, table, filtered, values } = props.data
  const toggle = (r: R) => (r.active ? t(`${ns}.deactivate`) : t(`${ns}.activate`))
  return (
    <>
      <Head ns={ns} list={list} tabs={props.tabs} />
      <FilterForm resetTo={list}>
        {props.filters}
        <TextField label={t(`${ns}.filter.q`)} name="q" type="search" defaultValue={values.q} description={t(`${ns}.filter.qHint`)} />
        <SelectField
          label={t(`${ns}.filter.state`)}
          name="state"
          defaultValue={values.state}
          options={[
            { value: '', label: t('table.all') },
            { value: 'active', label: t(`${ns}.state.active`) },
            { value: 'inactive', label: t(`${ns}.state.inactive`) },
          ]}
        />
      </FilterForm>
      <DataTable
        caption={t(`${ns}.title`)}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        resetTo={list}
        columns={[
          {
            key: 'idkey',
            header: t(`${ns}.field.idkey`),
            sortable: true,
            render: (r) => (
              <>
                <span className={css.nowrap}>{r.idkey}</span>
                <div className={css.muted}>{props.under(r)}</div>
              </>
            ),
          },
          ...nameColumns<R>(t, 'title'),
          ...props.columns,
          {
            key: 'state',
            header: t(`${ns}.filter.state`),
            render: (r) => (r.active ? <Badge tone="success">{t(`${ns}.state.active`)}</Badge> : <Badge tone="warning">{t(`${ns}.state.inactive`)}</Badge>),
          },
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('table.actions')}</span>,
            render: (r) => (
              <span className={css.rowActions}>
                <AppLink to={`${list}/${r.id}/edit${search}`} preventScrollReset aria-label={`${t('action.edit')}: ${r.idkey}`}>
                  {t('action.edit')}
                </AppLink>
                <AppLink to={`${list}/${r.id}/active${search}`} preventScrollReset aria-label={`${toggle(r)}: ${r.idkey}`}>
                  {toggle(r)}
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

type EntryText = { field: string; label: string; multiline: boolean; required: boolean }
type Fields = Record<string, { initialValue?: unknown; errors?: string[] } | undefined>

/** A form's initial value and errors by field name, for the fields a catalogue adds to the entry dialog. */
export function fieldReader(fields: object) {
  const f = fields as Fields
  return { value: (name: string) => f[name]?.initialValue as string | undefined, errors: (name: string) => f[name]?.errors }
}

/** The form values of an entry's texts, once per language. */
export const entryTextValues = (texts: readonly EntryText[], entry: Record<string, unknown>) =>
  Object.fromEntries(texts.flatMap((x) => LANGS.map((l) => [`${x.field}${l.suffix}`, entry[`${x.field}${l.suffix}`]])))

/**
 * New or edit catalogue entry: the catalogue's own choice of theme (`themes`), the number, the texts per language,
 * the catalogue's own fields (`extra`) and the tags. Without any theme, it points to creating one (`empty`).
 */
export function EntryDialog<S extends Record<string, unknown>>(props: {
  entry: { idkey: string; version: number; active: boolean } | null
  form: FormMetadata<S, string[]>
  fields: object
  ns: string
  list: string
  texts: readonly EntryText[]
  empty: ReactNode | null
  themes: ReactNode
  extra: ReactNode
}) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { entry, form, ns } = props
  const fields = props.fields as Fields
  const closeTo = `${props.list}${search}`
  const title = entry ? t(`${ns}.editTitle`, { idkey: entry.idkey }) : t(`${ns}.new`)
  if (props.empty) {
    return (
      <RouteDialog title={title} closeTo={closeTo}>
        <Alert tone="warning">{props.empty}</Alert>
      </RouteDialog>
    )
  }
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className={css.wideForm} preventScrollReset>
        <FormErrors errors={form.errors} />
        {entry ? <input type="hidden" name="version" value={entry.version} /> : null}
        {entry && !entry.active ? <Alert tone="warning">{t(`${ns}.inactiveHint`)}</Alert> : null}
        <div className={css.grid2}>
          {props.themes}
          <TextField
            label={t(`${ns}.field.idkey`)}
            name="idkey"
            defaultValue={fields.idkey?.initialValue as string | undefined}
            errors={fields.idkey?.errors}
            description={t(`${ns}.field.idkeyHint`)}
            isRequired
          />
        </div>
        <LanguageFields legend={t(`${ns}.texts`)} texts={props.texts.map((x) => ({ ...x, label: t(x.label) }))} fields={fields} />
        {props.extra}
        <TextField
          label={t(`${ns}.field.tags`)}
          name="tags"
          defaultValue={fields.tags?.initialValue as string | undefined}
          errors={fields.tags?.errors}
          description={t(`${ns}.field.tagsHint`)}
        />
        <FormActions>
          <Button type="submit">{entry ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}

/** The tabs of one catalogue's administration (`label` names the navigation); `current` is the screen shown. */
export function CatalogTabs<K extends string>({ label, current, items }: { label: string; current: K; items: [K, string, string][] }) {
  return <TabLinks label={label} items={items.map(([key, to, text]) => ({ to, label: text, current: key === current }))} />
}

/** A column counting what stands under a theme, linked to the list of it. */
export function countColumn<R extends { id: string }>(
  key: string,
  header: string,
  count: (r: R) => number,
  to: (r: R) => string,
  label: (r: R) => string,
): Column<R> {
  return {
    key,
    header,
    render: (r) => (
      <AppLink to={to(r)} aria-label={label(r)}>
        {count(r)}
      </AppLink>
    ),
  }
}

/** The route component of a theme list: its texts, URL, tabs and the counts it shows. */
export function themesRoute<R extends ThemeListRow>(page: {
  ns: string
  list: string
  tabs: ReactNode
  counts: (t: (key: string, options?: Record<string, unknown>) => string) => Column<R>[]
}) {
  return function ThemesRoute({ loaderData }: { loaderData: { rows: R[]; total: number; table: TableParams<string> } }) {
    const { t } = useTranslation()
    return <ThemesPage data={loaderData} ns={page.ns} list={page.list} tabs={page.tabs} counts={page.counts(t)} />
  }
}

/** A select of the list filter: "all" and then the given options. */
export function FilterSelect(props: { label: string; name: string; value: string; options: { value: string; label: string }[] }) {
  const { t } = useTranslation()
  return <SelectField label={props.label} name={props.name} defaultValue={props.value} options={[{ value: '', label: t('table.all') }, ...props.options]} />
}
