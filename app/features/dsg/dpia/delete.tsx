import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSchema } from '#app/utils/validation.ts'
import { DsgDpias } from './dpias.server.ts'
import type { Route } from './+types/delete'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
const deletable = recordRoute({
  service: (access) => DsgDpias.for(access),
  get: (dpias, id) => dpias.get(id),
  mayAny: (dpias) => dpias.mayWrite,
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { record: found } = await requireRecord({ request, context }, params.id, deletable)
  return { id: found.dpia.id, version: found.dpia.version, name: found.activity.name, mayDelete: found.mayDelete }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service: dpias } = await requireRecord({ request, context }, params.id, deletable)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await dpias.remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/dsg/dpia', 'deleted')
}

export default function DeleteDpia({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { id, version, name, mayDelete } = loaderData
  return (
    <DeleteDialog
      title={t('dsg:dpia.delete.title')}
      question={mayDelete ? t('dsg:dpia.delete.question', { name }) : t('dsg:dpia.error.deleteBlocked')}
      closeTo={`/app/dsg/dpia/${id}`}
      version={version}
      actionData={actionData}
    />
  )
}
