import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, useLocation } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { Alert, CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { createCatalogEntry, getCatalogEntry, listThemes, updateCatalogEntry } from '#app/features/risk/catalog.server.ts'
import { LanguageFields } from '../catalog-shared.tsx'
import type { Route } from './+types/edit'
import { catalogSchema, LANGS, RISK_LEVELS, themeOptions } from './schema.ts'
import * as css from './risk-catalog.css.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  const themes = (await listThemes(access)).rows.map(({ id, leadingNumber, nameDe, nameFr, nameEn }) => ({ id, leadingNumber, nameDe, nameFr, nameEn }))
  if (params.id) {
    const entry = await getCatalogEntry(access, params.id)
    if (!entry) notFound(request)
    return { entry, themes }
  }
  return { entry: null, themes }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin(request)
  const submission = parseWithZod(await request.formData(), { schema: catalogSchema() })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value
  try {
    if (params.id) {
      if (!version) return data({ result: submission.reply({ formErrors: ['validation.invalid'] }) }, { status: 400 })
      await updateCatalogEntry(access, params.id, input, version)
    } else {
      await createCatalogEntry(access, input)
    }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/sadmin/risks${new URL(request.url).search}`, params.id ? 'saved' : 'created')
}

const TEXTS = [
  { field: 'title', label: 'sadmin:risks.field.title', multiline: false, required: true },
  { field: 'description', label: 'sadmin:risks.field.description', multiline: true, required: false },
  { field: 'reaction', label: 'sadmin:risks.field.reaction', multiline: true, required: false },
  { field: 'controlling', label: 'sadmin:risks.field.controlling', multiline: true, required: false },
] as const

export default function EditCatalogEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { entry, themes } = loaderData
  const themeFromFilter = new URLSearchParams(search).get('theme')
  const schema = catalogSchema(themes)
  const [form, fields] = useForm({
    id: entry ? `risk-catalog-${entry.id}-${entry.version}` : 'risk-catalog-new',
    lastResult: actionData?.result,
    defaultValue: entry
      ? {
          themeId: entry.themeId,
          idkey: entry.idkey,
          ...Object.fromEntries(TEXTS.flatMap((x) => LANGS.map((l) => [`${x.field}${l.suffix}`, entry[`${x.field}${l.suffix}`]]))),
          probability: entry.probability === null ? '' : String(entry.probability),
          severity: entry.severity === null ? '' : String(entry.severity),
          strategic: entry.strategic ? 'on' : undefined,
          dsgRelevant: entry.dsgRelevant ? 'on' : undefined,
          hasPersonalData: entry.hasPersonalData ? 'on' : undefined,
          hasProtectableData: entry.hasProtectableData ? 'on' : undefined,
          tags: entry.tags.join(', '),
        }
      : { themeId: themes.some((th) => th.id === themeFromFilter) ? themeFromFilter : '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => (fields as Record<string, { initialValue?: unknown }>)[name]?.initialValue as string | undefined
  const errors = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors
  const closeTo = `/app/sadmin/risks${search}`
  const levelOptions = [{ value: '', label: '—' }, ...RISK_LEVELS.map((l) => ({ value: String(l), label: String(l) }))]
  const title = entry ? t('sadmin:risks.editTitle', { idkey: entry.idkey }) : t('sadmin:risks.new')
  if (!themes.length) {
    return (
      <RouteDialog title={title} closeTo={closeTo}>
        <Alert tone="warning">
          {t('sadmin:risks.noThemes')} <Link to="/app/sadmin/risks/themes/new">{t('sadmin:themes.new')}</Link>
        </Alert>
      </RouteDialog>
    )
  }
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className={css.wideForm} preventScrollReset>
        <FormErrors errors={form.errors} />
        {entry ? <input type="hidden" name="version" value={entry.version} /> : null}
        {entry && !entry.active ? <Alert tone="warning">{t('sadmin:risks.inactiveHint')}</Alert> : null}
        <div className={css.grid2}>
          <SelectField
            label={t('sadmin:risks.field.theme')}
            name="themeId"
            defaultValue={value('themeId')}
            errors={errors('themeId')}
            isRequired
            options={[{ value: '', label: '—' }, ...themeOptions(themes, i18n.language)]}
          />
          <TextField
            label={t('sadmin:risks.field.idkey')}
            name="idkey"
            defaultValue={value('idkey')}
            errors={errors('idkey')}
            description={t('sadmin:risks.field.idkeyHint')}
            isRequired
          />
        </div>
        <LanguageFields legend={t('sadmin:risks.texts')} texts={TEXTS.map((x) => ({ ...x, label: t(x.label) }))} fields={fields} />
        <div className={css.grid2}>
          <SelectField
            label={t('sadmin:risks.field.probability')}
            name="probability"
            defaultValue={value('probability') ?? ''}
            errors={errors('probability')}
            options={levelOptions}
          />
          <SelectField
            label={t('sadmin:risks.field.severity')}
            name="severity"
            defaultValue={value('severity') ?? ''}
            errors={errors('severity')}
            options={levelOptions}
          />
        </div>
        <div className={css.checks}>
          <CheckboxField label={t('sadmin:risks.field.strategic')} name="strategic" defaultChecked={value('strategic') === 'on'} />
          <CheckboxField label={t('sadmin:risks.field.dsgRelevant')} name="dsgRelevant" defaultChecked={value('dsgRelevant') === 'on'} />
          <CheckboxField label={t('sadmin:risks.field.hasPersonalData')} name="hasPersonalData" defaultChecked={value('hasPersonalData') === 'on'} />
          <CheckboxField label={t('sadmin:risks.field.hasProtectableData')} name="hasProtectableData" defaultChecked={value('hasProtectableData') === 'on'} />
        </div>
        <TextField
          label={t('sadmin:risks.field.tags')}
          name="tags"
          defaultValue={value('tags')}
          errors={errors('tags')}
          description={t('sadmin:risks.field.tagsHint')}
        />
        <FormActions>
          <Button type="submit">{entry ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
