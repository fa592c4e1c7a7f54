import { getFormProps, useForm } from '#app/ui/form.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import type { z } from 'zod'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'

/** A field of the dialog: its name, its value as last sent and its errors. */
export type DialogField = { name: string; defaultValue: string | undefined; errors: string[] | undefined }

/** A choice of the dialog, which may be left empty. */
export function PickField({
  label,
  options,
  isRequired,
  ...field
}: DialogField & { label: string; options: { value: string; label: string }[]; isRequired?: boolean }) {
  return <SelectField label={label} {...field} isRequired={isRequired} options={[{ value: '', label: '—' }, ...options]} />
}

/**
 * The dialog that adds an individual record from the catalogue page: the theme, what the tool
 * adds after it, title, description and what the tool adds after them.
 */
export function IndividualDialog({
  ns,
  id,
  theme,
  loadSchema,
  lastResult,
  defaultValue,
  before,
  after,
}: {
  /** The tool's messages namespace, also its path under `/app`. */
  ns: string
  id: string
  /** The required choice of the theme the record is filed under. */
  theme: { name: string; label: string; themes: { id: string; leadingNumber: string; name: string }[] }
  /** The form's schema, loaded when the form is first touched (app/utils/lazy-validate.ts). */
  loadSchema: () => Promise<z.ZodType>
  lastResult: unknown
  defaultValue?: Record<string, string>
  before?: (field: (name: string) => DialogField) => ReactNode
  after?: (field: (name: string) => DialogField) => ReactNode
}) {
  const { t } = useTranslation()
  const onValidate = useLazyValidate(loadSchema)
  const [form, fields] = useForm({
    id,
    lastResult: lastResult as never,
    defaultValue,
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const f = fields as Record<string, { initialValue?: unknown; errors?: string[] }>
  const field = (name: string): DialogField => ({ name, defaultValue: f[name]?.initialValue as string | undefined, errors: f[name]?.errors })
  return (
    <RouteDialog title={t(`${ns}:catalog.addIndividual`)} closeTo={`/app/${ns}/catalog`}>
      <p>{t(`${ns}:catalog.individualIntro`)}</p>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        <PickField
          label={theme.label}
          {...field(theme.name)}
          isRequired
          options={theme.themes.map((th) => ({ value: th.id, label: `${th.leadingNumber} ${th.name}` }))}
        />
        {before?.(field)}
        <TextField label={t(`${ns}:field.title`)} {...field('title')} isRequired />
        <TextField label={t(`${ns}:field.description`)} {...field('description')} multiline rows={4} />
        {after?.(field)}
        <FormActions>
          <Button type="submit">{t('action.create')}</Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
