import { AppLink } from '#app/ui/app-link.tsx'
import { useForm } from '#app/ui/form.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useLocation } from 'react-router'
import { CheckboxField, SelectField } from '#app/ui/fields.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { createCatalogEntry, getCatalogEntry, mainThemeChoices, listSubThemes, updateCatalogEntry } from './catalog.server.ts'
import { entryAction, entryOrNull } from '../catalog-shared.server.ts'
import { EntryDialog, entryTextValues, fieldReader } from '../catalog/pages.tsx'
import type { Route } from './+types/edit'
import { catalogSchema } from './schema.ts'
import { mainThemeOptions, subThemeOptions } from '../catalog/options.ts'
import { CONTROL_FREQUENCIES } from '#models/core/constants.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const [mainThemes, subThemes] = await Promise.all([mainThemeChoices(access), listSubThemes(access)])
  return {
    entry: await entryOrNull(request, access, params.id, getCatalogEntry),
    mainThemes,
    subThemes: subThemes.rows.map(({ id, key, mainThemeId, nameDe, nameFr, nameEn }) => ({ id, key, mainThemeId, nameDe, nameFr, nameEn })),
  }
}

export const action = (args: Route.ActionArgs) =>
  entryAction(args, catalogSchema(), { get: getCatalogEntry, create: createCatalogEntry, update: updateCatalogEntry }, '/app/sadmin/ikss')

const TEXTS = [
  { field: 'title', label: 'catalogs:ikss.catalog.field.title', multiline: false, required: true },
  { field: 'description', label: 'catalogs:ikss.catalog.field.description', multiline: true, required: false },
  { field: 'defaultControlTarget', label: 'catalogs:ikss.catalog.field.defaultControlTarget', multiline: true, required: false },
  { field: 'defaultControlActivity', label: 'catalogs:ikss.catalog.field.defaultControlActivity', multiline: true, required: false },
  { field: 'defaultProcedure', label: 'catalogs:ikss.catalog.field.defaultProcedure', multiline: true, required: false },
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
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.catalogSchema(subThemes)))
  const [form, fields] = useForm({
    id: entry ? `ics-catalog-${entry.id}-${entry.version}` : 'ics-catalog-new',
    lastResult: actionData?.result,
    defaultValue: entry
      ? {
          mainThemeId: entry.mainThemeId,
          subThemeId: entry.subThemeId,
          idkey: entry.idkey,
          ...entryTextValues(TEXTS, entry),
          defaultFrequency: entry.defaultFrequency,
          dsgRelevant: entry.dsgRelevant ? 'on' : undefined,
          tags: entry.tags.join(', '),
        }
      : { mainThemeId: mainFromFilter, subThemeId: subFromFilter?.id ?? '' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const { value, errors } = fieldReader(fields)
  // With JavaScript, the sub-processes of the chosen main process only; without, all of them (the server checks the pair).
  const chosenMain = typeof fields.mainThemeId.value === 'string' ? fields.mainThemeId.value : value('mainThemeId')
  const offeredSubs = chosenMain ? subThemes.filter((s) => s.mainThemeId === chosenMain || s.id === value('subThemeId')) : subThemes
  return (
    <EntryDialog
      entry={entry}
      form={form}
      fields={fields}
      ns="catalogs:ikss.catalog"
      list="/app/sadmin/ikss"
      texts={TEXTS}
      empty={
        subThemes.length ? null : (
          <>
            {t('catalogs:ikss.catalog.noSubthemes')} <AppLink to="/app/sadmin/ikss/subthemes/new">{t('catalogs:ikss.subthemes.new')}</AppLink>
          </>
        )
      }
      themes={
        <>
          <SelectField
            label={t('catalogs:ikss.field.main')}
            name="mainThemeId"
            defaultValue={value('mainThemeId')}
            errors={errors('mainThemeId')}
            isRequired
            options={[{ value: '', label: '—' }, ...mainThemeOptions(mainThemes, lang)]}
          />
          <SelectField
            label={t('catalogs:ikss.field.sub')}
            name="subThemeId"
            defaultValue={value('subThemeId')}
            errors={errors('subThemeId')}
            isRequired
            options={[{ value: '', label: '—' }, ...subThemeOptions(offeredSubs, lang)]}
          />
        </>
      }
      extra={
        <>
          <SelectField
            label={t('catalogs:ikss.catalog.field.defaultFrequency')}
            name="defaultFrequency"
            defaultValue={value('defaultFrequency') || 'none'}
            errors={errors('defaultFrequency')}
            options={CONTROL_FREQUENCIES.map((f) => ({ value: f, label: t(`catalogs:ikss.catalog.frequency.${f}`) }))}
          />
          <CheckboxField label={t('catalogs:ikss.catalog.field.dsgRelevant')} name="dsgRelevant" defaultChecked={value('dsgRelevant') === 'on'} />
        </>
      }
    />
  )
}
