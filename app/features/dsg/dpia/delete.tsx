import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { forbidden, notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSchema } from '#app/utils/validation.ts'
import { DsgDpias } from './dpias.server.ts'
import type { Route } from './+types/delete'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
async function requireDeletable(request: Request, id: string) {
  const { access } = await requireCustomer(request)
  const dpias = DsgDpias.for(access)
  if (!dpias.mayWrite) forbidden(request)
  const found = await dpias.get(id)
  if (!found) notFound(request)
  return { dpias, found }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { found } = await requireDeletable(request, params.id)
  return { id: found.dpia.id, version: found.dpia.version, name: found.activity.name, mayDelete: found.mayDelete }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { dpias } = await requireDeletable(request, params.id)
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
