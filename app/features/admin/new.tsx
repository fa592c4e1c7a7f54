import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { requireAdmin } from '#app/auth/guards.server.ts'
import { supportedLanguages } from '#app/i18n/config.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { Admin, defaultAuditorEnd } from '#app/features/admin/admin-users.server.ts'
import { type MembershipKind, POSITIONS } from '#models/core/constants.ts'
import type { Route } from './+types/new'
import { RightsFields } from './rights-fields.tsx'
import { newMemberSchema, toRights } from './schema.ts'
import * as css from './admin.css.ts'

/** The form's kind comes from the address (`?kind=auditor`), so each kind is its own page and needs no script. */
function kindOf(request: Request): MembershipKind {
  return new URL(request.url).searchParams.get('kind') === 'auditor' ? 'auditor' : 'member'
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireAdmin({ request, context })
  return {
    language: access.customer.language,
    editable: Admin.for(access).editableTools,
    auditorEnd: defaultAuditorEnd(),
    kind: kindOf(request),
  }
}

/** The role fields a member's form sends; an auditor's form has none. */
const ROLE_FIELDS = ['riskEnabled', 'riskRole', 'iksEnabled', 'iksRole'] as const

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requireAdmin({ request, context })
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: newMemberSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const v = submission.value
  // What was posted is passed on as it came: roles sent for an auditor, or an end date sent for a
  // member, are refused by the service (400), never quietly dropped.
  const askedRights = v.kind === 'member' || ROLE_FIELDS.some((f) => formData.has(f))
  try {
    await Admin.for(access).add({
      email: v.email,
      firstName: v.firstName,
      lastName: v.lastName,
      language: v.language,
      position: v.position ?? null,
      rights: askedRights ? toRights(v) : undefined,
      kind: v.kind,
      endsOn: v.endsOn,
    })
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/admin/users', 'created')
}

export default function NewMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const auditor = loaderData.kind === 'auditor'
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.newMemberSchema))
  const [form, fields] = useForm({
    id: auditor ? 'new-auditor' : 'new-member',
    lastResult: actionData?.result,
    defaultValue: auditor
      ? { language: loaderData.language, kind: 'auditor', endsOn: loaderData.auditorEnd }
      : { language: loaderData.language, riskRole: 'read', iksRole: 'read', riskEnabled: 'on', iksEnabled: 'on', kind: 'member' },
    onValidate: onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={t(auditor ? 'admin:users.addAuditor' : 'admin:users.addMember')} closeTo="/app/admin/users">
      {auditor ? <p>{t('admin:users.addAuditorIntro')}</p> : null}
      <p>{t('admin:users.addIntro')}</p>
      <Form method="post" action={auditor ? '/app/admin/users/new?kind=auditor' : '/app/admin/users/new'} {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <input type="hidden" name="kind" value={loaderData.kind} />
        <TextField label={t('field.email')} name="email" type="email" defaultValue={value('email')} errors={fields.email.errors} isRequired />
        <div className={css.grid2}>
          <TextField label={t('field.firstName')} name="firstName" defaultValue={value('firstName')} errors={fields.firstName.errors} isRequired />
          <TextField label={t('field.lastName')} name="lastName" defaultValue={value('lastName')} errors={fields.lastName.errors} isRequired />
          <SelectField
            label={t('field.language')}
            name="language"
            defaultValue={value('language')}
            errors={fields.language.errors}
            options={supportedLanguages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          />
          {auditor ? null : (
            <SelectField
              label={t('field.position')}
              name="position"
              defaultValue={value('position')}
              errors={fields.position.errors}
              options={[{ value: '', label: '—' }, ...POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))]}
            />
          )}
        </div>
        {auditor ? (
          // An auditor reads everything and writes nothing (decision 0035): no roles to choose, only the end.
          <TextField
            label={t('admin:users.endsOn')}
            name="endsOn"
            type="date"
            defaultValue={value('endsOn')}
            errors={fields.endsOn.errors}
            description={t('admin:users.endsOnHint')}
            isRequired
          />
        ) : (
          <RightsFields
            editable={loaderData.editable}
            defaults={{
              risk: loaderData.editable.includes('risk')
                ? { enabled: value('riskEnabled') === 'on', role: value('riskRole') ?? 'read' }
                : { enabled: false, role: 'none' },
              iks: loaderData.editable.includes('iks')
                ? { enabled: value('iksEnabled') === 'on', role: value('iksRole') ?? 'read' }
                : { enabled: false, role: 'none' },
            }}
          />
        )}
        <FormActions>
          <Button type="submit">{t(auditor ? 'admin:users.addAuditorSubmit' : 'admin:users.add')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
