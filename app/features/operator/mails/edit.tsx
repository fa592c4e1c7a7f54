import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { schema } from './mail-schema.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { isLocale } from '#app/i18n/config.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getTemplate, saveTemplate, TEMPLATE_PLACEHOLDERS } from '#app/features/operator/mail-templates.server.ts'
import type { Route } from './+types/edit'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!(params.key in TEMPLATE_PLACEHOLDERS) || !isLocale(params.language)) notFound(request)
  const template = await getTemplate(access, params.key, params.language)
  return { key: params.key, language: params.language, template, placeholders: TEMPLATE_PLACEHOLDERS[params.key] }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!isLocale(params.language)) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await saveTemplate(access, params.key, params.language, { subject: submission.value.subject, body: submission.value.body }, submission.value.seen)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/sadmin/mails', 'saved')
}

export default function EditMailTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { key, language, template, placeholders } = loaderData
  const onValidate = useLazyValidate(() => import('./mail-schema.ts').then((m) => m.schema))
  const [form, fields] = useForm({
    id: `mail-${key}-${language}-${template?.updatedAt ?? 'new'}`,
    lastResult: actionData?.result,
    defaultValue: { subject: template?.subject ?? '', body: template?.body ?? '' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={`${key} · ${t(`language.${language}`)}`} closeTo="/app/sadmin/mails">
      <p>
        {t('sadmin:mails.placeholders')}{' '}
        {placeholders.map((p) => (
          <code key={p} style={{ marginRight: 8 }}>{`{{${p}}}`}</code>
        ))}
      </p>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <input type="hidden" name="seen" value={template ? new Date(template.updatedAt).toISOString() : ''} />
        <TextField
          label={t('sadmin:mails.subject')}
          name="subject"
          defaultValue={fields.subject.initialValue as string | undefined}
          errors={fields.subject.errors}
          isRequired
        />
        <TextField
          label={t('sadmin:mails.body')}
          name="body"
          multiline
          rows={16}
          defaultValue={fields.body.initialValue as string | undefined}
          errors={fields.body.errors}
          isRequired
        />
        <FormActions>
          <Button type="submit">{t('action.save')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
