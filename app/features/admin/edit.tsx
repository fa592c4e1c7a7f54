import { History, historyRequested } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FormErrors, TextField } from '#app/ui/fields.tsx'
import { notFound, requireAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { Admin } from '#app/features/admin/admin-users.server.ts'
import type { Route } from './+types/edit'
import * as css from './admin.css.ts'
import { RightsFields } from './rights-fields.tsx'
import { auditorEndSchema, rightsSchema, toRights } from './schema.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireAdmin({ request, context })
  const admin = Admin.for(access)
  const member = await admin.member(params.id)
  if (!member) notFound(request)
  // The history panel (decision 0034): the account's and the membership's entries, one statement.
  const history = !historyRequested(request)
    ? null
    : await History.for(access).ofAll(
        [
          { component: 'user', entityId: member.id },
          { component: 'membership', entityId: member.permId },
        ],
        await getLocale(request),
      )
  return { member, editable: admin.editableTools, history, trail: `/app/admin/audit?entity=${member.permId}` }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireAdmin({ request, context })
  if (!(await Admin.for(access).member(params.id))) notFound(request)
  const formData = await request.formData()
  // An auditor's page sets the end date instead of rights (issue 12).
  if (formData.has('intent')) {
    const end = parseWithZod(formData, { schema: auditorEndSchema })
    if (end.status !== 'success') return data({ result: end.reply() }, { status: 400 })
    try {
      const v = end.value
      await Admin.for(access).setAuditorEnd(params.id, v.intent === 'endNow' ? 'now' : v.endsOn, v.version)
    } catch (error) {
      return replyToDomainError(error, end, request)
    }
    return redirectWithToast('/app/admin/users', 'saved')
  }
  const submission = parseWithZod(formData, { schema: rightsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    const v = submission.value
    const member = await Admin.for(access).member(params.id)
    // An invitation does not carry the loyalty read right: its form has no such field.
    await Admin.for(access).updateRights(params.id, toRights(v), v.version, member?.invited ? undefined : v.loyaltyRead)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/admin/users', 'saved')
}

export default function EditRights({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { member } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.rightsSchema))
  const [form, fields] = useForm({
    id: `rights-${member.id}-${member.version}`,
    lastResult: actionData?.result,
    onValidate: member.kind === 'auditor' ? undefined : onValidate,
  })
  if (member.kind === 'auditor') {
    const endsOnErrors = (fields as unknown as Record<string, { errors?: string[] }>).endsOn?.errors
    return (
      <RouteDialog title={t('admin:users.auditorEndTitle', { name: `${member.firstName} ${member.lastName}` })} closeTo="/app/admin/users">
        <p>{t('admin:users.auditorEndIntro')}</p>
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          <FormErrors errors={form.errors} />
          <input type="hidden" name="version" value={member.version} />
          <TextField label={t('admin:users.endsOn')} name="endsOn" type="date" defaultValue={member.endsOn ?? ''} errors={endsOnErrors} />
          <FormActions>
            <Button type="submit" name="intent" value="endsOn">
              {t('action.save')}
            </Button>
            <Button type="submit" name="intent" value="endNow" variant="secondary">
              {t('admin:users.endNow')}
            </Button>
          </FormActions>
        </Form>
        <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
      </RouteDialog>
    )
  }
  return (
    <RouteDialog title={t('admin:users.rightsOf', { name: `${member.firstName} ${member.lastName}` })} closeTo="/app/admin/users">
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <input type="hidden" name="version" value={member.version} />
        <RightsFields defaults={member.rights} editable={loaderData.editable} />
        {member.invited ? null : (
          <>
            <CheckboxField label={t('admin:users.loyaltyRead')} name="loyaltyRead" defaultChecked={member.loyaltyRead} />
            <p className={css.hint}>{t('admin:users.loyaltyReadHint')}</p>
          </>
        )}
        <FormActions>
          <Button type="submit">{t('action.save')}</Button>
        </FormActions>
      </Form>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </RouteDialog>
  )
}
