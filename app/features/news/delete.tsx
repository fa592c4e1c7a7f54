import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data } from 'react-router'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { News } from '#app/features/news/news.server.ts'
import type { Route } from './+types/delete'
import { deleteSchema } from '#app/utils/validation.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const item = await News.for(access).get(params.id)
  if (!item) notFound(request)
  return { item }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!(await News.for(access).get(params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await News.for(access).remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/sadmin/news', 'deleted')
}

export default function DeleteNews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item } = loaderData
  return (
    <DeleteDialog
      title={t('sadmin:news.deleteTitle')}
      question={t('sadmin:news.deleteQuestion', { title: item.title })}
      closeTo="/app/sadmin/news"
      version={item.version}
      actionData={actionData}
    />
  )
}
