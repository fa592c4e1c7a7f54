import { getFormProps, useForm } from '#app/ui/form.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { levelsSchema } from './levels-schema.ts'
import type { z } from 'zod'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { FormErrors } from '#app/ui/fields.tsx'
import { forbidden, requirePermission } from '#app/auth/guards.server.ts'
import { ReadOnlyNote } from '#app/ui/read-only-note.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getLevels, saveLevels } from './levels.server.ts'
import { mapCounts } from './risks.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/map'
import { RiskMap } from './risk-map.tsx'
import * as css from '#app/ui/register.css.ts'
import * as ui from '#app/ui/ui.css.ts'
import { tableScroll } from '#app/styles/layout.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.tools.risk.use)
  // The map shows the net rating (after the controls) unless ?view=gross asks for the gross one: a plain link.
  const view: 'net' | 'gross' = new URL(request.url).searchParams.get('view') === 'gross' ? 'gross' : 'net'
  const [levels, counts] = await Promise.all([getLevels(access), mapCounts(access, view)])
  return { levels, counts, view, canEdit: permissionsOf(access).tools.risk.editSettings }
}

export const handle: TitleHandle = { title: 'risk:map.title' }

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.tools.risk.use)
  if (!permissionsOf(access).tools.risk.editSettings) forbidden(request)
  const formData = await request.formData()
  // The level tables are lists (severity[0].size, ...): a plain value is no form of this page.
  if (formData.has('severity') || formData.has('probability')) throw data('levels are lists', { status: 400 })
  const submission = parseWithZod(formData, { schema: levelsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await saveLevels(access, submission.value.severity, submission.value.probability)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/risk/map', 'saved')
}

export default function RiskMapPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { levels, counts, view, canEdit } = loaderData
  const onValidate = useLazyValidate<z.input<typeof levelsSchema>>(() => import('./levels-schema.ts').then((m) => m.levelsSchema))
  const [form, fields] = useForm({
    id: `levels-${levels.severity.map((l) => l.version).join('')}-${levels.probability.map((l) => l.version).join('')}`,
    lastResult: actionData?.result,
    // The lists need their length up front, or a field emptied with JavaScript on has no place to show its message.
    defaultValue: {
      severity: levels.severity.map((l) => ({ id: l.id, size: l.size, effect: l.effect, description: l.description, version: String(l.version) })),
      probability: levels.probability.map((l) => ({ id: l.id, name: l.name, range: l.range, description: l.description, version: String(l.version) })),
    },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const sevFields = fields.severity.getFieldList()
  const probFields = fields.probability.getFieldList()
  const cell = (name: string, value: string, label: string, errors?: string[], multiline = false) =>
    canEdit ? (
      <>
        {multiline ? (
          <textarea
            name={name}
            defaultValue={value}
            aria-label={label}
            className={ui.input}
            rows={2}
            style={{ width: '100%', resize: 'vertical' }}
            aria-invalid={errors?.length ? true : undefined}
          />
        ) : (
          <input
            name={name}
            defaultValue={value}
            aria-label={label}
            className={ui.input}
            style={{ width: '100%' }}
            aria-invalid={errors?.length ? true : undefined}
          />
        )}
        {errors?.length ? <div className={ui.error}>{errors.map((e) => t(e)).join(' ')}</div> : null}
      </>
    ) : (
      value
    )
  const table = (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors errors={form.errors} />
      <Card title={t('risk:map.severityLevels')}>
        <div className={tableScroll}>
          <table className={css.levelsTable}>
            <thead>
              <tr>
                <th scope="col">{t('risk:level.ref')}</th>
                <th scope="col">{t('risk:level.size')}</th>
                <th scope="col">{t('risk:level.effect')}</th>
                <th scope="col">{t('risk:level.description')}</th>
              </tr>
            </thead>
            <tbody>
              {levels.severity.map((l, i) => {
                const f = sevFields[i]?.getFieldset()
                return (
                  <tr key={l.id}>
                    <th scope="row">
                      {l.ref}
                      {canEdit ? (
                        <>
                          <input type="hidden" name={`severity[${i}].id`} value={l.id} />
                          <input type="hidden" name={`severity[${i}].version`} value={l.version} />
                        </>
                      ) : null}
                    </th>
                    <td>{cell(`severity[${i}].size`, l.size, `${t('risk:level.size')} ${l.ref}`, f?.size.errors)}</td>
                    <td>{cell(`severity[${i}].effect`, l.effect, `${t('risk:level.effect')} ${l.ref}`, f?.effect.errors, true)}</td>
                    <td>{cell(`severity[${i}].description`, l.description, `${t('risk:level.description')} ${l.ref}`, f?.description.errors, true)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title={t('risk:map.probabilityLevels')}>
        <div className={tableScroll}>
          <table className={css.levelsTable}>
            <thead>
              <tr>
                <th scope="col">{t('risk:level.ref')}</th>
                <th scope="col">{t('risk:level.name')}</th>
                <th scope="col">{t('risk:level.range')}</th>
                <th scope="col">{t('risk:level.description')}</th>
              </tr>
            </thead>
            <tbody>
              {levels.probability.map((l, i) => {
                const f = probFields[i]?.getFieldset()
                return (
                  <tr key={l.id}>
                    <th scope="row">
                      {l.ref}
                      {canEdit ? (
                        <>
                          <input type="hidden" name={`probability[${i}].id`} value={l.id} />
                          <input type="hidden" name={`probability[${i}].version`} value={l.version} />
                        </>
                      ) : null}
                    </th>
                    <td>{cell(`probability[${i}].name`, l.name, `${t('risk:level.name')} ${l.ref}`, f?.name.errors)}</td>
                    <td>{cell(`probability[${i}].range`, l.range, `${t('risk:level.range')} ${l.ref}`, f?.range.errors, true)}</td>
                    <td>{cell(`probability[${i}].description`, l.description, `${t('risk:level.description')} ${l.ref}`, f?.description.errors, true)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </Card>
      {canEdit ? <Button type="submit">{t('risk:map.saveLevels')}</Button> : null}
    </Form>
  )
  return (
    <>
      <h1>{t('risk:map.title')}</h1>
      <Card title={t('risk:map.grid')}>
        <p className={css.muted}>{t('risk:map.intro')}</p>
        <nav aria-label={t('risk:rating.switch')} className={css.flags} data-testid="map-view">
          {(['net', 'gross'] as const).map((v) =>
            v === view ? (
              <strong key={v} aria-current="page">
                {t(`risk:rating.${v}`)}
              </strong>
            ) : (
              <AppLink key={v} to={v === 'gross' ? '?view=gross' : '?view=net'}>
                {t(`risk:rating.${v}`)}
              </AppLink>
            ),
          )}
        </nav>
        <RiskMap
          view={view}
          caption={`${t('risk:map.grid')} – ${t(`risk:rating.${view}`)}`}
          probability={levels.probability.map((l) => ({ ref: l.ref, label: l.name }))}
          severity={levels.severity.map((l) => ({ ref: l.ref, label: l.size }))}
          counts={counts}
        />
      </Card>
      {canEdit ? null : <ReadOnlyNote who="levels" />}
      {table}
    </>
  )
}
