import { Form, useLocation } from 'react-router'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import * as css from '#app/ui/catalog-editor.css.ts'
import { Alert, CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { KRI_COMPUTED, KRI_DIRECTIONS, KRI_UNITS } from '#models/core/constants.ts'
import { LanguageFields } from '../catalog-shared.tsx'
import { entryAction, entryOrNull } from '../catalog-shared.server.ts'
import { entryTextValues, fieldReader } from '../catalog/pages.tsx'
import type { Route } from './+types/edit'
import { createKriEntry, getKriEntry, type KriEntryInput, updateKriEntry } from './catalog.server.ts'
import { LIST, TEXTS } from './options.ts'
import { kriEntrySchema } from './schema.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  return { entry: await entryOrNull(request, access, params.id, getKriEntry) }
}

/** Saves a new or edited entry (its version posted with the form) and goes back to the list with its filters. */
export const action = (args: Route.ActionArgs) =>
  entryAction<KriEntryInput>(args, kriEntrySchema, { get: getKriEntry, create: createKriEntry, update: updateKriEntry }, LIST)

/** A stored bound ("110.0000") as the form shows it ("110"). */
const bound = (v: string | null) => (v === null ? '' : String(Number(v)))

export default function EditKriEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { entry } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.kriEntrySchema))
  const [form, fields] = useForm({
    id: entry ? `kri-catalog-${entry.id}-${entry.version}` : 'kri-catalog-new',
    lastResult: actionData?.result,
    defaultValue: entry
      ? {
          ...entryTextValues(TEXTS, entry),
          legalBasis: entry.legalBasis,
          unit: entry.unit,
          direction: entry.direction,
          computed: entry.computed ?? '',
          defaultAmber: bound(entry.defaultAmber),
          defaultRed: bound(entry.defaultRed),
          sort: String(entry.sort),
          active: entry.active ? 'on' : undefined,
        }
      : { unit: 'percent', direction: 'higher', computed: '', sort: '1000', active: 'on' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const { value, errors } = fieldReader(fields)
  // A fund follows the entry: what its values and thresholds mean stays as it is.
  const locked = Boolean(entry?.inUse)
  const kind = (name: 'unit' | 'direction' | 'computed', options: { value: string; label: string }[]) =>
    locked ? (
      <div>
        <input type="hidden" name={name} value={value(name) ?? ''} />
        <p className={css.muted}>
          {t(`catalogs:kris.field.${name}`)}: {options.find((o) => o.value === (value(name) ?? ''))?.label}
        </p>
      </div>
    ) : (
      <SelectField
        label={t(`catalogs:kris.field.${name}`)}
        name={name}
        defaultValue={value(name) ?? ''}
        errors={errors(name)}
        isRequired={name !== 'computed'}
        options={options}
      />
    )
  return (
    <RouteDialog title={entry ? t('catalogs:kris.editTitle', { key: entry.key }) : t('catalogs:kris.new')} closeTo={`${LIST}${search}`}>
      <Form method="post" {...getFormProps(form)} className={css.wideForm} preventScrollReset>
        <FormErrors errors={form.errors} />
        {entry ? <input type="hidden" name="version" value={entry.version} /> : null}
        {entry && !entry.active ? <Alert tone="warning">{t('catalogs:kris.inactiveHint')}</Alert> : null}
        <div className={css.grid2}>
          {entry ? (
            <p>
              {t('catalogs:kris.field.key')}: <code>{entry.key}</code>
              <br />
              <span className={css.muted}>{t('catalogs:kris.field.keyFixed')}</span>
            </p>
          ) : (
            <TextField
              label={t('catalogs:kris.field.key')}
              name="key"
              defaultValue={value('key')}
              errors={errors('key')}
              description={t('catalogs:kris.field.keyHint')}
              isRequired
            />
          )}
          <TextField
            label={t('catalogs:kris.field.sort')}
            name="sort"
            defaultValue={value('sort')}
            errors={errors('sort')}
            description={t('catalogs:kris.field.sortHint')}
            isRequired
          />
        </div>
        <LanguageFields legend={t('catalogs:kris.texts')} texts={TEXTS.map((x) => ({ ...x, label: t(x.label) }))} fields={fields} />
        <TextField
          label={t('catalogs:kris.field.legalBasis')}
          name="legalBasis"
          defaultValue={value('legalBasis')}
          errors={errors('legalBasis')}
          description={t('catalogs:kris.field.legalBasisHint')}
        />
        {locked ? <Alert tone="info">{t('catalogs:kris.lockedHint')}</Alert> : null}
        <div className={css.grid2}>
          {kind(
            'unit',
            KRI_UNITS.map((u) => ({ value: u, label: t(`catalogs:kris.unit.${u}`) })),
          )}
          {kind(
            'direction',
            KRI_DIRECTIONS.map((d) => ({ value: d, label: t(`kri:direction.${d}`) })),
          )}
          {kind('computed', [
            { value: '', label: t('catalogs:kris.computed.none') },
            ...KRI_COMPUTED.map((c) => ({ value: c, label: t(`catalogs:kris.computed.${c}`) })),
          ])}
        </div>
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t('catalogs:kris.field.defaults')}</legend>
          <p className={css.muted}>{t('catalogs:kris.field.defaultsHint')}</p>
          <div className={css.grid2}>
            <TextField label={t('catalogs:kris.field.defaultAmber')} name="defaultAmber" defaultValue={value('defaultAmber')} errors={errors('defaultAmber')} />
            <TextField label={t('catalogs:kris.field.defaultRed')} name="defaultRed" defaultValue={value('defaultRed')} errors={errors('defaultRed')} />
          </div>
        </fieldset>
        <CheckboxField label={t('catalogs:kris.field.active')} name="active" defaultChecked={value('active') === 'on'} />
        <FormActions>
          <Button type="submit">{entry ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
