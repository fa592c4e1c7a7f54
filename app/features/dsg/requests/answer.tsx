import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { Alert, FormErrors, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Route } from './+types/answer'
import { requireRequestChange } from './guard.server.ts'
import { answerSchema } from './schema.ts'
import { requestNumber } from '#models/core/record-number.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { item } = await requireRequestChange({ request, context }, params.id)
  return { item }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { requests } = await requireRequestChange({ request, context }, params.id)
  const submission = parseWithZod(await request.formData(), { schema: answerSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...answer } = submission.value
  try {
    await requests.answer(params.id, answer, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/requests/${params.id}`, 'saved')
}

/** The answer: when and how; health data may go through a health professional (Art. 25 para. 3 DSG). */
export default function AnswerDsgRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.answerSchema))
  const [form, fields] = useForm({
    id: `dsg-request-answer-${item.id}-${item.version}`,
    lastResult: actionData?.result,
    defaultValue: { answeredOn: '', how: '', healthProfessional: '' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={t('dsg:requests.answerTitle', { idkey: requestNumber(item.idkey) })} closeTo={`/app/dsg/requests/${item.id}`}>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        <input type="hidden" name="version" value={item.version} />
        {item.state === 'open' ? null : <Alert tone="warning">{t('dsg:requests.error.notOpen')}</Alert>}
        {item.identityChecked ? null : <Alert tone="warning">{t('dsg:requests.identityNotChecked')}</Alert>}
        <TextField
          label={t('dsg:requests.field.answeredOn')}
          name="answeredOn"
          type="date"
          defaultValue={value('answeredOn')}
          errors={fields.answeredOn.errors}
          isRequired
        />
        <TextField
          label={t('dsg:requests.field.how')}
          name="how"
          defaultValue={value('how')}
          errors={fields.how.errors}
          description={t('dsg:requests.hint.how')}
          isRequired
        />
        <TextField
          label={t('dsg:requests.field.healthProfessional')}
          name="healthProfessional"
          defaultValue={value('healthProfessional')}
          errors={fields.healthProfessional.errors}
          description={t('dsg:requests.hint.healthProfessional')}
        />
        <FormActions>
          <Button type="submit">{t('dsg:requests.answer')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
