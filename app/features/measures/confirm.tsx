import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form, useLocation } from 'react-router'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { Alert, FileField, FormErrors, TextField } from '#app/ui/fields.tsx'
import { isMultipart, readMultipart, replyToFileRefusal, uploadLimitMb } from '#app/utils/upload.server.ts'
import { Files } from '#app/files/files.server.ts'
import { FILE_ACCEPT } from '#models/core/file-types.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { addDays } from '#models/core/dates.ts'
import { Measures } from '#app/features/measures/measures.server.ts'
import { measuresReturnTo } from './return-to.ts'
import type { Route } from './+types/confirm'
import { confirmSchema } from './schema.ts'
import * as css from '#app/ui/list-page.css.ts'
import { measureNumber } from '#models/core/record-number.ts'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
const confirmable = recordRoute({
  service: (access) => Measures.for(access),
  get: (measures, id) => measures.get(id),
  may: (measures, measure) => measures.mayEdit(measure),
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { record: measure } = await requireRecord({ request, context }, params.id, confirmable)
  return { measure, uploadLimitMb: uploadLimitMb() }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access, service: measures } = await requireRecord({ request, context }, params.id, confirmable)
  let submission: Submission | undefined
  let confirmed = false
  const confirm = async (form: FormData) => {
    submission = parseConfirm(form)
    if (submission.status !== 'success') throw new InvalidForm()
    await measures.confirm(params.id, submission.value.confirmationText, submission.value.version)
    confirmed = true
  }
  try {
    if (!isMultipart(request)) await confirm(await request.formData())
    else {
      // With files (decision 0063): read as a stream, the text first; the confirmation and its files are
      // kept in one transaction, or none of them (an invalid form or a refused file).
      await withCustomer(access, async () => {
        const fields = await readMultipart(request, async (file, soFar) => {
          if (file.field !== 'files') return
          if (!confirmed) await confirm(soFar)
          await Files.for(access).attach({ kind: 'measure', id: params.id }, file)
        })
        if (!confirmed) await confirm(fields)
      })
    }
  } catch (error) {
    const reply = submission ?? parseConfirm(new FormData())
    if (error instanceof InvalidForm) return data({ result: reply.reply() }, { status: 400 })
    return replyToFileRefusal(error, reply, 'files') ?? replyToDomainError(error, reply, request)
  }
  return redirectWithToast(measuresReturnTo(new URL(request.url).search), 'saved')
}

const parseConfirm = (form: FormData) => parseWithZod(form, { schema: confirmSchema })
type Submission = ReturnType<typeof parseConfirm>

/** The fields were invalid: the transaction rolls back and the form answers with its messages. */
class InvalidForm extends Error {}

export default function ConfirmMeasure({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { measure } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.confirmSchema))
  const [form, fields] = useForm({
    id: `confirm-${measure.id}`,
    lastResult: actionData?.result,
    onValidate: onValidate,
    shouldRevalidate: 'onInput',
  })
  const closeTo = measuresReturnTo(search)
  return (
    <RouteDialog title={t('measures.confirmTitle', { number: measureNumber(measure.idkey, measure.iteration) })} closeTo={closeTo}>
      {measure.state === 'confirmed' ? (
        <Alert tone="info">{t('measures.alreadyConfirmed')}</Alert>
      ) : (
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} preventScrollReset>
          <div className={css.summary}>
            <strong>{measure.title}</strong>
            <div>
              {t('measures.field.dueDate')}: {formatDate(measure.dueDate)} · {t('measures.field.owner')}: {measure.ownerName || '—'}
            </div>
          </div>
          {measure.recurrence > 0 ? (
            <Alert tone="info">
              {t('measures.nextIteration', { date: formatDate(addDays(measure.dueDate, measure.recurrence)), iteration: measure.iteration + 1 })}
            </Alert>
          ) : null}
          <FormErrors errors={form.errors} />
          <DraftKeeper />
          <input type="hidden" name="version" value={measure.version} />
          <TextField
            label={t('measures.field.confirmationText')}
            name="confirmationText"
            multiline
            rows={4}
            errors={fields.confirmationText.errors}
            defaultValue={fields.confirmationText.initialValue as string | undefined}
            description={t('measures.confirmHint')}
            isRequired
          />
          {/* Last in the form: the server reads the text before the files. */}
          <FileField
            label={t('files:files')}
            name="files"
            multiple
            accept={FILE_ACCEPT}
            errors={(fields as unknown as Record<string, { errors?: string[] }>).files?.errors}
            description={t('files:allowed', { limit: loaderData.uploadLimitMb })}
            values={{ limit: loaderData.uploadLimitMb }}
          />
          <FormActions>
            <Button type="submit">{t('measures.confirm')}</Button>
          </FormActions>
        </Form>
      )}
    </RouteDialog>
  )
}
