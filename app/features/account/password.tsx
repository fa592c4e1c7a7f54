import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import { requireUser } from '#app/auth/guards.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { changePassword } from '#app/auth/users.server.ts'
import { changePasswordSchema } from './password-schema.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import type { Route } from './+types/password'
import * as css from './account.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser({ request, context })
  return null
}

export const handle: TitleHandle = { title: 'account:pwd.title' }

const hidden = ['current', 'password', 'confirm']

export async function action({ request, context }: Route.ActionArgs) {
  const { access, session } = await requireUser({ request, context })
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: hidden }) }, { status: 400 })
  const outcome = await changePassword(access, session.id, submission.value.current, submission.value.password)
  if (outcome === 'wrong-current') {
    return data({ result: submission.reply({ fieldErrors: { current: ['account:pwd.wrongCurrent'] }, hideFields: hidden }) }, { status: 400 })
  }
  return redirectWithToast('/app/user/pwd', 'passwordChanged')
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const onValidate = useLazyValidate(() => import('./password-schema.ts').then((m) => m.changePasswordSchema))
  const [form, fields] = useForm({
    id: 'pwd',
    lastResult: actionData?.result,
    onValidate,
    shouldRevalidate: 'onInput',
  })
  return (
    <div className={css.narrow}>
      <h1>{t('account:pwd.title')}</h1>
      <Card>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <TextField
            label={t('field.currentPassword')}
            name="current"
            type="password"
            autoComplete="current-password"
            errors={fields.current.errors}
            isRequired
          />
          <TextField
            label={t('field.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            errors={fields.password.errors}
            description={t('field.passwordHint')}
            isRequired
          />
          <TextField label={t('field.repeatPassword')} name="confirm" type="password" autoComplete="new-password" errors={fields.confirm.errors} isRequired />
          <Button type="submit">{t('account:pwd.submit')}</Button>
        </Form>
      </Card>
    </div>
  )
}
