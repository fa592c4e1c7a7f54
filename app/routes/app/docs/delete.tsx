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
import { canWriteCategory, deleteDocument, getDocument } from '#models/documents.server.ts'
import type { Route } from './+types/delete'
import { deleteSchema } from '../measures/schema.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
  const { access } = await requireCustomer(request)
  const document = await getDocument(access, params.id)
  if (!document) notFound(request)
  if (!canWriteCategory(access.rights, document.category)) forbidden(request)
  return { document }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { access } = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await deleteDocument(access, params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/docs${new URL(request.url).search}`, 'deleted')
}

export default function DeleteDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { document } = loaderData
  const errors = (actionData?.result as { error?: Record<string, string[]> } | undefined)?.error?.['']
  return (
    <RouteDialog title={t('documents.deleteTitle')} closeTo={`/app/docs${search}`}>
      <Form method="post" preventScrollReset>
        <FormErrors errors={errors} />
        <p>{t('documents.deleteQuestion', { name: document.name })}</p>
        <input type="hidden" name="version" value={document.version} />
        <FormActions>
          <Button type="submit" variant="danger">
            {t('action.delete')}
          </Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
