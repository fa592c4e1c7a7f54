import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components'
import * as css from './ui.css.ts'

/** Messages come as i18n keys from the shared zod schemas; this shows them in the user's language. */
export function useErrorText(errors: string[] | undefined) {
  const { t } = useTranslation()
  return errors?.length ? errors.map((e) => t(e)).join(' ') : undefined
}

type Common = {
  label: ReactNode
  name: string
  errors?: string[]
  description?: ReactNode
  isRequired?: boolean
  className?: string
}

export function TextField({
  label,
  name,
  errors,
  description,
  isRequired,
  defaultValue,
  type = 'text',
  autoComplete,
  multiline,
  rows,
  id,
  ...rest
}: Common & {
  defaultValue?: string
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'date' | 'number' | 'search'
  autoComplete?: string
  multiline?: boolean
  rows?: number
  id?: string
  inputMode?: 'numeric' | 'text'
}) {
  const message = useErrorText(errors)
  return (
    <AriaTextField
      name={name}
      type={type}
      defaultValue={defaultValue ?? ''}
      isInvalid={Boolean(message)}
      isRequired={isRequired}
      validationBehavior="aria"
      autoComplete={autoComplete}
      className={[css.field, rest.className].filter(Boolean).join(' ')}
      id={id}
    >
      <Label className={css.label}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </Label>
      {multiline ? <TextArea className={css.input} rows={rows ?? 4} /> : <Input className={css.input} inputMode={rest.inputMode} />}
      {description ? (
        <Text slot="description" className={css.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={css.error}>{message}</FieldError>
    </AriaTextField>
  )
}

/** A native select: it works on every browser, also without JavaScript. */
export function SelectField({
  label,
  name,
  errors,
  description,
  isRequired,
  defaultValue,
  options,
  className,
}: Common & { defaultValue?: string; options: { value: string; label: string }[] }) {
  const id = useId()
  const message = useErrorText(errors)
  return (
    <div className={[css.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={css.label}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ''}
        className={css.input}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : description ? `${id}-desc` : undefined}
        aria-required={isRequired || undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {description ? (
        <span id={`${id}-desc`} className={css.description}>
          {description}
        </span>
      ) : null}
      {message ? (
        <span id={`${id}-error`} className={css.error}>
          {message}
        </span>
      ) : null}
    </div>
  )
}

/** A native checkbox, so its state is visible and posted without JavaScript. */
export function CheckboxField({ label, name, defaultChecked, errors }: Common & { defaultChecked?: boolean }) {
  const id = useId()
  const message = useErrorText(errors)
  return (
    <div>
      <div className={css.checkboxRow}>
        <input type="checkbox" id={id} name={name} value="on" defaultChecked={defaultChecked} aria-invalid={message ? true : undefined} />
        <label htmlFor={id}>{label}</label>
      </div>
      {message ? <span className={css.error}>{message}</span> : null}
    </div>
  )
}

export function FormErrors({ errors }: { errors?: string[] }) {
  const message = useErrorText(errors)
  if (!message) return null
  return (
    <div role="alert" className={css.alert.error}>
      {message}
    </div>
  )
}

export function Alert({ tone = 'info', children }: { tone?: keyof typeof css.alert; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={css.alert[tone]}>
      {children}
    </div>
  )
}
