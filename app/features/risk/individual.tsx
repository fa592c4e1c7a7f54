import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import type { Route } from './+types/individual'
import { individualSchema } from './blocks.ts'
import { riskIndividual } from './routes.server.ts'

export async function loader(args: Route.LoaderArgs) {
  return riskIndividual.loader(args)
}

export async function action(args: Route.ActionArgs) {
  return riskIndividual.action(args)
}

export default function IndividualRisk({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { themes, members, me } = loaderData
  const [form, fields] = useForm({
    id: 'individual-risk',
    lastResult: actionData?.result,
    defaultValue: { ownerUserId: me },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: individualSchema }),
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
