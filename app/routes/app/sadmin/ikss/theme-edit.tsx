import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form, useLocation } from 'react-router'
import { RouteDialog } from '#app/components/route-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormActions } from '#app/components/ui/card.tsx'
import { FormErrors, TextField } from '#app/components/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { createMainTheme, getMainTheme, updateMainTheme } from '#models/ics-catalog.server.ts'
import type { Route } from './+types/theme-edit'
import { LANGS, mainThemeSchema } from './schema.ts'
import * as css from '../risks/risks.css.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  if (params.id) {
    const theme = await getMainTheme(access, params.id)
    if (!theme) notFound(request)
    return { theme }
  }
  return { theme: null }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin(request)
  const submission = parseWithZod(await request.formData(), { schema: mainThemeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  try {
    if (params.id) {
      if (!version) return data({ result: submission.reply({ formErrors: ['validation.invalid'] }) }, { status: 400 })
      await updateMainTheme(access, params.id, input, version)
    } else {
      await createMainTheme(access, input)
    }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/sadmin/ikss/themes${new URL(request.url).search}`, params.id ? 'saved' : 'created')
}

export default function EditIcsMainTheme({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { theme } = loaderData
  const [form, fields] = useForm({
    id: theme ? `ics-main-theme-${theme.id}-${theme.version}` : 'ics-main-theme-new',
    lastResult: actionData?.result,
    defaultValue: theme ? { leadingNumber: theme.leadingNumber, nameDe: theme.nameDe, nameFr: theme.nameFr, nameEn: theme.nameEn } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mainThemeSchema }),
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  const locked = theme !== null && theme.subThemes + theme.entries + theme.processes > 0
  return (
    <RouteDialog
      title={theme ? t('sadmin:ikss.themes.editTitle', { number: theme.leadingNumber }) : t('sadmin:ikss.themes.new')}
      closeTo={`/app/sadmin/ikss/themes${search}`}
    >
      <Form method="post" {...getFormProps(form)} className={css.wideForm} preventScrollReset>
        <FormErrors errors={form.errors} />
        {theme ? <input type="hidden" name="version" value={theme.version} /> : null}
        <TextField
          label={t('sadmin:ikss.themes.field.leadingNumber')}
          name="leadingNumber"
          defaultValue={value('leadingNumber')}
          errors={fields.leadingNumber.errors}
          description={locked ? t('sadmin:ikss.themes.field.leadingNumberLocked') : t('sadmin:ikss.themes.field.leadingNumberHint')}
          isRequired
        />
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t('sadmin:ikss.field.name')}</legend>
          <div className={css.languages}>
            {LANGS.map((l) => (
              <div key={l.code} className={css.languageHead} aria-hidden="true" lang={l.code}>
                {t(`language.${l.code}`)}
              </div>
            ))}
            {LANGS.map((l) => {
              const name = `name${l.suffix}` as const
              return (
                <TextField
                  key={name}
                  label={
                    <>
                      {t('sadmin:ikss.field.name')}
                      <span className={css.languageInLabel}> ({t(`language.${l.code}`)})</span>
                    </>
                  }
                  name={name}
                  defaultValue={value(name)}
                  errors={fields[name].errors}
                  isRequired
                />
              )
            })}
          </div>
        </fieldset>
        <FormActions>
          <Button type="submit">{theme ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
