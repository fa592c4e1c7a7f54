import { getLocale } from '#app/i18n/locale.server.ts'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form, useLocation } from 'react-router'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { forbidden, notFound, requireCustomer, type GuardArgs } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { Measures, type MeasureTab } from '#app/features/measures/measures.server.ts'
import { RECURRENCES } from '#models/core/constants.ts'
import { measuresReturnTo } from './return-to.ts'
import type { Route } from './+types/edit'
import { measureSchema } from './schema.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import * as css from '#app/ui/list-page.css.ts'
import { measureNumber } from '#models/core/record-number.ts'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
async function requireMeasureForm({ request, context }: GuardArgs, params: { id?: string }) {
  const { access } = await requireCustomer({ request, context })
  const measures = Measures.for(access)
  if (params.id) {
    const measure = await measures.get(params.id)
    if (!measure) notFound(request)
    if (!measures.mayEdit(measure)) forbidden(request)
    const sources = measures.editableSources(measure.dsgMeasure)
    // The dsg role edits DSG measures only: the flag stays set.
    const dsgFixed = !measures.mayDelete(measure)
    return { access, measures, measure, sources, dsgFixed }
  }
  const sources = measures.writableSources
  if (!sources.length) forbidden(request)
  return { access, measures, measure: null, sources, dsgFixed: false }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, measures, measure, sources, dsgFixed } = await requireMeasureForm({ request, context }, params)
  const [owners, history] = await Promise.all([
    measures.owners(sources, measure?.ownerUserId),
    // The history panel (decision 0034): one statement.
    measure && historyRequested(request) ? History.for(access).of('measure', measure.id, await getLocale(request)) : null,
  ])
  return { measure, sources, owners, dsgFixed, history, trail: measure ? trailLink(access, 'measure', measure.id) : null }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { measures } = await requireMeasureForm({ request, context }, params)
  const submission = parseWithZod(await request.formData(), { schema: measureSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  try {
    if (params.id) {
      if (!version) return data({ result: submission.reply({ formErrors: ['validation.invalid'] }) }, { status: 400 })
      await measures.update(params.id, input, version)
    } else {
      await measures.create(input)
    }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(measuresReturnTo(new URL(request.url).search), params.id ? 'saved' : 'created')
}

export default function EditMeasure({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { measure, sources, owners, dsgFixed } = loaderData
  const tab = new URLSearchParams(search).get('tab') as MeasureTab | null
  const defaultSource = measure?.source ?? (tab && tab !== 'dsg' && tab !== 'all' && sources.includes(tab) ? tab : sources[0])
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.measureSchema))
  const [form, fields] = useForm({
    id: measure ? `measure-${measure.id}-${measure.version}` : 'measure-new',
    lastResult: actionData?.result,
    defaultValue: measure
      ? {
          source: measure.source,
          title: measure.title,
          body: measure.body,
          owner: measure.ownerUserId ? `user:${measure.ownerUserId}` : measure.ownerBodyId ? `body:${measure.ownerBodyId}` : '',
          dueDate: measure.dueDate,
          recurrence: String(measure.recurrence),
          dsgMeasure: measure.dsgMeasure ? 'on' : undefined,
          inEdit: measure.inEdit ? 'on' : undefined,
        }
      : { source: defaultSource, recurrence: '0', dueDate: todayInZurich(), dsgMeasure: tab === 'dsg' ? 'on' : undefined },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  const closeTo = measuresReturnTo(search)
  return (
    <RouteDialog title={measure ? t('measures.editTitle', { number: measureNumber(measure.idkey, measure.iteration) }) : t('measures.new')} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        {measure ? <input type="hidden" name="version" value={measure.version} /> : null}
        <TextField label={t('measures.field.title')} name="title" defaultValue={value('title')} errors={fields.title.errors} isRequired />
        <TextField label={t('measures.field.body')} name="body" multiline rows={3} defaultValue={value('body')} errors={fields.body.errors} />
        <div className={css.grid2}>
          <SelectField
            label={t('measures.field.source')}
            name="source"
            defaultValue={value('source')}
            errors={fields.source.errors}
            isRequired
            options={sources.map((s) => ({ value: s, label: t(`measures.source.${s}`) }))}
          />
          <SelectField
            label={t('measures.field.owner')}
            name="owner"
            defaultValue={value('owner')}
            errors={fields.owner.errors}
            isRequired
            options={[
              { value: '', label: '—' },
              ...owners.people.map((p) => ({ value: `user:${p.id}`, label: `${p.firstName} ${p.lastName}` })),
              ...owners.bodies.map((b) => ({ value: `body:${b.id}`, label: `${b.name} (${t('measures.body')})` })),
            ]}
          />
          <TextField
            label={t('measures.field.dueDate')}
            name="dueDate"
            type="date"
            defaultValue={value('dueDate')}
            errors={fields.dueDate.errors}
            description={t('measures.dateHint')}
            isRequired
          />
          <SelectField
            label={t('measures.field.recurrence')}
            name="recurrence"
            defaultValue={value('recurrence')}
            errors={fields.recurrence.errors}
            isRequired
            options={RECURRENCES.map((r) => ({ value: String(r), label: t(`recurrence.${r}`) }))}
          />
        </div>
        {dsgFixed ? (
          <input type="hidden" name="dsgMeasure" value="on" />
        ) : (
          <CheckboxField label={t('measures.field.dsgMeasure')} name="dsgMeasure" defaultChecked={value('dsgMeasure') === 'on'} />
        )}
        <CheckboxField label={t('measures.field.inEdit')} name="inEdit" defaultChecked={value('inEdit') === 'on'} />
        <FormActions>
          <Button type="submit">{measure ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </RouteDialog>
  )
}
