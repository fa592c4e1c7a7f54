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
import { icsIndividual } from './routes.server.ts'

export async function loader(args: Route.LoaderArgs) {
  return icsIndividual.loader(args)
}

export async function action(args: Route.ActionArgs) {
  return icsIndividual.action(args)
}

export default function IndividualProcess({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { mains, subs } = loaderData
  const [form, fields] = useForm({
    id: 'individual-process',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: individualSchema }),
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
