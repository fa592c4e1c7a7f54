import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { Alert, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Route } from './+types/close'
import { requireRequestChange } from './guard.server.ts'
import { CLOSING_STATES } from './options.ts'
import { closeSchema } from './schema.ts'
import { requestNumber } from '#models/core/record-number.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { item } = await requireRequestChange({ request, context }, params.id)
  return { item }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { requests } = await requireRequestChange({ request, context }, params.id)
  const submission = parseWithZod(await request.formData(), { schema: closeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, state, ...closing } = submission.value
  try {
    await requests.close(params.id, state, closing, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/requests/${params.id}`, 'saved')
}

/** Refused (with the reason, Art. 26 DSG) or withdrawn by the requester. */
export default function CloseDsgRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.closeSchema))
  const [form, fields] = useForm({
    id: `dsg-request-close-${item.id}-${item.version}`,
    lastResult: actionData?.result,
    defaultValue: { state: 'refused', on: '', reason: '' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={t('dsg:requests.closeTitle', { idkey: requestNumber(item.idkey) })} closeTo={`/app/dsg/requests/${item.id}`}>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        <input type="hidden" name="version" value={item.version} />
        {item.state === 'open' ? null : <Alert tone="warning">{t('dsg:requests.error.notOpen')}</Alert>}
        <SelectField
          label={t('dsg:requests.field.outcome')}
          name="state"
          defaultValue={value('state')}
          errors={fields.state.errors}
          isRequired
          options={CLOSING_STATES.map((s) => ({ value: s, label: t(`dsg:requests.state.${s}`) }))}
        />
        <TextField label={t('dsg:requests.field.closedOn')} name="on" type="date" defaultValue={value('on')} errors={fields.on.errors} isRequired />
        <TextField
          label={t('dsg:requests.field.reason')}
          name="reason"
          multiline
          defaultValue={value('reason')}
          errors={fields.reason.errors}
          description={t('dsg:requests.hint.refusal')}
          isRequired
        />
        <FormActions>
          <Button type="submit">{t('dsg:requests.close')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
