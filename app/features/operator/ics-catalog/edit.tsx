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
import { createCatalogEntry, getCatalogEntry, listMainThemes, listSubThemes, updateCatalogEntry } from '#app/features/ics/catalog.server.ts'
import { LanguageFields } from '../catalog-shared.tsx'
import type { Route } from './+types/edit'
import { catalogSchema, LANGS, mainThemeOptions, subThemeOptions } from './schema.ts'
import * as css from '../risk-catalog/risk-catalog.css.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  const [mainThemes, subThemes] = await Promise.all([listMainThemes(access), listSubThemes(access)])
  const lists = {
    mainThemes: mainThemes.rows.map(({ id, leadingNumber, nameDe, nameFr, nameEn }) => ({ id, leadingNumber, nameDe, nameFr, nameEn })),
    subThemes: subThemes.rows.map(({ id, key, mainThemeId, nameDe, nameFr, nameEn }) => ({ id, key, mainThemeId, nameDe, nameFr, nameEn })),
  }
  if (params.id) {
    const entry = await getCatalogEntry(access, params.id)
    if (!entry) notFound(request)
    return { entry, ...lists }
  }
  return { entry: null, ...lists }
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
  return redirectWithToast(`/app/sadmin/ikss${new URL(request.url).search}`, params.id ? 'saved' : 'created')
}

const TEXTS = [
  { field: 'title', label: 'sadmin:ikss.catalog.field.title', multiline: false, required: true },
  { field: 'description', label: 'sadmin:ikss.catalog.field.description', multiline: true, required: false },
  { field: 'defaultControlTarget', label: 'sadmin:ikss.catalog.field.defaultControlTarget', multiline: true, required: false },
  { field: 'defaultControlActivity', label: 'sadmin:ikss.catalog.field.defaultControlActivity', multiline: true, required: false },
] as const

export default function EditIcsCatalogEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { entry, mainThemes, subThemes } = loaderData
  const lang = i18n.language
  // A new entry starts in the main and sub-process the list is filtered by.
  const query = new URLSearchParams(search)
  const subFromFilter = subThemes.find((s) => s.id === query.get('sub'))
  const mainFromFilter = subFromFilter?.mainThemeId ?? mainThemes.find((m) => m.id === query.get('main'))?.id ?? ''
  const schema = catalogSchema(subThemes)
  const [form, fields] = useForm({
    id: entry ? `ics-catalog-${entry.id}-${entry.version}` : 'ics-catalog-new',
    lastResult: actionData?.result,
    defaultValue: entry
      ? {
          mainThemeId: entry.mainThemeId,
          subThemeId: entry.subThemeId,
          idkey: entry.idkey,
          ...Object.fromEntries(TEXTS.flatMap((x) => LANGS.map((l) => [`${x.field}${l.suffix}`, entry[`${x.field}${l.suffix}`]]))),
          dsgRelevant: entry.dsgRelevant ? 'on' : undefined,
          tags: entry.tags.join(', '),
        }
      : { mainThemeId: mainFromFilter, subThemeId: subFromFilter?.id ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: 'onInput',
  })
  const value = (name: string) => (fields as Record<string, { initialValue?: unknown }>)[name]?.initialValue as string | undefined
  const errors = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors
  const closeTo = `/app/sadmin/ikss${search}`
  const title = entry ? t('sadmin:ikss.catalog.editTitle', { idkey: entry.idkey }) : t('sadmin:ikss.catalog.new')
  if (!subThemes.length) {
    return (
      <RouteDialog title={title} closeTo={closeTo}>
        <Alert tone="warning">
          {t('sadmin:ikss.catalog.noSubthemes')} <Link to="/app/sadmin/ikss/subthemes/new">{t('sadmin:ikss.subthemes.new')}</Link>
        </Alert>
      </RouteDialog>
    )
  }
  // With JavaScript, the sub-processes of the chosen main process only; without, all of them (the server checks the pair).
  const chosenMain = typeof fields.mainThemeId.value === 'string' ? fields.mainThemeId.value : value('mainThemeId')
  const offeredSubs = chosenMain ? subThemes.filter((s) => s.mainThemeId === chosenMain || s.id === value('subThemeId')) : subThemes
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className={css.wideForm} preventScrollReset>
        <FormErrors errors={form.errors} />
        {entry ? <input type="hidden" name="version" value={entry.version} /> : null}
        {entry && !entry.active ? <Alert tone="warning">{t('sadmin:ikss.catalog.inactiveHint')}</Alert> : null}
        <div className={css.grid2}>
          <SelectField
            label={t('sadmin:ikss.field.main')}
            name="mainThemeId"
            defaultValue={value('mainThemeId')}
            errors={errors('mainThemeId')}
            isRequired
            options={[{ value: '', label: '—' }, ...mainThemeOptions(mainThemes, lang)]}
          />
          <SelectField
            label={t('sadmin:ikss.field.sub')}
            name="subThemeId"
            defaultValue={value('subThemeId')}
            errors={errors('subThemeId')}
            isRequired
            options={[{ value: '', label: '—' }, ...subThemeOptions(offeredSubs, lang)]}
          />
          <TextField
            label={t('sadmin:ikss.catalog.field.idkey')}
            name="idkey"
            defaultValue={value('idkey')}
            errors={errors('idkey')}
            description={t('sadmin:ikss.catalog.field.idkeyHint')}
            isRequired
          />
        </div>
        <LanguageFields legend={t('sadmin:ikss.catalog.texts')} texts={TEXTS.map((x) => ({ ...x, label: t(x.label) }))} fields={fields} />
        <CheckboxField label={t('sadmin:ikss.catalog.field.dsgRelevant')} name="dsgRelevant" defaultChecked={value('dsgRelevant') === 'on'} />
        <TextField
          label={t('sadmin:ikss.catalog.field.tags')}
          name="tags"
          defaultValue={value('tags')}
          errors={errors('tags')}
          description={t('sadmin:ikss.catalog.field.tagsHint')}
        />
        <FormActions>
          <Button type="submit">{entry ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
