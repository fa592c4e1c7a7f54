import type { GuardArgs } from '#app/auth/guards.server.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { data, Form } from 'react-router'
import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import * as ui from '#app/ui/ui.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DSG_ACTIVITY_ROLES, DSG_ACTIVITY_STATES, DSG_SAFEGUARDS } from '#models/core/constants.ts'
import * as css from './processing.css.ts'
import { requireActivities, requireActivity } from './guard.server.ts'
import { EMPTY_CATEGORY_ROWS, MAX_CATEGORIES } from './limits.ts'
import { activitySchema } from './schema.ts'
import type { Route } from './+types/edit'

async function requireForm(args: GuardArgs, id: string | undefined) {
  if (id) return requireActivity(args, id, 'write')
  return { ...(await requireActivities(args, 'write')), item: null }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, activities, item } = await requireForm({ request, context }, params.id)
  // The form shows the whole activity: a sensitive one's reading is logged as on its page (decision 0036).
  if (item?.sensitive) await logRead(access, { kind: 'dsgActivity', id: item.id, via: viaOf(request) })
  return { item, responsibles: await activities.responsibles(item?.responsibleUserId) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { activities } = await requireForm({ request, context }, params.id)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: activitySchema })
  if (formData.get('intent') === 'addRow') {
    // Without JavaScript "add a row" posts the form: it comes back as typed, with one more empty row.
    const posted = Array.isArray(submission.payload.categories) ? submission.payload.categories.length : 0
    const result: SubmissionResult<string[]> = { initialValue: submission.payload }
    return data({ result, rows: Math.min(MAX_CATEGORIES, posted + 1) })
  }
  if (submission.status !== 'success') return data({ result: submission.reply(), rows: 0 }, { status: 400 })
  const { version, categories, abroadSafeguard, ...rest } = submission.value
  const input = { ...rest, dataCategories: categories, abroadSafeguard: abroadSafeguard ?? null }
  let id = params.id
  try {
    if (id) await activities.update(id, input, version)
    else id = (await activities.create(input)).id
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/processing/${id}`, params.id ? 'saved' : 'created')
}

export default function EditActivity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, responsibles } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.activitySchema))
  const [form, fields] = useForm({
    id: item ? `dsg-activity-${item.id}-${item.version}` : 'dsg-activity-new',
    lastResult: actionData?.result,
    defaultValue: item
      ? {
          name: item.name,
          purpose: item.purpose,
          role: item.role,
          responsible: item.responsibleUserId ? `user:${item.responsibleUserId}` : item.responsibleBodyId ? `body:${item.responsibleBodyId}` : '',
          dataSubjects: item.dataSubjects,
          categories: item.dataCategories,
          recipients: item.recipients,
          abroad: item.abroad,
          abroadCountries: item.abroadCountries,
          abroadSafeguard: item.abroadSafeguard ?? '',
          abroadNote: item.abroadNote,
          retention: item.retention,
          security: item.security,
          legalBasis: item.legalBasis,
          state: item.state,
        }
      : { role: 'controller', state: 'draft' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  const filled = (Array.isArray(fields.categories.initialValue) ? fields.categories.initialValue : []) as { name?: string; sensitive?: string }[]
  const [added, setAdded] = useState(0)
  const rows = Math.min(MAX_CATEGORIES, Math.max(actionData && 'rows' in actionData ? Number(actionData.rows) : 0, filled.length + EMPTY_CATEGORY_ROWS) + added)
  const title = item ? `${t('action.edit')}: ${item.name}` : t('dsg:processing.add')
  const back = item ? `/app/dsg/processing/${item.id}` : '/app/dsg/processing'
  return (
    <Card level={1}>
      <h1>{title}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        {item ? <input type="hidden" name="version" value={item.version} /> : null}
        <TextField label={t('dsg:processing.field.name')} name="name" defaultValue={value('name')} errors={fields.name.errors} isRequired />
        <TextField label={t('dsg:processing.field.purpose')} name="purpose" defaultValue={value('purpose')} errors={fields.purpose.errors} multiline rows={3} />
        <SelectField
          label={t('dsg:processing.field.role')}
          name="role"
          defaultValue={value('role')}
          errors={fields.role.errors}
          options={DSG_ACTIVITY_ROLES.map((r) => ({ value: r, label: t(`dsg:processing.role.${r}`) }))}
        />
        <SelectField
          label={t('dsg:processing.field.responsible')}
          name="responsible"
          defaultValue={value('responsible')}
          errors={fields.responsible.errors}
          options={[
            { value: '', label: '—' },
            ...responsibles.people.map((p) => ({ value: `user:${p.id}`, label: `${p.firstName} ${p.lastName}` })),
            ...responsibles.bodies.map((b) => ({ value: `body:${b.id}`, label: `${b.name} (${t('measures.body')})` })),
          ]}
        />
        <TextField
          label={t('dsg:processing.field.dataSubjects')}
          name="dataSubjects"
          defaultValue={value('dataSubjects')}
          errors={fields.dataSubjects.errors}
          multiline
          rows={2}
        />
        <fieldset className={css.fieldset}>
          <legend>{t('dsg:processing.field.dataCategories')}</legend>
          <p className={ui.description}>{t('dsg:processing.categoriesHint')}</p>
          <ol className={css.categories} data-testid="categories">
            {Array.from({ length: rows }, (_, i) => {
              const row = filled[i] ?? {}
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form
                <li key={i} className={css.categoryRow}>
                  <TextField
                    label={t('dsg:processing.categoryName', { n: i + 1 })}
                    name={`categories[${i}].name`}
                    defaultValue={row.name ?? ''}
                    className={css.categoryName}
                  />
                  <CheckboxField
                    label={t('dsg:processing.categorySensitive', { n: i + 1 })}
                    name={`categories[${i}].sensitive`}
                    defaultChecked={row.sensitive === 'on'}
                  />
                </li>
              )
            })}
          </ol>
          {rows < MAX_CATEGORIES ? (
            <button
              type="submit"
              name="intent"
              value="addRow"
              formNoValidate
              className={css.addRow}
              onClick={(e) => {
                // With JavaScript the row is added in place; without, the form posts and comes back with it.
                e.preventDefault()
                setAdded((n) => n + 1)
              }}
            >
              {t('dsg:processing.addCategory')}
            </button>
          ) : null}
        </fieldset>
        <TextField
          label={t('dsg:processing.field.recipients')}
          name="recipients"
          defaultValue={value('recipients')}
          errors={fields.recipients.errors}
          multiline
          rows={2}
        />
        <fieldset className={css.fieldset}>
          <legend>{t('dsg:processing.abroadTitle')}</legend>
          <CheckboxField label={t('dsg:processing.field.abroad')} name="abroad" defaultChecked={value('abroad') === 'on'} />
          <p className={ui.description}>{t('dsg:processing.abroadHint')}</p>
          <TextField
            label={t('dsg:processing.field.abroadCountries')}
            name="abroadCountries"
            defaultValue={value('abroadCountries')}
            errors={fields.abroadCountries.errors}
          />
          <SelectField
            label={t('dsg:processing.field.abroadSafeguard')}
            name="abroadSafeguard"
            defaultValue={value('abroadSafeguard')}
            errors={fields.abroadSafeguard.errors}
            options={[{ value: '', label: '—' }, ...DSG_SAFEGUARDS.map((s) => ({ value: s, label: t(`dsg:processing.safeguard.${s}`) }))]}
          />
          <TextField
            label={t('dsg:processing.field.abroadNote')}
            name="abroadNote"
            defaultValue={value('abroadNote')}
            errors={fields.abroadNote.errors}
            multiline
            rows={2}
          />
        </fieldset>
        <TextField
          label={t('dsg:processing.field.retention')}
          name="retention"
          defaultValue={value('retention')}
          errors={fields.retention.errors}
          multiline
          rows={2}
        />
        <TextField
          label={t('dsg:processing.field.security')}
          name="security"
          defaultValue={value('security')}
          errors={fields.security.errors}
          multiline
          rows={4}
        />
        <TextField
          label={t('dsg:processing.field.legalBasis')}
          name="legalBasis"
          defaultValue={value('legalBasis')}
          errors={fields.legalBasis.errors}
          description={t('dsg:processing.legalBasisHint')}
          multiline
          rows={2}
        />
        <SelectField
          label={t('dsg:processing.field.state')}
          name="state"
          defaultValue={value('state')}
          errors={fields.state.errors}
          options={DSG_ACTIVITY_STATES.map((s) => ({ value: s, label: t(`dsg:processing.state.${s}`) }))}
        />
        <FormActions>
          <Button type="submit">{item ? t('action.save') : t('action.create')}</Button>
          <AppLink to={back}>{t('action.cancel')}</AppLink>
        </FormActions>
      </Form>
    </Card>
  )
}
