import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { Alert, CheckboxField, FormErrors, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { requestDeadline, requestLongAfter } from '../rules.ts'
import type { Route } from './+types/extend'
import { requireRequestChange } from './guard.server.ts'
import { extendSchema } from './schema.ts'
import { requestNumber } from '#models/core/record-number.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { item } = await requireRequestChange({ request, context }, params.id)
  return { item }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { requests } = await requireRequestChange({ request, context }, params.id)
  const submission = parseWithZod(await request.formData(), { schema: extendSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...extension } = submission.value
  try {
    await requests.extend(params.id, extension, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/requests/${params.id}`, 'saved')
}

/**
 * A longer deadline (DSV Art. 18): the requester must be told, with the reason. A date more than 60
 * days after the receipt is refused once with a warning and a confirmation box (the same second step
 * with and without JavaScript); ticked, it is saved.
 */
export default function ExtendDsgRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.extendSchema))
  const [form, fields] = useForm({
    id: `dsg-request-extend-${item.id}-${item.version}`,
    lastResult: actionData?.result,
    defaultValue: { to: '', reason: '', toldOn: '' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  // The server asked for the confirmation: it stays on the form until the next answer (ticking it clears the field's error).
  const askLong = Boolean((actionData?.result as { error?: Record<string, unknown> } | undefined)?.error?.confirmLong)
  return (
    <RouteDialog title={t('dsg:requests.extendTitle', { idkey: requestNumber(item.idkey) })} closeTo={`/app/dsg/requests/${item.id}`}>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        <input type="hidden" name="version" value={item.version} />
        <p>{t('dsg:requests.hint.extend', { date: formatDate(requestDeadline(item)) })}</p>
        <p>{t('dsg:requests.hint.extendLong', { date: formatDate(requestLongAfter(item.receivedOn)) })}</p>
        {item.state === 'open' ? null : <Alert tone="warning">{t('dsg:requests.error.notOpen')}</Alert>}
        <TextField label={t('dsg:requests.field.extendedTo')} name="to" type="date" defaultValue={value('to')} errors={fields.to.errors} isRequired />
        <TextField
          label={t('dsg:requests.field.extensionReason')}
          name="reason"
          multiline
          defaultValue={value('reason')}
          errors={fields.reason.errors}
          isRequired
        />
        <TextField
          label={t('dsg:requests.field.extensionToldOn')}
          name="toldOn"
          type="date"
          defaultValue={value('toldOn')}
          errors={fields.toldOn.errors}
          description={t('dsg:requests.hint.toldOn')}
          isRequired
        />
        {askLong ? (
          <div data-testid="extend-long-warning">
            <Alert tone="warning">{t('dsg:requests.extendLongWarning', { date: formatDate(requestLongAfter(item.receivedOn)) })}</Alert>
            <CheckboxField label={t('dsg:requests.field.confirmLong')} name="confirmLong" errors={fields.confirmLong.errors} />
          </div>
        ) : null}
        <FormActions>
          <Button type="submit">{t('dsg:requests.extend')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
