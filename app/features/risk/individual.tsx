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
import { effectiveUserId } from '#models/core/access.ts'
import { listToolOwners } from '#app/features/account/customers.server.ts'
import { createIndividualRisk, listThemes } from '#app/features/risk/risks.server.ts'
import type { Route } from './+types/individual'

const schema = z.object({
  themeId: z.uuid({ error: M.required }),
  title: requiredString(300),
  description: optionalString(5000),
  ownerUserId: z.uuid({ error: M.invalid }).optional(),
})

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireTool(request, 'risk', 'write')
  const [themes, members] = await Promise.all([listThemes(await getLocale(request)), listToolOwners(access, 'risk')])
  return { themes, members, me: effectiveUserId(access) }
}

export async function action({ request }: Route.ActionArgs) {
  const { access } = await requireTool(request, 'risk', 'write')
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  let id: string
  try {
    const risk = await createIndividualRisk(access, { ...submission.value, ownerUserId: submission.value.ownerUserId ?? null })
    id = risk.id
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/risk/${id}`, 'created')
}

export default function IndividualRisk({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { themes, members, me } = loaderData
  const [form, fields] = useForm({
    id: 'individual-risk',
    lastResult: actionData?.result,
    defaultValue: { ownerUserId: me },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={t('risk:catalog.addIndividual')} closeTo="/app/risk/catalog">
      <p>{t('risk:catalog.individualIntro')}</p>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        <SelectField
          label={t('risk:field.theme')}
          name="themeId"
          defaultValue={value('themeId')}
          errors={fields.themeId.errors}
          isRequired
          options={[{ value: '', label: '—' }, ...themes.map((th) => ({ value: th.id, label: `${th.leadingNumber} ${th.name}` }))]}
        />
        <TextField label={t('risk:field.title')} name="title" defaultValue={value('title')} errors={fields.title.errors} isRequired />
        <TextField
          label={t('risk:field.description')}
          name="description"
          multiline
          rows={4}
          defaultValue={value('description')}
          errors={fields.description.errors}
        />
        <SelectField
          label={t('risk:field.owner')}
          name="ownerUserId"
          defaultValue={value('ownerUserId')}
          errors={fields.ownerUserId.errors}
          options={[{ value: '', label: '—' }, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
        />
        <FormActions>
          <Button type="submit">{t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
