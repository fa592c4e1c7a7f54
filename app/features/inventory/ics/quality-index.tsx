import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { DecisionFields, DecisionLink } from '#app/ui/decision-fields.tsx'
import { decisionInputOf, decisionShape, refineDecision } from '#app/utils/decision-schema.ts'
import type { DecisionInput } from '#models/core/decision-input.ts'
import { z } from 'zod'
import * as ui from '#app/ui/ui.css.ts'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { ReadOnlyNote } from '#app/ui/read-only-note.tsx'
import { getLocale } from '#app/i18n/locale.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { QUALITY_LEVELS, QUALITY_TARGET } from '#models/core/constants.ts'
import { DomainError } from '#models/core/errors.ts'
import { minimumDecisionOptions, qualityIndex, saveQualityIndex } from './quality.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/quality-index'
import * as dash from '#app/ui/page.css.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.tools.iks.read)
  const canEdit = permissionsOf(access).tools.iks.editSettings
  return {
    ...(await qualityIndex(access, await getLocale(request))),
    canEdit,
    decisions: canEdit ? await minimumDecisionOptions(access) : [],
  }
}

export const handle: TitleHandle = { title: 'iks:quality.title' }

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.tools.iks.read)
  if (!permissionsOf(access).tools.iks.editSettings) forbidden(request)
  const form = await request.formData()
  const levels: { mainThemeId: string; level: number | null }[] = []
  for (const [name, value] of form) {
    const m = name.match(/^level\.(.+)$/)
    if (!m) continue
    const level = value === '' ? null : Number(value)
    if (level !== null && !(QUALITY_LEVELS as readonly number[]).includes(level)) return data({ error: 'validation.invalid' }, { status: 400 })
    levels.push({ mainThemeId: m[1], level })
  }
  const minimum = Number(form.get('councilMinimum'))
  if (!(QUALITY_LEVELS as readonly number[]).includes(minimum)) return data({ error: 'validation.invalid' }, { status: 400 })
  // The council's decision on the minimum (issue 28): chosen or recorded here; judged only when some of it is filled in.
  const named = ['decisionId', 'decidedOn', 'decisionReference', 'decisionTitle', 'decidedBy'].some((k) => String(form.get(k) ?? '').trim() !== '')
  let decision: DecisionInput | null = null
  if (named) {
    const parsed = minimumDecisionSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? 'validation.invalid' }, { status: 400 })
    decision = decisionInputOf(parsed.data, 'icsMinimum')
  }
  try {
    await saveQualityIndex(access, levels, minimum, decision)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    // Another fund's or an unknown decision is a wrong choice in the form, not a missing page.
    if (error.code === 'not-found' && error.field === 'decisionId') return data({ error: 'validation.invalid' }, { status: 400 })
    if (error.code === 'not-found') notFound(request)
    if (error.code === 'forbidden') forbidden(request)
    return data({ error: error.messageKey ?? 'validation.invalid' }, { status: error.code === 'invalid' ? 400 : 409 })
  }
  return redirectWithToast('/app/iks/qsindex', 'saved')
}

const minimumDecisionSchema = z.object(decisionShape).superRefine(refineDecision)

export default function QualityIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { themes, texts, councilMinimum, canEdit, year } = loaderData
  const assessed = themes.filter((th) => th.level !== null)
  const average = assessed.length ? (assessed.reduce((s, th) => s + (th.level ?? 0), 0) / assessed.length).toFixed(1) : '—'
  const levelName = (n: number) => texts.find((x) => x.level === n)?.title ?? String(n)
  return (
    <>
      <h1>{t('iks:quality.title')}</h1>
      <p>{t('iks:quality.intro', { target: QUALITY_TARGET })}</p>
      {canEdit ? null : <ReadOnlyNote who="icsSettings" />}
      {actionData?.error ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
      <Form method="post">
        <Card title={t('iks:quality.byProcess')}>
          <p>
            {t('iks:quality.average')}: <strong data-testid="quality-average">{average}</strong> · {t('iks:quality.minimum')}:{' '}
            {canEdit ? (
              <select
                key={councilMinimum}
                name="councilMinimum"
                defaultValue={String(councilMinimum)}
                className={ui.input}
                aria-label={t('iks:quality.minimum')}
              >
                {QUALITY_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {l} – {levelName(l)}
                  </option>
                ))}
              </select>
            ) : (
              <strong>
                {councilMinimum} – {levelName(councilMinimum)}
              </strong>
            )}{' '}
            · {t('decisions:approval.decision')}:{' '}
            <span data-testid="minimum-decision">
              <DecisionLink decision={loaderData.minimumDecision} />
            </span>
          </p>
          {canEdit ? (
            <details data-testid="minimum-decision-fields" open={Boolean(actionData?.error)}>
              <summary>{t('iks:quality.minimumDecision')}</summary>
              <DecisionFields options={loaderData.decisions} fields={{}} />
            </details>
          ) : null}
          <ScrollArea label={t('iks:quality.byProcess')}>
            <table className={dash.table} data-testid="quality-index">
              <thead>
                <tr>
                  <th scope="col">{t('iks:field.main')}</th>
                  <th scope="col">{t('iks:quality.level')}</th>
                  <th scope="col">{t('iks:quality.status')}</th>
                  <th scope="col">{t('iks:quality.executions.planned', { year })}</th>
                  <th scope="col">{t('iks:quality.executions.done')}</th>
                  <th scope="col">{t('iks:quality.executions.effective')}</th>
                  <th scope="col">{t('iks:quality.executions.deficient')}</th>
                </tr>
              </thead>
              <tbody>
                {themes.map((th) => (
                  <tr key={th.id}>
                    <td>
                      {th.leadingNumber} {th.name}
                    </td>
                    <td>
                      {canEdit ? (
                        <select
                          key={th.level ?? ''}
                          name={`level.${th.id}`}
                          defaultValue={th.level ? String(th.level) : ''}
                          className={ui.input}
                          aria-label={`${t('iks:quality.level')}: ${th.name}`}
                        >
                          <option value="">{t('iks:quality.notAssessed')}</option>
                          {QUALITY_LEVELS.map((l) => (
                            <option key={l} value={l}>
                              {l} – {levelName(l)}
                            </option>
                          ))}
                        </select>
                      ) : th.level ? (
                        `${th.level} – ${levelName(th.level)}`
                      ) : (
                        t('iks:quality.notAssessed')
                      )}
                    </td>
                    <td>
                      {th.level === null ? null : th.level < councilMinimum ? (
                        <Badge tone="danger">{t('iks:quality.belowMinimum')}</Badge>
                      ) : th.level >= QUALITY_TARGET ? (
                        <Badge tone="success">{t('iks:quality.targetMet')}</Badge>
                      ) : (
                        <Badge tone="warning">{t('iks:quality.belowTarget')}</Badge>
                      )}
                    </td>
                    <td className={dash.nowrap}>{th.executions.planned}</td>
                    <td className={dash.nowrap}>{th.executions.done}</td>
                    <td className={dash.nowrap}>{th.executions.effective}</td>
                    <td className={dash.nowrap}>{th.executions.deficient ? <Badge tone="danger">{th.executions.deficient}</Badge> : 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
          {canEdit ? (
            <p>
              <Button type="submit">{t('action.save')}</Button>
            </p>
          ) : null}
        </Card>
      </Form>
      <Card title={t('iks:quality.levels')}>
        <dl>
          {texts.map((x) => (
            <div key={x.level}>
              <dt>
                <strong>
                  {x.level} – {x.title}
                </strong>
                {x.level === QUALITY_TARGET ? (
                  <>
                    {' '}
                    <Badge tone="success">{t('iks:quality.ideal')}</Badge>
                  </>
                ) : null}
              </dt>
              <dd style={{ margin: '0 0 12px' }}>{x.text}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  )
}
