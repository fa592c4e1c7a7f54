import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { requireTool } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M, optionalString, requiredString } from '#app/utils/validation.ts'
import { createIndividualProcess, listMainThemes, listSubThemes } from '#app/features/ics/processes.server.ts'
import type { Route } from './+types/individual'

const schema = z.object({
  mainThemeId: z.uuid({ error: M.required }),
  subThemeId: z.uuid({ error: M.invalid }).optional(),
  title: requiredString(300),
  description: optionalString(5000),
})

export async function loader({ request }: Route.LoaderArgs) {
  await requireTool(request, 'iks', 'write')
  const locale = await getLocale(request)
  const [mains, subs] = await Promise.all([listMainThemes(locale), listSubThemes(locale)])
  return { mains, subs }
}

export async function action({ request }: Route.ActionArgs) {
  const { access } = await requireTool(request, 'iks', 'write')
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  let id: string
  try {
    id = (await createIndividualProcess(access, { ...submission.value, subThemeId: submission.value.subThemeId ?? null })).id
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/iks/${id}`, 'created')
}

export default function IndividualProcess({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { mains, subs } = loaderData
  const [form, fields] = useForm({
    id: 'individual-process',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={t('iks:catalog.addIndividual')} closeTo="/app/iks/catalog">
      <p>{t('iks:catalog.individualIntro')}</p>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        <SelectField
          label={t('iks:field.main')}
          name="mainThemeId"
          defaultValue={value('mainThemeId')}
          errors={fields.mainThemeId.errors}
          isRequired
          options={[{ value: '', label: '—' }, ...mains.map((m) => ({ value: m.id, label: `${m.leadingNumber} ${m.name}` }))]}
        />
        <SelectField
          label={t('iks:field.sub')}
          name="subThemeId"
          defaultValue={value('subThemeId')}
          errors={fields.subThemeId.errors}
          options={[{ value: '', label: '—' }, ...subs.map((s) => ({ value: s.id, label: `${s.key} ${s.name}` }))]}
        />
        <TextField label={t('iks:field.title')} name="title" defaultValue={value('title')} errors={fields.title.errors} isRequired />
        <TextField
          label={t('iks:field.description')}
          name="description"
          multiline
          rows={4}
          defaultValue={value('description')}
          errors={fields.description.errors}
        />
        <FormActions>
          <Button type="submit">{t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
