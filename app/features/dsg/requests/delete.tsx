import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSchema } from '#app/utils/validation.ts'
import type { Route } from './+types/delete'
import { requireRequestChange } from './guard.server.ts'
import { requestNumber } from '#models/core/record-number.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { item } = await requireRequestChange({ request, context }, params.id)
  return { item }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { requests } = await requireRequestChange({ request, context }, params.id)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await requests.remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/dsg/requests', 'deleted')
}

/** Deleting is allowed; the audit trail keeps that the request existed. */
export default function DeleteDsgRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item } = loaderData
  return (
    <DeleteDialog
      title={t('dsg:requests.deleteTitle')}
      question={t('dsg:requests.deleteQuestion', { idkey: requestNumber(item.idkey), name: item.requesterName })}
      closeTo={`/app/dsg/requests/${item.id}`}
      version={item.version}
      actionData={actionData}
    />
  )
}
