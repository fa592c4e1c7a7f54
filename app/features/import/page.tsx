import { data, Form, redirect } from 'react-router'
import { requireCustomer } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, SelectField } from '#app/ui/fields.tsx'
import * as dash from '#app/ui/page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { refuse } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { IMPORT_MAX_BYTES, IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_FORM_BYTES, IMPORT_MAX_ROWS, type ImportKind } from '#models/core/constants.ts'
import { formatDate } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import type { Route } from './+types/page'
import { headerKey, IMPORT_FIELDS } from './fields.ts'
import { type FieldChange, Imports, type PreviewRow, type Shown } from './imports.server.ts'
import { FileError } from './parse.server.ts'
import { formatNumber } from '#app/i18n/config.ts'

/** Rows the preview shows (errors first); the counts cover every row. */
const SHOWN = 200
const MB = IMPORT_MAX_BYTES / 1024 / 1024

export const handle: TitleHandle = { title: (data: { kind?: ImportKind } | undefined, t) => t(`import:title.${data?.kind ?? 'risks'}`) }

function kindOf(request: Request): { kind: ImportKind; base: string; list: string } {
  const path = new URL(request.url).pathname
  if (path.startsWith('/app/risk/kri/')) return { kind: 'kriValues', base: '/app/risk/kri/import', list: '/app/risk/kri' }
  return path.startsWith('/app/risk/')
    ? { kind: 'risks', base: '/app/risk/import', list: '/app/risk' }
    : { kind: 'measures', base: '/app/measures/import', list: '/app/measures?tab=all' }
}

/** The steps as one page: upload (no draft), mapping (?draft=…&step=mapping, or a foreign header), preview. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const { kind, base, list } = kindOf(request)
  const imports = Imports.for(access)
  if (!imports.mayImport(kind)) refuse('forbidden', request)
  const url = new URL(request.url)
  const id = url.searchParams.get('draft')
  const limits = { size: MB, rows: IMPORT_MAX_ROWS }
  if (!id) return { kind, base, list, limits, step: 'upload' as const }
  try {
    const draft = await imports.draft(kind, id)
    const fields = IMPORT_FIELDS[kind].map((f) => ({ field: f, labelKey: headerKey(kind, f), column: draft.mapping[f] ?? -1 }))
    if (!draft.mapped || url.searchParams.get('step') === 'mapping') return { kind, base, list, limits, step: 'mapping' as const, draft, fields }
    const preview = await imports.preview(kind, id)
    const errors = preview.rows.filter((r) => r.action === 'error')
    const shown = [...errors, ...preview.rows.filter((r) => r.action !== 'error')].slice(0, SHOWN)
    return { kind, base, list, limits, step: 'preview' as const, draft, fields, counts: preview.counts, token: preview.token, rows: shown }
  } catch (error) {
    if (error instanceof DomainError) refuse(error.code, request)
    throw error
  }
}

type ActionError = { error: string; values?: Record<string, string | number> }
const fail = (error: string, status = 400, values?: Record<string, string | number>) => data<ActionError>({ error, values }, { status })

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requireCustomer({ request, context })
  const { kind, base, list } = kindOf(request)
  const imports = Imports.for(access)
  if (!imports.mayImport(kind)) refuse('forbidden', request)
  const url = new URL(request.url)
  // A file over the limit is refused from its announced length, before its body is read (the request
  // gate lets such a body through to here, unread, for this message).
  if (Number(request.headers.get('content-length') ?? 0) > IMPORT_MAX_FORM_BYTES) return fail('import:file.tooLarge', 413, { size: MB })
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'upload')
  const id = String(form.get('draft') ?? url.searchParams.get('draft') ?? '')
  try {
    if (intent === 'upload') {
      const file = form.get('file')
      if (!(file instanceof File) || !file.size) return fail('import:file.missing')
      if (file.size > IMPORT_MAX_BYTES) return fail('import:file.tooLarge', 413, { size: MB })
      const draft = await imports.upload(kind, file.name, new Uint8Array(await file.arrayBuffer()))
      return redirect(`${base}?draft=${draft.id}${draft.mapped ? '' : '&step=mapping'}`)
    }
    if (intent === 'map') {
      // Absent or empty: the field is ignored (Number('') would be column 0).
      const choice = Object.fromEntries(
        IMPORT_FIELDS[kind].map((f) => {
          const raw = form.get(`map.${f}`)
          return [f, raw === null || raw === '' ? -1 : Number(raw)]
        }),
      )
      await imports.setMapping(kind, id, choice)
      return redirect(`${base}?draft=${id}`)
    }
    if (intent === 'confirm') {
      await imports.confirm(kind, id, String(form.get('token') ?? ''))
      return redirectWithToast(list, 'saved')
    }
    if (intent === 'discard') {
      await imports.discard(kind, id)
      return redirect(base)
    }
    return fail('validation.invalid')
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'invalid' || error.code === 'conflict')) {
      const key = error.messageKey ?? 'validation.invalid'
      const values = {
        size: MB,
        rows: IMPORT_MAX_ROWS,
        columns: IMPORT_MAX_COLUMNS,
        chars: IMPORT_MAX_CELL_CHARS,
        ...(error instanceof FileError ? { line: error.line } : {}),
      }
      return fail(key, error.code === 'conflict' ? 409 : 400, values)
    }
    if (error instanceof DomainError) refuse(error.code, request)
    throw error
  }
}

function ErrorList({ kind, row }: { kind: ImportKind; row: PreviewRow }) {
  const { t } = useTranslation()
  if (!row.errors.length) return null
  return (
    <ul>
      {row.errors.map((e) => {
        const label = headerKey(kind, e.field)
        const message = t(`import:${e.key}`, e.values ?? {})
        // "Field: message" through a key: French puts a no-break space before the colon.
        return <li key={`${e.field}${e.key}`}>{label ? t('import:preview.errorOf', { field: t(label), message }) : message}</li>
      })}
    </ul>
  )
}

/** The longest text a change shows of a value (a measure's description runs to 5,000 characters). */
const SHOWN_CHARS = 120

/** A value of a field as the reader reads it: choices translated, days Swiss, yes or no, tags listed. */
function useShown() {
  const { t } = useTranslation()
  return (kind: ImportKind, field: string, v: Shown): string => {
    if (v === null || v === '' || (Array.isArray(v) && !v.length)) return t('import:preview.empty')
    if (typeof v === 'boolean') return t(v ? 'common.yes' : 'common.no')
    if (Array.isArray(v)) return v.join(', ')
    const key =
      kind === 'risks'
        ? { state: `risk:state.${v}`, relevance: `risk:relevance.${v}` }[field]
        : kind === 'measures'
          ? { source: `measures.source.${v}`, recurrence: `recurrence.${v}` }[field]
          : undefined
    if (key) return t(key as never)
    if (field === 'dueDate') return formatDate(String(v))
    const s = String(v)
    return s.length > SHOWN_CHARS ? `${s.slice(0, SHOWN_CHARS)}…` : s
  }
}

/** Per updated row, each field it changes: "Title: old → new". */
function ChangeList({ kind, changes }: { kind: ImportKind; changes: FieldChange[] }) {
  const { t } = useTranslation()
  const shown = useShown()
  if (!changes.length) return null
  return (
    <ul data-testid="import-changes">
      {changes.map((c) => (
        <li key={c.field}>
          {t('import:preview.change', { field: t(headerKey(kind, c.field) as never), from: shown(kind, c.field, c.from), to: shown(kind, c.field, c.to) })}
        </li>
      ))}
    </ul>
  )
}

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  // Counts and row numbers as the reader's language groups them (10'000, 10 000, 10,000).
  const n = (values: Record<string, string | number>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? formatNumber(v, i18n.language) : v]))
  const d = loaderData
  const failure = actionData && 'error' in actionData ? t(actionData.error, n(actionData.values ?? {})) : null
  return (
    <>
      <h1>{t(`import:title.${d.kind}`)}</h1>
      <p>
        <LinkButton to={d.list}>{t('import:back')}</LinkButton>
      </p>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {d.step === 'upload' ? (
        <Card>
          <p>{t(d.kind === 'kriValues' ? 'import:kri.hint' : 'import:hint', n(d.limits))}</p>
          <Form method="post" encType="multipart/form-data" data-testid="import-upload">
            <input type="hidden" name="intent" value="upload" />
            <p>
              <label htmlFor="import-file">{t('import:file.label')}</label>{' '}
              <input
                id="import-file"
                type="file"
                name="file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                required
              />
            </p>
            <FormActions>
              <Button type="submit">{t('import:file.upload')}</Button>
            </FormActions>
          </Form>
        </Card>
      ) : null}
      {d.step === 'mapping' ? (
        <Card title={t('import:mapping.title')}>
          <p>{t('import:mapping.note')}</p>
          {!d.draft.mapped && d.fields.some((f) => f.column >= 0) ? <p data-testid="import-proposed">{t('import:mapping.proposed')}</p> : null}
          {/* step=mapping: a refused mapping comes back to this form with its message, not to the preview. */}
          <Form method="post" action={`${d.base}?draft=${d.draft.id}&step=mapping`} data-testid="import-mapping">
            <input type="hidden" name="intent" value="map" />
            <input type="hidden" name="draft" value={d.draft.id} />
            {d.fields.map((f) => (
              <SelectField
                key={f.field}
                label={t(f.labelKey)}
                name={`map.${f.field}`}
                defaultValue={String(f.column)}
                options={[{ value: '-1', label: t('import:mapping.ignore') }, ...d.draft.header.map((h, i) => ({ value: String(i), label: h }))]}
              />
            ))}
            <FormActions>
              <Button type="submit">{t('import:mapping.submit')}</Button>
            </FormActions>
          </Form>
        </Card>
      ) : null}
      {d.step === 'preview' ? (
        <Card title={t('import:preview.title', { file: d.draft.fileName })}>
          <p data-testid="import-counts">{t('import:preview.counts', { ...n(d.counts), count: d.counts.total })}</p>
          {d.counts.error ? <Alert tone="error">{t('import:confirm.hasErrors')}</Alert> : <p>{t('import:confirm.note')}</p>}
          <FormActions>
            <Form method="post" action={`${d.base}?draft=${d.draft.id}`}>
              <input type="hidden" name="draft" value={d.draft.id} />
              <input type="hidden" name="token" value={d.token} />
              <Button type="submit" name="intent" value="confirm" isDisabled={d.counts.error > 0 || d.counts.create + d.counts.update === 0}>
                {t('import:confirm.submit')}
              </Button>{' '}
              <Button type="submit" name="intent" value="discard" variant="secondary">
                {t('import:discard')}
              </Button>
            </Form>
            <LinkButton to={`${d.base}?draft=${d.draft.id}&step=mapping`}>{t('import:preview.remap')}</LinkButton>
          </FormActions>
          {d.rows.length < d.counts.total ? <p>{t('import:preview.shown', n({ shown: d.rows.length, total: d.counts.total }))}</p> : null}
          <ScrollArea label={t('import:preview.title', { file: d.draft.fileName })}>
            <table className={dash.table} data-testid="import-preview">
              <thead>
                <tr>
                  <th scope="col">{t('import:preview.column.line')}</th>
                  <th scope="col">{t('import:preview.column.action')}</th>
                  {/* A KRI value is named by its reporting date and its KRI. */}
                  <th scope="col">{t(d.kind === 'kriValues' ? 'import:kri.field.periodEnd' : 'import:preview.column.number')}</th>
                  <th scope="col">{t(d.kind === 'kriValues' ? 'import:kri.field.kri' : 'import:preview.column.title')}</th>
                  <th scope="col">{t('import:preview.column.changes')}</th>
                  <th scope="col">{t('import:preview.column.errors')}</th>
                </tr>
              </thead>
              <tbody>
                {d.rows.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{t(`import:preview.action.${r.action}`)}</td>
                    <td>{r.number}</td>
                    <td>{r.title}</td>
                    <td>
                      <ChangeList kind={d.kind} changes={r.changes} />
                    </td>
                    <td>
                      <ErrorList kind={d.kind} row={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        </Card>
      ) : null}
    </>
  )
}
