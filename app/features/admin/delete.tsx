import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data } from 'react-router'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { notFound, requireAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { Admin } from '#app/features/admin/admin-users.server.ts'
import type { Route } from './+types/delete'
import { deleteSchema } from '#app/utils/validation.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireAdmin({ request, context })
  const member = await Admin.for(access).member(params.id)
  if (!member) notFound(request)
  return { member, customer: access.customer.name }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireAdmin({ request, context })
  if (!(await Admin.for(access).member(params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await Admin.for(access).remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/admin/users', 'deleted')
}

export default function RemoveMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { member, customer } = loaderData
  const name = `${member.firstName} ${member.lastName}`
  return (
    <DeleteDialog
      title={t('admin:users.removeTitle', { name })}
      question={t('admin:users.removeQuestion', { name, customer })}
      closeTo="/app/admin/users"
      version={member.version}
      actionData={actionData}
    />
  )
}
