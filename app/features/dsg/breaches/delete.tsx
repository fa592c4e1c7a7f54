import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { DeleteDialog } from '#app/ui/delete-dialog.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSchema } from '#app/utils/validation.ts'
import { mayDeleteBreach } from '../rules.ts'
import { requireBreachChange } from './guard.server.ts'
import type { Route } from './+types/delete'
import { breachNumber } from '#models/core/record-number.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { item } = await requireBreachChange({ request, context }, params.id)
  return { item: { id: item.id, idkey: item.idkey, title: item.title, version: item.version }, deletable: mayDeleteBreach(item) }
}

/** Deletes the breach; the service refuses with 409 within two years of its report (DSV Art. 15 para. 4). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { breaches } = await requireBreachChange({ request, context }, params.id)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await breaches.remove(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/dsg/breaches', 'deleted')
}

export default function DeleteBreach({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, deletable } = loaderData
  const closeTo = `/app/dsg/breaches/${item.id}`
  if (!deletable) {
    return (
      <RouteDialog title={t('dsg:breaches.deleteTitle')} closeTo={closeTo}>
        <Alert tone="warning">{t('dsg:breaches.deleteBlocked')}</Alert>
      </RouteDialog>
    )
  }
  return (
    <DeleteDialog
      title={t('dsg:breaches.deleteTitle')}
      question={t('dsg:breaches.deleteQuestion', { idkey: breachNumber(item.idkey), title: item.title })}
      closeTo={closeTo}
      version={item.version}
      actionData={actionData}
    />
  )
}
