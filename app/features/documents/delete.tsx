import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, useLocation } from 'react-router'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { Documents } from '#app/features/documents/documents.server.ts'
import type { Route } from './+types/delete'
import { deleteSchema } from '#app/utils/validation.ts'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
const deletable = recordRoute({
  service: (access) => Documents.for(access),
  get: (documents, id) => documents.get(id),
  may: (documents, document) => documents.mayWrite(document.category),
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { record: document } = await requireRecord({ request, context }, params.id, deletable)
  return { document }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service: documents } = await requireRecord({ request, context }, params.id, deletable)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await documents.remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/docs${new URL(request.url).search}`, 'deleted')
}

export default function DeleteDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { document } = loaderData
  return (
    <DeleteDialog
      title={t('documents.deleteTitle')}
      question={t('documents.deleteQuestion', { name: document.name })}
      closeTo={`/app/docs${search}`}
      version={document.version}
      actionData={actionData}
    />
  )
}
