import { AppLink } from '#app/ui/app-link.tsx'
import { useForm } from '#app/ui/form.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useLocation } from 'react-router'
import { CheckboxField, SelectField } from '#app/ui/fields.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { createCatalogEntry, getCatalogEntry, themeChoices, updateCatalogEntry } from './catalog.server.ts'
import { entryAction, entryOrNull } from '../catalog-shared.server.ts'
import { EntryDialog, entryTextValues, fieldReader } from '../catalog/pages.tsx'
import type { Route } from './+types/edit'
import { catalogSchema } from './schema.ts'
import { RISK_LEVELS, themeOptions } from '../catalog/options.ts'
import * as css from '#app/ui/catalog-editor.css.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const themes = await themeChoices(access)
  return { entry: await entryOrNull(request, access, params.id, getCatalogEntry), themes }
}

export const action = (args: Route.ActionArgs) =>
  entryAction(args, catalogSchema(), { get: getCatalogEntry, create: createCatalogEntry, update: updateCatalogEntry }, '/app/sadmin/risks')

const TEXTS = [
  { field: 'title', label: 'catalogs:risks.field.title', multiline: false, required: true },
  { field: 'description', label: 'catalogs:risks.field.description', multiline: true, required: false },
  { field: 'reaction', label: 'catalogs:risks.field.reaction', multiline: true, required: false },
  { field: 'controlling', label: 'catalogs:risks.field.controlling', multiline: true, required: false },
] as const

const FLAGS = ['strategic', 'dsgRelevant', 'hasPersonalData', 'hasProtectableData'] as const

export default function EditCatalogEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { entry, themes } = loaderData
  const themeFromFilter = new URLSearchParams(search).get('theme')
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.catalogSchema(themes)))
  const [form, fields] = useForm({
    id: entry ? `risk-catalog-${entry.id}-${entry.version}` : 'risk-catalog-new',
    lastResult: actionData?.result,
    defaultValue: entry
      ? {
          themeId: entry.themeId,
          idkey: entry.idkey,
          ...entryTextValues(TEXTS, entry),
          probability: entry.probability === null ? '' : String(entry.probability),
          severity: entry.severity === null ? '' : String(entry.severity),
          ...Object.fromEntries(FLAGS.map((flag) => [flag, entry[flag] ? 'on' : undefined])),
          tags: entry.tags.join(', '),
        }
      : { themeId: themes.some((th) => th.id === themeFromFilter) ? themeFromFilter : '' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const { value, errors } = fieldReader(fields)
  const levelOptions = [{ value: '', label: '—' }, ...RISK_LEVELS.map((l) => ({ value: String(l), label: String(l) }))]
  const level = (name: 'probability' | 'severity') => (
    <SelectField label={t(`catalogs:risks.field.${name}`)} name={name} defaultValue={value(name) ?? ''} errors={errors(name)} options={levelOptions} />
  )
  return (
    <EntryDialog
      entry={entry}
      form={form}
      fields={fields}
      ns="catalogs:risks"
      list="/app/sadmin/risks"
      texts={TEXTS}
      empty={
        themes.length ? null : (
          <>
            {t('catalogs:risks.noThemes')} <AppLink to="/app/sadmin/risks/themes/new">{t('catalogs:themes.new')}</AppLink>
          </>
        )
      }
      themes={
        <SelectField
          label={t('catalogs:risks.field.theme')}
          name="themeId"
          defaultValue={value('themeId')}
          errors={errors('themeId')}
          isRequired
          options={[{ value: '', label: '—' }, ...themeOptions(themes, i18n.language)]}
        />
      }
      extra={
        <>
          <div className={css.grid2}>
            {level('probability')}
            {level('severity')}
          </div>
          <div className={css.checks}>
            {FLAGS.map((flag) => (
              <CheckboxField key={flag} label={t(`catalogs:risks.field.${flag}`)} name={flag} defaultChecked={value(flag) === 'on'} />
            ))}
          </div>
        </>
      }
    />
  )
}
