import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import { forbidden, notFound, requireCustomer, type GuardArgs } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DsgDpias } from './dpias.server.ts'
import { screenSchema } from './schema.ts'
import { ScreeningFields } from './screening-fields.tsx'
import type { Route } from './+types/new'
import { activityNumber } from '#models/core/record-number.ts'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
async function requireScreening({ request, context }: GuardArgs) {
  const { access } = await requireCustomer({ request, context })
  const dpias = DsgDpias.for(access)
  if (!dpias.mayWrite) forbidden(request)
  return dpias
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const dpias = await requireScreening({ request, context })
  const activityId = new URL(request.url).searchParams.get('activity') ?? ''
  if (!activityId) return { activity: null, activities: await dpias.unscreenedActivities() }
  const activity = await dpias.activity(activityId)
  if (!activity) notFound(request)
  // Screened already: its assessment holds the screening.
  if (activity.dpiaId) throw redirect(`/app/dsg/dpia/${activity.dpiaId}`)
  return { activity, activities: [] }
}

export async function action({ request, context }: Route.ActionArgs) {
  const dpias = await requireScreening({ request, context })
  const submission = parseWithZod(await request.formData(), { schema: screenSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { activityId, version: _version, ...answers } = submission.value
  if (!activityId) return data({ result: submission.reply({ fieldErrors: { activityId: ['validation.required'] } }) }, { status: 400 })
  // Required by law (Art. 22 para. 4): the reason is the exemption itself unless the user gave one.
  const t = getFixedT(await getLocale(request))
  const reason = answers.notRequiredReason || (answers.requiredByLaw ? t('dsg:dpia.screening.lawReason') : '')
  let id: string
  try {
    id = await dpias.screen(activityId, { ...answers, notRequiredReason: reason })
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/dpia/${id}`, 'saved')
}

export const handle: TitleHandle = { title: 'dsg:dpia.screening.title' }

export default function Screening({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { activity, activities } = loaderData
  const [form, fields] = useForm({ id: `dpia-screen-${activity?.id ?? 'any'}`, lastResult: actionData?.result, defaultValue: {} })
  return (
    <Card title={t('dsg:dpia.screening.title')} level={1}>
      {activity ? (
        <p>
          {t('dsg:dpia.field.activity')}: <AppLink to={`/app/dsg/processing/${activity.id}`}>{`${activityNumber(activity.idkey)} ${activity.name}`}</AppLink>
        </p>
      ) : null}
      <p>{t('dsg:dpia.screening.intro')}</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} />
        {activity ? (
          <input type="hidden" name="activityId" value={activity.id} />
        ) : (
          <SelectField
            label={t('dsg:dpia.field.activity')}
            name="activityId"
            isRequired
            defaultValue={fields.activityId.initialValue as string | undefined}
            errors={fields.activityId.errors}
            options={[{ value: '', label: '—' }, ...activities.map((a) => ({ value: a.id, label: `${activityNumber(a.idkey)} ${a.name}` }))]}
          />
        )}
        <ScreeningFields fields={fields} />
        <FormActions>
          <Button type="submit">{t('dsg:dpia.screening.submit')}</Button>
          <LinkButton to="/app/dsg/dpia" variant="ghost">
            {t('action.cancel')}
          </LinkButton>
        </FormActions>
      </Form>
    </Card>
  )
}
