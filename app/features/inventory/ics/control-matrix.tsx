import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import * as ui from '#app/ui/ui.css.ts'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { ReadOnlyNote } from '#app/ui/read-only-note.tsx'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M } from '#app/utils/validation.ts'
import { MATRIX_CELLS, type MATRIX_ROLES, type MatrixCell } from '#models/core/constants.ts'
import { DomainError } from '#models/core/errors.ts'
import { controlMatrix, type MatrixRowInput, saveControlMatrix } from './quality.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/control-matrix'
import * as mx from './matrix.css.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.tools.iks.read)
  return { rows: await controlMatrix(access), canEdit: permissionsOf(access).tools.iks.editSettings }
}

export const handle: TitleHandle = { title: 'iks:matrix.title' }

const TEXTS = ['task', 'department', 'controller', 'cycle', 'comment'] as const

/** The whole matrix posts as one form: row[i].field; a blank extra row adds one. */
export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.tools.iks.read)
  if (!permissionsOf(access).tools.iks.editSettings) forbidden(request)
  const form = await request.formData()
  const count = Math.min(500, Number(form.get('count')) || 0)
  const rows: MatrixRowInput[] = []
  for (let i = 0; i < count; i++) {
    const get = (k: string) => String(form.get(`row[${i}].${k}`) ?? '').trim()
    const cell = (k: string): MatrixCell | null => ((MATRIX_CELLS as readonly string[]).includes(get(k)) ? (get(k) as MatrixCell) : null)
    const id = get('id') || null
    const row: MatrixRowInput = {
      id,
      task: get('task').slice(0, 500),
      revision: cell('revision'),
      management: cell('management'),
      responsible: cell('responsible'),
      department: get('department').slice(0, 200),
      controller: get('controller').slice(0, 200),
      cycle: get('cycle').slice(0, 100),
      comment: get('comment').slice(0, 1000),
      version: id ? Number(get('version')) : null,
      remove: get('remove') === 'on',
    }
    if (id && !row.remove && !row.task) return data({ error: M.required }, { status: 400 })
    rows.push(row)
  }
  try {
    await saveControlMatrix(access, rows)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'stale') return data({ error: M.staleVersion }, { status: 409 })
    if (error instanceof DomainError && error.code === 'not-found') notFound(request)
    throw error
  }
  return redirectWithToast('/app/iks/control-matrix', 'saved')
}

/** Shown from the top of the foundation down: foundation council, management, statutory auditor. */
const ROLE_COLUMNS = ['responsible', 'management', 'revision'] as const satisfies readonly (typeof MATRIX_ROLES)[number][]

export default function ControlMatrix({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { rows, canEdit } = loaderData
  const all = canEdit ? [...rows, null] : rows
  return (
    <>
      <h1>{t('iks:matrix.title')}</h1>
      <p>{t('iks:matrix.intro')}</p>
      <p className={mx.exports}>
        <a href="/app/iks/control-matrix/export.csv" download>
          {t('measures.exportAll')}
        </a>
        <a href="/app/iks/control-matrix/export.xlsx" download>
          {t('measures.exportAllXlsx')}
        </a>
      </p>
      {canEdit ? null : <ReadOnlyNote who="icsSettings" />}
      {actionData?.error ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
      <Card>
        <Form method="post">
          <input type="hidden" name="count" value={all.length} />
          <ScrollArea label={t('iks:matrix.title')}>
            <table className={mx.matrix} data-testid="control-matrix">
              <thead>
                <tr>
                  <th scope="col">{t('iks:matrix.task')}</th>
                  {ROLE_COLUMNS.map((r) => (
                    <th key={r} scope="col">
                      {t(`iks:matrix.${r}`)}
                    </th>
                  ))}
                  <th scope="col">{t('iks:matrix.department')}</th>
                  <th scope="col">{t('iks:matrix.controller')}</th>
                  <th scope="col">{t('iks:matrix.cycle')}</th>
                  <th scope="col">{t('iks:matrix.comment')}</th>
                  {canEdit ? <th scope="col">{t('action.remove')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {all.map((row, i) => {
                  const label = row?.task || t('iks:matrix.newRow')
                  return (
                    <tr key={row ? `${row.id}-${row.version}` : `new-${rows.length}`}>
                      {canEdit ? (
                        <>
                          <td>
                            <input type="hidden" name={`row[${i}].id`} value={row?.id ?? ''} />
                            <input type="hidden" name={`row[${i}].version`} value={row?.version ?? ''} />
                            <textarea
                              name={`row[${i}].task`}
                              defaultValue={row?.task ?? ''}
                              rows={2}
                              className={`${ui.input} ${mx.task}`}
                              aria-label={`${t('iks:matrix.task')}: ${label}`}
                              placeholder={row ? undefined : t('iks:matrix.newRow')}
                            />
                          </td>
                          {ROLE_COLUMNS.map((r) => (
                            <td key={r}>
                              <select
                                name={`row[${i}].${r}`}
                                defaultValue={row?.[r] ?? ''}
                                className={`${ui.input} ${mx.cell}`}
                                aria-label={`${t(`iks:matrix.${r}`)}: ${label}`}
                              >
                                <option value="">–</option>
                                {MATRIX_CELLS.map((c) => (
                                  <option key={c} value={c}>
                                    {c} · {t(`iks:matrix.cell.${c}`)}
                                  </option>
                                ))}
                              </select>
                            </td>
                          ))}
                          {TEXTS.slice(1).map((k) => (
                            <td key={k}>
                              <input
                                name={`row[${i}].${k}`}
                                defaultValue={row?.[k] ?? ''}
                                className={`${ui.input} ${mx.text}`}
                                aria-label={`${t(`iks:matrix.${k}`)}: ${label}`}
                              />
                            </td>
                          ))}
                          <td>{row ? <input type="checkbox" name={`row[${i}].remove`} aria-label={`${t('action.remove')}: ${label}`} /> : null}</td>
                        </>
                      ) : (
                        <>
                          <td>{row?.task}</td>
                          {ROLE_COLUMNS.map((r) => (
                            <td key={r} title={row?.[r] ? t(`iks:matrix.cell.${row[r]}`) : undefined}>
                              {row?.[r] ?? '–'}
                            </td>
                          ))}
                          <td>{row?.department}</td>
                          <td>{row?.controller}</td>
                          <td>{row?.cycle}</td>
                          <td>{row?.comment}</td>
                        </>
                      )}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </ScrollArea>
          <p>{t('iks:matrix.legend')}</p>
          {canEdit ? <Button type="submit">{t('action.save')}</Button> : null}
        </Form>
      </Card>
    </>
  )
}
