import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { requireUser } from '#app/auth/guards.server.ts'
import { supportedLanguages } from '#app/i18n/config.ts'
import { serializeLocale } from '#app/i18n/locale.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { POSITIONS } from '#models/core/constants.ts'
import { updateProfile } from '#app/auth/users.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { profileSchema } from './profile-schema.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import type { Route } from './+types/profile'
import * as css from './account.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  // The session lookup already read the user's row.
  const { user: fresh } = await requireUser({ request, context })
  return {
    profile: {
      email: fresh.email,
      firstName: fresh.firstName,
      lastName: fresh.lastName,
      phone: fresh.phone,
      address: fresh.address,
      position: fresh.position ?? '',
      functional: fresh.functional,
      language: fresh.language,
      remindersEnabled: fresh.remindersEnabled,
      version: fresh.version,
    },
  }
}

export const handle: TitleHandle = { title: 'account:profile.title' }

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requireUser({ request, context })
  const submission = parseWithZod(await request.formData(), { schema: profileSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, position, ...rest } = submission.value
  try {
    await updateProfile(access, { ...rest, position: position ?? null }, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/user/profile', 'saved', { headers: { 'Set-Cookie': await serializeLocale(rest.language, request) } })
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { profile } = loaderData
  const onValidate = useLazyValidate(() => import('./profile-schema.ts').then((m) => m.profileSchema))
  const [form, fields] = useForm({
    id: `profile-${profile.version}`,
    lastResult: actionData?.result,
    defaultValue: { ...profile, version: String(profile.version), remindersEnabled: profile.remindersEnabled ? 'on' : undefined },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <div className={css.narrow}>
      <h1>{t('account:profile.title')}</h1>
      <Card>
        <p>
          {t('field.email')}: <strong>{profile.email}</strong>
        </p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <input type="hidden" name="version" value={profile.version} />
          <div className={css.grid2}>
            <TextField
              label={t('field.firstName')}
              name="firstName"
              defaultValue={value('firstName')}
              errors={fields.firstName.errors}
              isRequired
              autoComplete="given-name"
            />
            <TextField
              label={t('field.lastName')}
              name="lastName"
              defaultValue={value('lastName')}
              errors={fields.lastName.errors}
              isRequired
              autoComplete="family-name"
            />
          </div>
          <TextField label={t('field.phone')} name="phone" type="tel" defaultValue={value('phone')} errors={fields.phone.errors} autoComplete="tel" />
          <TextField label={t('field.address')} name="address" multiline rows={3} defaultValue={value('address')} errors={fields.address.errors} />
          <SelectField
            label={t('field.position')}
            name="position"
            defaultValue={value('position')}
            errors={fields.position.errors}
            options={[{ value: '', label: '—' }, ...POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))]}
          />
          <TextField label={t('field.functional')} name="functional" defaultValue={value('functional')} errors={fields.functional.errors} />
          <SelectField
            label={t('field.language')}
            name="language"
            defaultValue={value('language')}
            errors={fields.language.errors}
            isRequired
            options={supportedLanguages.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          />
          <CheckboxField label={t('field.remindersEnabled')} name="remindersEnabled" defaultChecked={fields.remindersEnabled.initialValue === 'on'} />
          <Button type="submit">{t('action.save')}</Button>
        </Form>
      </Card>
    </div>
  )
}
