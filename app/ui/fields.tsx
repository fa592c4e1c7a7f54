import { type ReactNode, useId } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import * as css from './ui.css.ts'

/** Messages come as i18n keys from the shared zod schemas; this shows them in the user's language. */
function useErrorText(errors: string[] | undefined, values?: Record<string, string>) {
  const { t } = useTranslation()
  return errors?.length ? errors.map((e) => t(e, values)).join(' ') : undefined
}

type Common = {
  label: ReactNode
  name: string
  errors?: string[]
  description?: ReactNode
  isRequired?: boolean
  className?: string
}

/** The ids a field's hint and error carry, for aria-describedby. */
function describedByOf(id: string, message: string | undefined | null, description: ReactNode) {
  return [message ? `${id}-error` : null, description ? `${id}-desc` : null].filter(Boolean).join(' ') || undefined
}

/** A field's hint and error below it, with the ids describedByOf names. */
function FieldNotes({ id, description, message }: { id: string; description?: ReactNode; message?: string | null }) {
  return (
    <>
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
    </>
  )
}

/**
 * A native, uncontrolled input with label, hint and error wired for screen
 * readers. Uncontrolled on purpose: what a user typed before the page
 * hydrated must survive hydration (react-aria's TextField is controlled and
 * would reset it), and without JavaScript it is a plain form field.
 */
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
  className,
  inputMode,
}: Common & {
  defaultValue?: string
  type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'date' | 'number' | 'search'
  autoComplete?: string
  multiline?: boolean
  rows?: number
  id?: string
  inputMode?: 'numeric' | 'text'
}) {
  const generated = useId()
  const inputId = id ?? generated
  const message = useErrorText(errors)
  const describedBy = describedByOf(inputId, message, description)
  const common = {
    id: inputId,
    name,
    defaultValue: defaultValue ?? '',
    className: css.input,
    'aria-invalid': message ? true : undefined,
    'aria-required': isRequired || undefined,
    'aria-describedby': describedBy,
    autoComplete,
  } as const
  return (
    <div className={[css.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={css.label}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? <textarea {...common} rows={rows ?? 4} /> : <input {...common} type={type} inputMode={inputMode} />}
      <FieldNotes id={inputId} description={description} message={message} />
    </div>
  )
}

/**
 * A native file input: uploads work without JavaScript too (the form needs encType multipart/form-data,
 * its file inputs last: the server reads the fields before the files). `values` fill the messages (the limit).
 */
export function FileField({
  label,
  name,
  errors,
  description,
  accept,
  multiple,
  values,
}: Common & { accept: string; multiple?: boolean; values?: Record<string, string> }) {
  const inputId = useId()
  const message = useErrorText(errors, values)
  const describedBy = describedByOf(inputId, message, description)
  return (
    <div className={css.field}>
      <label htmlFor={inputId} className={css.label}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldNotes id={inputId} description={description} message={message} />
    </div>
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
        // React applies a select's default only when it mounts: a new default (saved data) mounts it afresh.
        key={defaultValue ?? ''}
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
      <FieldNotes id={id} description={description} message={message} />
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
