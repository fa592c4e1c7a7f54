import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { data, Form, useLocation } from 'react-router'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { Alert, CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useHydrated } from '#app/utils/hydrated.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DSG_ACTIVITY_ROLES } from '#models/core/constants.ts'
import { LanguageFields } from '../catalog-shared.tsx'
import { LANGS } from '../catalog/options.ts'
import * as css from '#app/ui/catalog-editor.css.ts'
import type { Route } from './+types/edit'
import { ADD_CATEGORY, LIST, MIN_CATEGORY_LINES, TEXTS } from './options.ts'
import { templateSchema } from './schema.ts'
import { createTemplate, getTemplate, updateTemplate } from './templates.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!params.id) return { template: null }
  const template = await getTemplate(access, params.id)
  if (!template) notFound(request)
  return { template }
}

/**
 * Saves a new or edited template and goes back to the list with its filters. "Add a category" without
 * JavaScript comes here too: the form comes back as it was sent, with one more line and no messages.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (params.id && !(await getTemplate(access, params.id))) notFound(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: templateSchema })
  if (formData.get('intent') === ADD_CATEGORY) {
    const lines = submission.payload.dataCategories
    const result: SubmissionResult<string[]> = {
      initialValue: { ...submission.payload, dataCategories: [...(Array.isArray(lines) ? lines : []), { de: '', fr: '', en: '' }] },
    }
    return data({ result })
  }
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  try {
    if (params.id) {
      if (!version) return data({ result: submission.reply({ formErrors: ['validation.invalid'] }) }, { status: 400 })
      await updateTemplate(access, params.id, input, version)
    } else {
      await createTemplate(access, input)
    }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`${LIST}${new URL(request.url).search}`, params.id ? 'saved' : 'created')
}

type Template = NonNullable<Route.ComponentProps['loaderData']['template']>

const textValues = (template: Template) =>
  Object.fromEntries(TEXTS.flatMap((x) => LANGS.map((l) => [`${x.field}${l.suffix}`, template[`${x.field}${l.suffix}` as keyof Template]])))

export default function EditTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { template } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.templateSchema))
  const [form, fields] = useForm({
    id: template ? `dsg-template-${template.id}-${template.version}` : 'dsg-template-new',
    lastResult: actionData?.result,
    defaultValue: template
      ? { ...textValues(template), role: template.role, dataCategories: template.dataCategories }
      : { role: 'controller', dataCategories: [] },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => fields[name].initialValue as string | undefined
  // Whether the form started from what was sent (a page rendered by the action, without JavaScript) rather than from the template.
  const [sent] = useState(() => Boolean(actionData?.result))
  return (
    <RouteDialog title={template ? t('dsg:templates.editTitle', { number: template.position }) : t('dsg:templates.new')} closeTo={`${LIST}${search}`}>
      <Form method="post" {...getFormProps(form)} className={css.wideForm} preventScrollReset>
        <FormErrors errors={form.errors} />
        {template ? <input type="hidden" name="version" value={template.version} /> : null}
        {template && !template.active ? <Alert tone="warning">{t('dsg:templates.inactiveHint')}</Alert> : null}
        <SelectField
          label={t('dsg:templates.field.role')}
          name="role"
          defaultValue={value('role')}
          errors={fields.role.errors}
          description={t('dsg:templates.field.roleHint')}
          isRequired
          options={DSG_ACTIVITY_ROLES.map((r) => ({ value: r, label: t(`dsg:templates.role.${r}`) }))}
        />
        <LanguageFields legend={t('dsg:templates.texts')} texts={TEXTS.map((x) => ({ ...x, label: t(x.label) }))} fields={fields} />
        <CategoryLines fields={fields} sent={sent} />
        <FormActions>
          <Button type="submit">{template ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}

/**
 * The categories of personal data as lines of three names and the sensitive flag. The form offers the template's
 * lines and one blank more (at least MIN_CATEGORY_LINES), or, when it comes back from the server (`sent`), the
 * lines that were sent; "add a category" adds a line in the browser, or without JavaScript sends the form to the
 * server, which returns it with one line more.
 */
function CategoryLines({ fields, sent }: { fields: Record<string, FieldMetadata>; sent: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [added, setAdded] = useState(0)
  const held = fields.dataCategories.initialValue
  const lines = Math.max((Array.isArray(held) ? held.length : 0) + (sent ? 0 : 1), MIN_CATEGORY_LINES) + added
  return (
    <fieldset className={css.fieldset}>
      <legend className={css.legend}>{t('dsg:templates.field.categories')}</legend>
      <p className={css.muted}>{t('dsg:templates.field.categoriesHint')}</p>
      <FormErrors errors={fields.dataCategories.errors} />
      {Array.from({ length: lines }, (_, i) => {
        const name = (part: string) => `dataCategories[${i}].${part}`
        const label = t('dsg:templates.field.category', { number: i + 1 })
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the list; lines are only added at the end
          <div key={i}>
            <div className={css.languages}>
              {LANGS.map((l) => (
                <TextField
                  key={l.code}
                  label={`${label} (${t(`language.${l.code}`)})`}
                  name={name(l.code)}
                  defaultValue={fields[name(l.code)].initialValue as string | undefined}
                  errors={fields[name(l.code)].errors}
                />
              ))}
            </div>
            <CheckboxField
              label={t('dsg:templates.field.sensitive', { number: i + 1 })}
              name={name('sensitive')}
              defaultChecked={fields[name('sensitive')].initialValue === 'on'}
            />
          </div>
        )
      })}
      {hydrated ? (
        <Button variant="secondary" onPress={() => setAdded((n) => n + 1)}>
          {t('dsg:templates.addCategory')}
        </Button>
      ) : (
        <Button type="submit" name="intent" value={ADD_CATEGORY} variant="secondary">
          {t('dsg:templates.addCategory')}
        </Button>
      )}
    </fieldset>
  )
}
