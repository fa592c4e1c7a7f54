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
import { MEMBERSHIP_KINDS, POSITIONS } from '#models/core/constants.ts'
import type { Route } from './+types/new'
import { RightsFields } from './rights-fields.tsx'
import { newMemberSchema, toRights } from './schema.ts'
import * as css from './admin.css.ts'

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireAdmin(request)
  return { language: access.customer.language, editable: Admin.for(access).editableTools, auditorEnd: defaultAuditorEnd() }
}

export async function action({ request }: Route.ActionArgs) {
  const { access } = await requireAdmin(request)
  const submission = parseWithZod(await request.formData(), { schema: newMemberSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const v = submission.value
  try {
    await Admin.for(access).add({
      email: v.email,
      firstName: v.firstName,
      lastName: v.lastName,
      language: v.language,
      position: v.position ?? null,
      rights: toRights(v),
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
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.newMemberSchema))
  const [form, fields] = useForm({
    id: 'new-member',
    lastResult: actionData?.result,
    defaultValue: {
      language: loaderData.language,
      riskRole: 'read',
      iksRole: 'read',
      riskEnabled: 'on',
      iksEnabled: 'on',
      kind: 'member',
      endsOn: loaderData.auditorEnd,
    },
    onValidate: onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={t('admin:users.add')} closeTo="/app/admin/users">
      <p>{t('admin:users.addIntro')}</p>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
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
          <SelectField
            label={t('field.position')}
            name="position"
            defaultValue={value('position')}
            errors={fields.position.errors}
            options={[{ value: '', label: '—' }, ...POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))]}
          />
        </div>
        <fieldset className={css.rights}>
          <legend>{t('admin:users.kind')}</legend>
          <SelectField
            label={t('admin:users.kind')}
            name="kind"
            defaultValue={value('kind')}
            errors={fields.kind.errors}
            options={MEMBERSHIP_KINDS.map((k) => ({ value: k, label: t(`admin:users.kindOf.${k}`) }))}
          />
          <TextField
            label={t('admin:users.endsOn')}
            name="endsOn"
            type="date"
            defaultValue={value('endsOn')}
            errors={fields.endsOn.errors}
            description={t('admin:users.endsOnHint')}
          />
        </fieldset>
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
        <FormActions>
          <Button type="submit">{t('admin:users.add')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
