import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useLocation } from 'react-router'
import { forbidden, notFound, requireCustomer, type GuardArgs } from '#app/auth/guards.server.ts'
import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DSG_REQUEST_KINDS, DSG_REQUEST_DAYS } from '#models/core/constants.ts'
import type { Route } from './+types/edit'
import { DsgRequests } from './requests.server.ts'
import { requestSchema } from './schema.ts'
import { requestNumber } from '#models/core/record-number.ts'

/**
 * The page and its form share one check: what the page refuses, the form refuses with the same status.
 * A request the user cannot see answers 404; recording one without the right 403.
 */
async function requireRequestForm({ request, context }: GuardArgs, params: { id?: string }) {
  const { access } = await requireCustomer({ request, context })
  const requests = DsgRequests.for(access)
  const item = params.id ? await requests.get(params.id) : null
  if (params.id && !item) notFound(request)
  if (!requests.mayWrite) forbidden(request)
  return { access, requests, item }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, item } = await requireRequestForm({ request, context }, params)
  // The form shows the whole request: a read of it (DSV Art. 4).
  if (item) await logRead(access, { kind: 'dsgRequest', id: item.id, via: viaOf(request) })
  return { item }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { requests } = await requireRequestForm({ request, context }, params)
  const submission = parseWithZod(await request.formData(), { schema: requestSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  let saved: Awaited<ReturnType<typeof requests.save>>
  try {
    saved = await requests.save(params.id ?? null, input, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/requests/${saved.id}`, params.id ? 'saved' : 'created')
}

export default function EditDsgRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { item } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.requestSchema))
  const [form, fields] = useForm({
    id: item ? `dsg-request-${item.id}-${item.version}` : 'dsg-request-new',
    lastResult: actionData?.result,
    defaultValue: item
      ? {
          kind: item.kind,
          receivedOn: item.receivedOn,
          requesterName: item.requesterName,
          requesterReference: item.requesterReference,
          identityChecked: item.identityChecked ? 'on' : '',
          note: item.note,
        }
      : { kind: 'access' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  const closeTo = item ? `/app/dsg/requests/${item.id}` : `/app/dsg/requests${search}`
  return (
    <RouteDialog title={item ? t('dsg:requests.editTitle', { idkey: requestNumber(item.idkey) }) : t('dsg:requests.add')} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        {item ? <input type="hidden" name="version" value={item.version} /> : null}
        <SelectField
          label={t('dsg:requests.field.kind')}
          name="kind"
          defaultValue={value('kind')}
          errors={fields.kind.errors}
          isRequired
          options={DSG_REQUEST_KINDS.map((k) => ({ value: k, label: t(`dsg:requests.kind.${k}`) }))}
        />
        <TextField
          label={t('dsg:requests.field.receivedOn')}
          name="receivedOn"
          type="date"
          defaultValue={value('receivedOn')}
          errors={fields.receivedOn.errors}
          description={
            item
              ? t('dsg:requests.hint.dueOnWas', { days: DSG_REQUEST_DAYS, date: formatDate(item.dueOn) })
              : t('dsg:requests.hint.dueOn', { days: DSG_REQUEST_DAYS })
          }
          isRequired
        />
        <TextField
          label={t('dsg:requests.field.requesterName')}
          name="requesterName"
          defaultValue={value('requesterName')}
          errors={fields.requesterName.errors}
          description={t('dsg:requests.hint.leastData')}
          isRequired
        />
        <TextField
          label={t('dsg:requests.field.requesterReference')}
          name="requesterReference"
          defaultValue={value('requesterReference')}
          errors={fields.requesterReference.errors}
          description={t('dsg:requests.hint.reference')}
        />
        <CheckboxField
          label={t('dsg:requests.field.identityChecked')}
          name="identityChecked"
          defaultChecked={value('identityChecked') === 'on'}
          errors={fields.identityChecked.errors}
        />
        <TextField
          label={t('dsg:requests.field.note')}
          name="note"
          multiline
          defaultValue={value('note')}
          errors={fields.note.errors}
          description={t('dsg:requests.hint.note')}
        />
        <FormActions>
          <Button type="submit">{item ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
