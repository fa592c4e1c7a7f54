import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, useLocation } from 'react-router'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { WorkProcesses } from '#app/features/work-processes/work-processes.server.ts'
import type { Route } from './+types/delete'
import { deleteSchema } from '#app/utils/validation.ts'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
const deletable = recordRoute({
  service: (access) => WorkProcesses.for(access),
  get: (workProcesses, id) => workProcesses.get(id),
  mayAny: (workProcesses) => workProcesses.mayWrite,
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { record: item } = await requireRecord({ request, context }, params.id, deletable)
  return { item }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service: workProcesses } = await requireRecord({ request, context }, params.id, deletable)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await workProcesses.remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/work-process${new URL(request.url).search}`, 'deleted')
}

export default function DeleteWorkProcess({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { item } = loaderData
  return (
    <DeleteDialog
      title={t('work:deleteTitle')}
      question={t('work:deleteQuestion', { title: item.title })}
      closeTo={`/app/work-process${search}`}
      version={item.version}
      actionData={actionData}
    />
  )
}
