import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { notifySchema } from './breach-schema.ts'
import { requireBreachChange } from './guard.server.ts'
import { zurichWallClock } from './zurich-time.ts'
import type { Route } from './+types/notify'
import { breachNumber } from '#models/core/record-number.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { item } = await requireBreachChange({ request, context }, params.id)
  return {
    item: { id: item.id, idkey: item.idkey, title: item.title, version: item.version, fdpicReference: item.fdpicReference },
    // What was recorded before, else now.
    at: zurichWallClock(item.fdpicNotifiedAt ?? new Date()),
  }
}

/** Records when the FDPIC was told and its reference. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { breaches } = await requireBreachChange({ request, context }, params.id)
  const submission = parseWithZod(await request.formData(), { schema: notifySchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { at, reference, version } = submission.value
  try {
    await breaches.notify(params.id, at, reference, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/breaches/${params.id}`, 'saved')
}

export default function NotifyBreach({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, at } = loaderData
  const onValidate = useLazyValidate(() => import('./breach-schema.ts').then((m) => m.notifySchema))
  const [form, fields] = useForm({
    id: `breach-notify-${item.id}-${item.version}`,
    lastResult: actionData?.result,
    defaultValue: { notifiedOn: at.day, notifiedTime: at.time, fdpicReference: item.fdpicReference },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => {
    const v = fields[name]?.initialValue
    return v === undefined || v === null ? undefined : String(v)
  }
  return (
    <RouteDialog title={t('dsg:breaches.notify.title')} closeTo={`/app/dsg/breaches/${item.id}`}>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <p>{t('dsg:breaches.notify.intro', { idkey: breachNumber(item.idkey), title: item.title })}</p>
        <input type="hidden" name="version" value={item.version} />
        <TextField
          label={t('dsg:breaches.field.notifiedOn')}
          name="notifiedOn"
          type="date"
          defaultValue={value('notifiedOn')}
          errors={fields.notifiedOn.errors}
          isRequired
        />
        <TextField
          label={t('dsg:breaches.field.notifiedTime')}
          name="notifiedTime"
          inputMode="numeric"
          defaultValue={value('notifiedTime')}
          errors={fields.notifiedTime.errors}
          description={t('dsg:breaches.timeHint')}
          isRequired
        />
        <TextField
          label={t('dsg:breaches.field.fdpicReference')}
          name="fdpicReference"
          defaultValue={value('fdpicReference')}
          errors={fields.fdpicReference.errors}
        />
        <FormActions>
          <Button type="submit">{t('action.save')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
