import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { forbidden, notFound, requireCustomer, type GuardArgs } from '#app/auth/guards.server.ts'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as ui from '#app/ui/ui.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { breachSchema } from './breach-schema.ts'
import { DsgBreaches } from './breaches.server.ts'
import { zurichWallClock } from './zurich-time.ts'
import type { Route } from './+types/edit'
import { breachNumber, measureNumber } from '#models/core/record-number.ts'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
async function requireBreachForm({ request, context }: GuardArgs, params: { id?: string }) {
  const { access } = await requireCustomer({ request, context })
  const breaches = DsgBreaches.for(access)
  // A breach the user may not see does not exist for them (404); a new one needs the right (403).
  const item = params.id ? await breaches.get(params.id) : null
  if (params.id && !item) notFound(request)
  if (!breaches.mayWrite) forbidden(request)
  return { access, breaches, item }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, breaches, item } = await requireBreachForm({ request, context }, params)
  const [measures] = await Promise.all([
    breaches.linkableMeasures(item?.id),
    item ? logRead(access, { kind: 'dsgBreach', id: item.id, via: viaOf(request) }) : null,
  ])
  return { item, measures, today: todayInZurich() }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { breaches } = await requireBreachForm({ request, context }, params)
  const submission = parseWithZod(await request.formData(), { schema: breachSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { input, version } = submission.value
  let id = params.id
  try {
    if (id) await breaches.update(id, input, version)
    else id = (await breaches.create(input)).id
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/breaches/${id}`, params.id ? 'saved' : 'created')
}

export const handle: TitleHandle = { title: 'dsg:breaches.title' }

const tri = (v: boolean | null) => (v === true ? 'yes' : v === false ? 'no' : '')

export default function EditBreach({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, measures, today } = loaderData
  const onValidate = useLazyValidate(() => import('./breach-schema.ts').then((m) => m.breachSchema))
  const discovered = item ? zurichWallClock(new Date(item.discoveredAt)) : null
  const [form, fields] = useForm({
    id: item ? `breach-${item.id}-${item.version}` : 'breach-new',
    lastResult: actionData?.result,
    defaultValue: item
      ? {
          title: item.title,
          discoveredOn: discovered?.day,
          discoveredTime: discovered?.time,
          description: item.description,
          period: item.period,
          subjectCategories: item.subjectCategories,
          dataCategories: item.dataCategories,
          subjectsCount: item.subjectsCount ?? '',
          recordsCount: item.recordsCount ?? '',
          consequences: item.consequences,
          measuresTaken: item.measuresTaken,
          measureIds: item.measures.map((m) => m.id),
          highRisk: tri(item.highRisk),
          informSubjects: tri(item.informSubjects),
          subjectsInformedOn: item.subjectsInformedOn ?? '',
        }
      : { discoveredOn: today },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => {
    const v = fields[name]?.initialValue
    return v === undefined || v === null ? undefined : String(v)
  }
  const initialIds = fields.measureIds?.initialValue
  const checked = new Set<string>(Array.isArray(initialIds) ? (initialIds as string[]) : typeof initialIds === 'string' ? [initialIds] : [])
  const title = item ? t('dsg:breaches.editTitle', { idkey: breachNumber(item.idkey) }) : t('dsg:breaches.add')
  const triOptions = (unset: string) => [
    { value: '', label: unset },
    { value: 'yes', label: t('dsg:breaches.yes') },
    { value: 'no', label: t('dsg:breaches.no') },
  ]
  return (
    <Card>
      <h1 style={{ marginTop: 0 }}>{title}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        {item ? <input type="hidden" name="version" value={item.version} /> : null}
        <TextField label={t('dsg:breaches.field.title')} name="title" defaultValue={value('title')} errors={fields.title.errors} isRequired />
        <TextField
          label={t('dsg:breaches.field.discoveredOn')}
          name="discoveredOn"
          type="date"
          defaultValue={value('discoveredOn')}
          errors={fields.discoveredOn.errors}
          isRequired
        />
        <TextField
          label={t('dsg:breaches.field.discoveredTime')}
          name="discoveredTime"
          defaultValue={value('discoveredTime')}
          errors={fields.discoveredTime.errors}
          description={t('dsg:breaches.timeHint')}
          inputMode="numeric"
          isRequired
        />
        <TextField
          label={t('dsg:breaches.field.description')}
          name="description"
          multiline
          defaultValue={value('description')}
          errors={fields.description.errors}
        />
        <TextField label={t('dsg:breaches.field.period')} name="period" defaultValue={value('period')} errors={fields.period.errors} />
        <TextField
          label={t('dsg:breaches.field.subjectCategories')}
          name="subjectCategories"
          multiline
          rows={2}
          defaultValue={value('subjectCategories')}
          errors={fields.subjectCategories.errors}
        />
        <TextField
          label={t('dsg:breaches.field.dataCategories')}
          name="dataCategories"
          multiline
          rows={2}
          defaultValue={value('dataCategories')}
          errors={fields.dataCategories.errors}
        />
        <TextField
          label={t('dsg:breaches.field.subjectsCount')}
          name="subjectsCount"
          inputMode="numeric"
          defaultValue={value('subjectsCount')}
          errors={fields.subjectsCount.errors}
        />
        <TextField
          label={t('dsg:breaches.field.recordsCount')}
          name="recordsCount"
          inputMode="numeric"
          defaultValue={value('recordsCount')}
          errors={fields.recordsCount.errors}
        />
        <TextField
          label={t('dsg:breaches.field.consequences')}
          name="consequences"
          multiline
          defaultValue={value('consequences')}
          errors={fields.consequences.errors}
        />
        <TextField
          label={t('dsg:breaches.field.measuresTaken')}
          name="measuresTaken"
          multiline
          defaultValue={value('measuresTaken')}
          errors={fields.measuresTaken.errors}
        />
        <fieldset className={ui.field} style={{ border: 0, padding: 0, minWidth: 0 }}>
          <legend className={ui.label}>{t('dsg:breaches.field.measures')}</legend>
          {measures.length === 0 ? <span className={ui.description}>{t('dsg:breaches.noMeasures')}</span> : null}
          {measures.map((m) => (
            <div key={m.id} className={ui.checkboxRow} style={{ marginBottom: 0 }}>
              <input type="checkbox" id={`measure-${m.id}`} name="measureIds" value={m.id} defaultChecked={checked.has(m.id)} />
              <label htmlFor={`measure-${m.id}`}>
                {measureNumber(m.idkey, m.iteration)} {m.title}
              </label>
            </div>
          ))}
          {fields.measureIds?.errors?.length ? <span className={ui.error}>{fields.measureIds.errors.map((e) => t(e)).join(' ')}</span> : null}
        </fieldset>
        <SelectField
          label={t('dsg:breaches.field.highRisk')}
          name="highRisk"
          defaultValue={value('highRisk')}
          errors={fields.highRisk.errors}
          description={t('dsg:breaches.highRiskHint')}
          options={triOptions(t('dsg:breaches.unassessed'))}
        />
        <SelectField
          label={t('dsg:breaches.field.informSubjects')}
          name="informSubjects"
          defaultValue={value('informSubjects')}
          errors={fields.informSubjects.errors}
          options={triOptions(t('dsg:breaches.undecided'))}
        />
        <TextField
          label={t('dsg:breaches.field.subjectsInformedOn')}
          name="subjectsInformedOn"
          type="date"
          defaultValue={value('subjectsInformedOn')}
          errors={fields.subjectsInformedOn.errors}
        />
        <FormActions>
          <Button type="submit">{item ? t('action.save') : t('action.create')}</Button>
          <LinkButton to={item ? `/app/dsg/breaches/${item.id}` : '/app/dsg/breaches'} variant="ghost">
            {t('action.cancel')}
          </LinkButton>
        </FormActions>
      </Form>
    </Card>
  )
}
