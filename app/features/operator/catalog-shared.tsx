import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import { LANGS } from './catalog/options.ts'
import * as css from '#app/ui/catalog-editor.css.ts'

/*
 * The dialogs the operator's two catalogues share. Texts come in translated
 * from the route, so every key stays written out where it is used.
 */

type Theme = { id: string; version: number; leadingNumber: string; nameDe: string; nameFr: string; nameEn: string }

type FieldState = { initialValue?: unknown; errors?: string[] }
type LanguageText = { field: string; label: string; multiline?: boolean; required?: boolean }

/**
 * Texts kept once per catalogue language (titleDe, titleFr, titleEn, …): a column per language,
 * a row per text, each field labelled with its text and language.
 */
export function LanguageFields({ legend, texts, fields }: { legend: string; texts: readonly LanguageText[]; fields: Record<string, FieldState | undefined> }) {
  const { t } = useTranslation()
  return (
    <fieldset className={css.fieldset}>
      <legend className={css.legend}>{legend}</legend>
      <div className={css.languages}>
        {LANGS.map((l) => (
          <div key={l.code} className={css.languageHead} aria-hidden="true" lang={l.code}>
            {t(`language.${l.code}`)}
          </div>
        ))}
        {texts.flatMap((text) =>
          LANGS.map((l) => {
            const name = `${text.field}${l.suffix}`
            return (
              <TextField
                key={name}
                label={
                  <>
                    {text.label}
                    <span className={css.languageInLabel}> ({t(`language.${l.code}`)})</span>
                  </>
                }
                name={name}
                multiline={text.multiline}
                rows={text.multiline ? 4 : undefined}
                defaultValue={fields[name]?.initialValue as string | undefined}
                errors={fields[name]?.errors}
                isRequired={text.required}
              />
            )
          }),
        )}
      </div>
    </fieldset>
  )
}

/** A name per catalogue language (nameDe, nameFr, nameEn). */
export function NameFields({ legend, fields }: { legend: string; fields: Record<string, FieldState | undefined> }) {
  return <LanguageFields legend={legend} texts={[{ field: 'name', label: legend, required: true }]} fields={fields} />
}

/** New or edit theme (risk theme, ICS main process): the two-character leading number and a name per language. */
export function ThemeDialog(props: {
  theme: Theme | null
  lastResult: SubmissionResult<string[]> | undefined
  formId: string
  closeTo: string
  texts: { title: string; leadingNumber: string; leadingNumberHint: string; name: string }
}) {
  const { t } = useTranslation()
  const { theme, texts } = props
  const onValidate = useLazyValidate(() => import('./risk-catalog/schema.ts').then((m) => m.themeSchema))
  const [form, fields] = useForm({
    id: theme ? `${props.formId}-${theme.id}-${theme.version}` : `${props.formId}-new`,
    lastResult: props.lastResult,
    defaultValue: theme ? { leadingNumber: theme.leadingNumber, nameDe: theme.nameDe, nameFr: theme.nameFr, nameEn: theme.nameEn } : undefined,
    onValidate: onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={texts.title} closeTo={props.closeTo}>
      <Form method="post" {...getFormProps(form)} className={css.wideForm} preventScrollReset>
        <FormErrors errors={form.errors} />
        {theme ? <input type="hidden" name="version" value={theme.version} /> : null}
        <TextField
          label={texts.leadingNumber}
          name="leadingNumber"
          defaultValue={value('leadingNumber')}
          errors={fields.leadingNumber.errors}
          description={texts.leadingNumberHint}
          isRequired
        />
        <NameFields legend={texts.name} fields={fields} />
        <FormActions>
          <Button type="submit">{theme ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}

/** Asks before a catalogue entry is deactivated (no longer offered for adoption) or activated again. */
export function ToggleEntryDialog(props: {
  entry: { active: boolean; version: number }
  lastResult: unknown
  closeTo: string
  texts: { title: string; question: ReactNode; confirm: string }
}) {
  const errors = (props.lastResult as { error?: Record<string, string[]> } | undefined)?.error?.['']
  const activate = !props.entry.active
  return (
    <RouteDialog title={props.texts.title} closeTo={props.closeTo}>
      <Form method="post" preventScrollReset>
        <FormErrors errors={errors} />
        <p>{props.texts.question}</p>
        <input type="hidden" name="version" value={props.entry.version} />
        <input type="hidden" name="active" value={activate ? 'true' : 'false'} />
        <FormActions>
          <Button type="submit" variant={activate ? 'primary' : 'danger'}>
            {props.texts.confirm}
          </Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
