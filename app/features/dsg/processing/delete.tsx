import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSchema } from '#app/utils/validation.ts'
import { requireActivity } from './guard.server.ts'
import type { Route } from './+types/delete'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { item } = await requireActivity({ request, context }, params.id, 'write')
  return { item: { id: item.id, name: item.name, version: item.version } }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { activities } = await requireActivity({ request, context }, params.id, 'write')
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await activities.remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/dsg/processing', 'deleted')
}

export default function DeleteActivity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item } = loaderData
  return (
    <DeleteDialog
      title={t('dsg:processing.deleteTitle')}
      question={t('dsg:processing.deleteQuestion', { name: item.name })}
      closeTo={`/app/dsg/processing/${item.id}`}
      version={item.version}
      actionData={actionData}
    />
  )
}
