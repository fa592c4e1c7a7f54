import { AppLink } from '#app/ui/app-link.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form, useLocation } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { createSubTheme, getSubTheme, mainThemeChoices, updateSubTheme } from '#app/features/operator/ics-catalog/catalog.server.ts'
import type { Route } from './+types/edit'
import { NameFields } from '#app/features/operator/catalog-shared.tsx'
import { subThemeSchema } from '../schema.ts'
import { mainThemeOptions } from '../../catalog/options.ts'
import * as css from '#app/ui/catalog-editor.css.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const mainThemes = await mainThemeChoices(access)
  if (params.id) {
    const subTheme = await getSubTheme(access, params.id)
    if (!subTheme) notFound(request)
    return { subTheme, mainThemes }
  }
  return { subTheme: null, mainThemes }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (params.id && !(await getSubTheme(access, params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema: subThemeSchema() })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  try {
    if (params.id) {
      if (!version) return data({ result: submission.reply({ formErrors: ['validation.invalid'] }) }, { status: 400 })
      await updateSubTheme(access, params.id, input, version)
    } else {
      await createSubTheme(access, input)
    }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/sadmin/ikss/subthemes${new URL(request.url).search}`, params.id ? 'saved' : 'created')
}

export default function EditIcsSubTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { subTheme, mainThemes } = loaderData
  const mainFromFilter = mainThemes.find((m) => m.id === new URLSearchParams(search).get('main'))?.id ?? ''
  const onValidate = useLazyValidate(() => import('../schema.ts').then((m) => m.subThemeSchema(mainThemes)))
  const [form, fields] = useForm({
    id: subTheme ? `ics-sub-theme-${subTheme.id}-${subTheme.version}` : 'ics-sub-theme-new',
    lastResult: actionData?.result,
    defaultValue: subTheme
      ? { key: subTheme.key, mainThemeId: subTheme.mainThemeId, nameDe: subTheme.nameDe, nameFr: subTheme.nameFr, nameEn: subTheme.nameEn }
      : { mainThemeId: mainFromFilter },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  const closeTo = `/app/sadmin/ikss/subthemes${search}`
  const title = subTheme ? t('catalogs:ikss.subthemes.editTitle', { key: subTheme.key }) : t('catalogs:ikss.subthemes.new')
  if (!mainThemes.length) {
    return (
      <RouteDialog title={title} closeTo={closeTo}>
        <Alert tone="warning">
          {t('catalogs:ikss.subthemes.noThemes')} <AppLink to="/app/sadmin/ikss/themes/new">{t('catalogs:ikss.themes.new')}</AppLink>
        </Alert>
      </RouteDialog>
    )
  }
  const locked = subTheme !== null && subTheme.entries + subTheme.processes > 0
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className={css.wideForm} preventScrollReset>
        <FormErrors errors={form.errors} />
        {subTheme ? <input type="hidden" name="version" value={subTheme.version} /> : null}
        <div className={css.grid2}>
          <SelectField
            label={t('catalogs:ikss.field.main')}
            name="mainThemeId"
            defaultValue={value('mainThemeId')}
            errors={fields.mainThemeId.errors}
            isRequired
            options={[{ value: '', label: '—' }, ...mainThemeOptions(mainThemes, i18n.language)]}
          />
          <TextField
            label={t('catalogs:ikss.subthemes.field.key')}
            name="key"
            defaultValue={value('key')}
            errors={fields.key.errors}
            description={locked ? t('catalogs:ikss.subthemes.field.keyLocked') : t('catalogs:ikss.subthemes.field.keyHint')}
            isRequired
          />
        </div>
        <NameFields legend={t('catalogs:ikss.field.name')} fields={fields} />
        <FormActions>
          <Button type="submit">{subTheme ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
