import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, useLocation } from 'react-router'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { Measures } from '#app/features/measures/measures.server.ts'
import { measuresReturnTo } from './return-to.ts'
import type { Route } from './+types/delete'
import { deleteSchema } from '#app/utils/validation.ts'
import { measureNumber } from '#models/core/record-number.ts'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
const deletable = recordRoute({
  service: (access) => Measures.for(access),
  get: (measures, id) => measures.get(id),
  may: (measures, measure) => measures.mayDelete(measure),
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { record: measure } = await requireRecord({ request, context }, params.id, deletable)
  return { measure }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service: measures } = await requireRecord({ request, context }, params.id, deletable)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await measures.remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(measuresReturnTo(new URL(request.url).search), 'deleted')
}

export default function DeleteMeasure({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { measure } = loaderData
  return (
    <DeleteDialog
      title={t('measures.deleteTitle', { number: measureNumber(measure.idkey, measure.iteration) })}
      question={t('measures.deleteQuestion', { title: measure.title })}
      closeTo={measuresReturnTo(search)}
      version={measure.version}
      actionData={actionData}
    />
  )
}
