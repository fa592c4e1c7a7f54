import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form, useLocation } from 'react-router'
import { RouteDialog } from '#app/components/route-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormActions } from '#app/components/ui/card.tsx'
import { FormErrors } from '#app/components/ui/fields.tsx'
import { forbidden, notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { canWriteSource, deleteMeasure, getMeasure } from '#models/measures.server.ts'
import { measuresReturnTo } from './return-to.ts'
import type { Route } from './+types/delete'
import { deleteSchema } from './schema.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
  const { access } = await requireCustomer(request)
  const measure = await getMeasure(access, params.id)
  if (!measure) notFound(request)
  if (!canWriteSource(access.rights, measure.source)) forbidden(request)
  return { measure }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { access } = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await deleteMeasure(access, params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(measuresReturnTo(new URL(request.url).search), 'deleted')
}

export default function DeleteMeasure({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { measure } = loaderData
  const errors = (actionData?.result as { error?: Record<string, string[]> } | undefined)?.error?.['']
  return (
    <RouteDialog title={t('measures.deleteTitle', { number: `M-${measure.idkey}` })} closeTo={measuresReturnTo(search)}>
      <Form method="post" preventScrollReset>
        <FormErrors errors={errors} />
        <p>{t('measures.deleteQuestion', { title: measure.title })}</p>
        <input type="hidden" name="version" value={measure.version} />
        <FormActions>
          <Button type="submit" variant="danger">
            {t('action.delete')}
          </Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
