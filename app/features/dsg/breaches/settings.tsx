import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useLocation } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { forbidden, requireCustomer, type GuardArgs } from '#app/auth/guards.server.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { settingsSchema } from './breach-schema.ts'
import { DsgBreaches } from './breaches.server.ts'
import type { Route } from './+types/settings'

async function requireSettings({ request, context }: GuardArgs) {
  const { access } = await requireCustomer({ request, context })
  const breaches = DsgBreaches.for(access)
  if (!breaches.mayEditSettings) forbidden(request)
  return breaches
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const breaches = await requireSettings({ request, context })
  return { settings: await breaches.settings() }
}

/**
 * The fund's target for telling the FDPIC of a high-risk breach, in hours after discovery (1 to 720),
 * and its data protection contact, named in the notification.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const breaches = await requireSettings({ request, context })
  const submission = parseWithZod(await request.formData(), { schema: settingsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await breaches.saveSettings(submission.value.breachNoticeHours, submission.value.version, submission.value.contactUserId)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/breaches${new URL(request.url).search}`, 'saved')
}

export default function BreachSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { settings } = loaderData
  const onValidate = useLazyValidate(() => import('./breach-schema.ts').then((m) => m.settingsSchema))
  const [form, fields] = useForm({
    id: `breach-settings-${settings.version}`,
    lastResult: actionData?.result,
    defaultValue: { breachNoticeHours: String(settings.breachNoticeHours), contactUserId: settings.contactUserId ?? '' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={t('dsg:breaches.settings.title')} closeTo={`/app/dsg/breaches${search}`}>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <input type="hidden" name="version" value={settings.version} />
        <TextField
          label={t('dsg:breaches.settings.hours')}
          name="breachNoticeHours"
          type="number"
          inputMode="numeric"
          defaultValue={fields.breachNoticeHours.initialValue as string | undefined}
          errors={fields.breachNoticeHours.errors}
          description={t('dsg:breaches.settings.hoursHint')}
          isRequired
        />
        <SelectField
          label={t('dsg:breaches.settings.contact')}
          name="contactUserId"
          defaultValue={fields.contactUserId.initialValue as string | undefined}
          errors={fields.contactUserId.errors}
          description={t('dsg:breaches.settings.contactHint')}
          options={[
            { value: '', label: t('dsg:breaches.settings.contactNone') },
            ...settings.contacts.map((c) => ({ value: c.id, label: `${c.firstName} ${c.lastName} (${c.email})` })),
          ]}
        />
        <FormActions>
          <Button type="submit">{t('action.save')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
