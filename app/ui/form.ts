import { type FormEvent, useEffect, useId, useLayoutEffect, useState, useSyncExternalStore } from 'react'

/*
 * The browser side of the app's forms, in place of Conform's `useForm` (decision 0025): the part of
 * `@conform-to/react` this app uses, with Conform's semantics, without its client runtime (9.6 KB).
 * The server keeps Conform (`parseWithZod`, `submission.reply()`); what its `reply()` returns
 * (`{ status, initialValue, error, state, fields }`) is this module's `lastResult`.
 *
 * - `getFormProps(form)`: `id`, `onSubmit` and `noValidate` (the server validates; no native bubbles).
 * - On submit the form runs `onValidate`: errors stop the submission and show; a valid submission, or
 *   one no validator judged yet (`passThrough`), goes to the server and clears the errors.
 * - `shouldValidate` ('onSubmit' by default, 'onBlur', 'onInput') says when a field not yet validated
 *   is, `shouldRevalidate` (default: `shouldValidate`) when a validated one is again; a field is
 *   validated once it was checked on its own or the form was submitted.
 * - A new `lastResult` object replaces the errors; a new `id` or a `reset` of the form starts afresh
 *   from `defaultValue`. Errors are by field name (`severity[0].size`), the form's own under ''.
 * - `fields.<name>`: `id`, `name`, `errors`, `initialValue` (`lastResult`'s values, else `defaultValue`),
 *   `value` (the current value), `getFieldList()` and `getFieldset()` for lists and objects.
 */

export type FormErrorMap = Record<string, string[]>

/** What the server's `submission.reply()` returns (Conform's `SubmissionResult`). */
export type SubmissionResult<FormError = string[]> = {
  status?: 'error' | 'success'
  intent?: unknown
  initialValue?: Record<string, unknown> | null
  fields?: string[]
  error?: Record<string, FormError | null>
  state?: { validated: Record<string, boolean> }
}

/** What `onValidate` returns: Conform's `Submission` (from `parseWithZod`) or `parse`'s. */
export type Submission<_Shape = unknown> =
  | { status: 'success'; payload: Record<string, unknown>; value: unknown }
  | { status: 'error' | undefined; payload: Record<string, unknown>; error: Record<string, string[] | null> | null }

type When = 'onSubmit' | 'onBlur' | 'onInput'

export type FormOptions<Shape = unknown> = {
  id?: string
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: unknown
  onValidate?: (context: { form: HTMLFormElement; formData: FormData; submitter: HTMLElement | null }) => Submission<Shape>
  shouldValidate?: When
  shouldRevalidate?: When
}

export type FieldMetadata = {
  id: string
  name: string
  formId: string
  errorId: string
  descriptionId: string
  errors: string[] | undefined
  initialValue: unknown
  value: unknown
  getFieldList(): FieldMetadata[]
  getFieldset(): Record<string, FieldMetadata>
}

export type FormMetadata<_Shape = unknown, _FormError = string[]> = Omit<FieldMetadata, 'formId' | 'getFieldList'> & {
  status: 'error' | 'success' | undefined
  noValidate: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}

// ---- names and values --------------------------------------------------------------------------

type Segment = string | number

/** `severity[0].size` -> ['severity', 0, 'size']; a name with a prototype's key gives null. */
export function parsePath(name: string): Segment[] | null {
  const segments: Segment[] = []
  for (const [, key, index] of name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return null
    segments.push(key ?? Number(index))
  }
  return segments
}

export function getPathValue(target: unknown, name: string): unknown {
  let pointer = target
  for (const segment of parsePath(name) ?? []) {
    if (pointer === null || typeof pointer !== 'object' || !Object.hasOwn(pointer, segment)) return undefined
    pointer = (pointer as Record<Segment, unknown>)[segment]
  }
  return pointer
}

/** Whether `name` is `prefix` or lies within it (`a[0].b` within `a` and `a[0]`). */
function isWithin(name: string, prefix: string) {
  const full = parsePath(name) ?? []
  const base = parsePath(prefix) ?? []
  return base.length <= full.length && base.every((s, i) => s === full[i])
}

/** The form's values as a tree, a name given twice as a list (Conform's payload). */
export function payloadOf(formData: FormData): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const [name, next] of formData.entries()) {
    const path = parsePath(name)
    if (!path?.length) continue
    let pointer = payload as Record<Segment, unknown>
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        const prev = pointer[segment]
        pointer[segment] = prev === undefined ? next : Array.isArray(prev) ? prev.concat(next) : [prev, next]
      } else {
        const child = pointer[segment]
        const next = child !== null && typeof child === 'object' ? child : typeof path[i + 1] === 'number' ? [] : {}
        pointer[segment] = next
        pointer = next as Record<Segment, unknown>
      }
    })
  }
  return payload
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype

/** Empty strings, nulls, empty files, lists and objects removed (Conform's `normalize`). */
export function normalize(value: unknown): unknown {
  if (isPlain(value)) {
    const entries = Object.entries(value)
      .map(([key, v]) => [key, normalize(v)] as const)
      .filter(([, v]) => v !== undefined)
    return entries.length ? Object.fromEntries(entries) : undefined
  }
  if (Array.isArray(value)) return value.length ? value.map(normalize) : undefined
  if (value === '' || value === null || (typeof File !== 'undefined' && value instanceof File && value.size === 0)) return undefined
  return value
}

/** A default value as a form holds it: texts, `'on'` for true (Conform's `serialize`). */
export function serialize(value: unknown): unknown {
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, serialize(v)]))
  if (Array.isArray(value)) return value.map(serialize)
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 'on' : undefined
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString()
  return value ?? undefined
}

/** Conform's `parse`: the form's values, judged by `resolve`. */
export function parse(
  formData: FormData,
  options: { resolve: (payload: Record<string, unknown>) => { value?: unknown; error?: Record<string, string[] | null> | null } },
): Submission {
  const payload = payloadOf(formData)
  const { value, error } = options.resolve(payload)
  return error === undefined ? { status: 'success', payload, value } : { status: 'error', payload, error }
}

// ---- the form's state --------------------------------------------------------------------------

export type FormState = {
  status: 'error' | 'success' | undefined
  initialValue: unknown
  /** The current values: what was last validated, or typed since. */
  value: unknown
  error: FormErrorMap
  validated: Record<string, boolean>
  /** A value changed since the last validation (for `shouldRevalidate: 'onBlur'`). */
  isValueUpdated: boolean
}

type Result = {
  status?: 'error' | 'success'
  initialValue?: unknown
  error?: Record<string, string[] | null>
  state?: { validated?: Record<string, boolean> }
  fields?: string[]
}

/** The state a form starts with: from `lastResult` when it has one (not when `reset`), else `defaultValue`. */
export function initialState(options: FormOptions<unknown>, reset = false): FormState {
  const last = reset ? undefined : (options.lastResult ?? undefined)
  const initialValue = normalize(last?.initialValue ?? serialize(options.defaultValue ?? {}))
  const error: FormErrorMap = {}
  for (const [name, errors] of Object.entries(last?.error ?? {})) if (errors) error[name] = errors
  const validated = { ...last?.state?.validated }
  for (const name of [...Object.keys(error), ...(last?.fields ?? [])]) validated[name] = true
  return { status: last?.status, initialValue, value: initialValue, error, validated, isValueUpdated: false }
}

/**
 * A result applied (Conform's `report`): the errors it names replace the form's (null keeps a field's
 * old one). After a submission (`field` undefined) every field it had is validated; after one field's
 * validation that field is, and only validated fields keep errors.
 */
export function applyResult(state: FormState, result: Result, field?: string): FormState {
  const error: FormErrorMap = {}
  for (const [name, next] of Object.entries(result.error ?? {})) {
    const errors = next === null ? state.error[name] : next
    if (errors) error[name] = errors
  }
  const validated = { ...state.validated, ...result.state?.validated }
  const fields = result.fields ?? []
  if (field === undefined) {
    for (const name of [...Object.keys(error), ...fields]) validated[name] = true
  } else {
    validated[field] = true
    const within = fields.filter((name) => validated[name])
    for (const name of Object.keys(error)) if (!validated[name] && !within.some((f) => isWithin(name, f))) delete error[name]
  }
  return {
    ...state,
    status: result.status,
    value: result.initialValue !== undefined ? result.initialValue : state.value,
    validated,
    error,
    isValueUpdated: false,
  }
}

/** A validator's submission as a result: its errors (none when valid), or null when it did not judge. */
export function resultOf(submission: Submission, formData: FormData): Result | null {
  const error = submission.status === 'success' ? undefined : submission.error
  if (error === null) return null
  return { status: error ? 'error' : undefined, initialValue: normalize(submission.payload) ?? {}, error, fields: [...new Set(formData.keys())] }
}

/** Whether an event on a field validates it (Conform's `willValidate`). */
export function willValidate(state: FormState, options: FormOptions<unknown>, name: string, event: 'onInput' | 'onBlur') {
  const { shouldValidate = 'onSubmit', shouldRevalidate = shouldValidate } = options
  return state.validated[name] ? shouldRevalidate === event && (event === 'onInput' || state.isValueUpdated) : shouldValidate === event
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

const isField = (element: unknown): element is Field =>
  element instanceof HTMLSelectElement ||
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && element.type !== 'submit' && element.type !== 'button' && element.type !== 'reset')

/** One form's state and its handlers; `useForm` renders from it. The DOM is touched only by the handlers. */
export class FormController {
  state: FormState
  options: FormOptions<unknown> & { id: string }
  version = 0
  /** The names whose `value` a render read: a change of them renders again, other typing does not. */
  watched = new Set<string>()
  private listeners = new Set<() => void>()

  constructor(options: FormOptions<unknown> & { id: string }) {
    this.options = { ...options }
    this.state = initialState(options)
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
  getVersion = () => this.version

  private set(state: FormState, render = true) {
    this.state = state
    if (!render) return
    this.version++
    for (const listener of this.listeners) listener()
  }

  /** New options from a render: a new id starts afresh, a new `lastResult` is applied. */
  update(options: FormOptions<unknown> & { id: string }) {
    const { id, lastResult } = this.options
    Object.assign(this.options, options)
    if (options.id !== id) this.reset()
    else if (options.lastResult && options.lastResult !== lastResult) this.report(options.lastResult, globalThis.document?.forms.namedItem(id))
  }

  reset() {
    this.set(initialState(this.options, true))
  }

  private report(result: Result, form?: HTMLFormElement | null) {
    if (result.initialValue === null) return this.reset()
    this.set(applyResult(this.state, result))
    if (form && result.status === 'error') {
      for (const element of form.elements) {
        if (isField(element) && this.state.error[element.name]) {
          element.focus()
          break
        }
      }
    }
  }

  /** Validates a submission; true when it must not go to the server. */
  validateSubmission(formData: FormData, form: HTMLFormElement, submitter: HTMLElement | null): boolean {
    const { onValidate } = this.options
    if (!onValidate) return false
    const result = resultOf(onValidate({ form, formData, submitter }), formData)
    if (!result) return false
    this.report(result, form)
    return result.status === 'error'
  }

  /** A field's input or blur: validates it when the options say so, else an input notes its value. */
  fieldEvent(event: 'onInput' | 'onBlur', name: string, formData: FormData, form: HTMLFormElement, mayValidate = true) {
    const { onValidate } = this.options
    if (onValidate && mayValidate && willValidate(this.state, this.options, name, event)) {
      const result = resultOf(onValidate({ form, formData, submitter: null }), formData)
      if (result) this.set(applyResult(this.state, { ...result, status: undefined }, name))
    } else if (event === 'onInput') {
      const value = normalize(payloadOf(formData)) ?? {}
      const changed = [...this.watched].some((n) => JSON.stringify(getPathValue(value, n)) !== JSON.stringify(getPathValue(this.state.value, n)))
      this.set({ ...this.state, value, isValueUpdated: true }, changed)
    }
  }

  onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const formData = new FormData(form, submitter)
    if (this.validateSubmission(formData, form, submitter)) event.preventDefault()
  }

  private target(event: Event) {
    const element = event.target
    return isField(element) && element.name && element.form?.isConnected && element.form.id === this.options.id ? element : null
  }

  onInput = (event: Event) => {
    const element = this.target(event)
    if (element?.form) this.fieldEvent('onInput', element.name, new FormData(element.form), element.form, !event.defaultPrevented)
  }
  onBlur = (event: Event) => {
    const element = this.target(event)
    if (element?.form && !event.defaultPrevented) this.fieldEvent('onBlur', element.name, new FormData(element.form), element.form)
  }
  onReset = (event: Event) => {
    if (event.target instanceof HTMLFormElement && event.target.id === this.options.id && !event.defaultPrevented) this.reset()
  }

  field(name: string): FieldMetadata {
    const controller = this
    const id = name ? `${this.options.id}-${name}` : this.options.id
    const { state } = this
    return {
      id,
      name,
      formId: this.options.id,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: state.error[name],
      initialValue: getPathValue(state.initialValue, name),
      get value() {
        controller.watched.add(name)
        return getPathValue(controller.state.value, name)
      },
      getFieldList() {
        const list = getPathValue(state.initialValue, name) ?? []
        if (!Array.isArray(list)) throw new Error(`The initial value of ${name} is not a list`)
        return list.map((_, i) => controller.field(`${name}[${i}]`))
      },
      getFieldset: () => this.fieldset(name),
    }
  }

  fieldset(prefix = ''): Record<string, FieldMetadata> {
    return new Proxy({} as Record<string, FieldMetadata>, {
      get: (_, key) => (typeof key === 'string' ? this.field(prefix ? `${prefix}.${key}` : key) : undefined),
    })
  }

  form(): FormMetadata {
    const f = this.field('')
    // Not spread: that would read `value` and render again on every input.
    const { id, name, errorId, descriptionId, errors, initialValue, getFieldset } = f
    return {
      id,
      name,
      errorId,
      descriptionId,
      errors,
      initialValue,
      get value() {
        return f.value
      },
      getFieldset,
      status: this.state.status,
      noValidate: true,
      onSubmit: this.onSubmit,
    }
  }
}

// ---- the hook ----------------------------------------------------------------------------------

const useSafeLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/** Conform's `useForm`: the form's metadata and its fields by name. */
export function useForm<Shape = unknown>(options: FormOptions<Shape>): [FormMetadata<Shape>, Record<string, FieldMetadata>] {
  const fallbackId = useId()
  const id = options.id ?? fallbackId
  const all = { ...(options as FormOptions<unknown>), id }
  const [controller] = useState(() => new FormController(all))
  useSyncExternalStore(controller.subscribe, controller.getVersion, controller.getVersion)
  useSafeLayoutEffect(() => {
    document.addEventListener('input', controller.onInput)
    document.addEventListener('focusout', controller.onBlur)
    document.addEventListener('reset', controller.onReset)
    return () => {
      document.removeEventListener('input', controller.onInput)
      document.removeEventListener('focusout', controller.onBlur)
      document.removeEventListener('reset', controller.onReset)
    }
  }, [controller])
  useSafeLayoutEffect(() => controller.update(all))
  return [controller.form(), controller.fieldset()]
}

/** Conform's `getFormProps`: the form's id, its submit handler, no native validation. */
export function getFormProps(form: FormMetadata) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate, 'aria-describedby': form.errors ? form.errorId : undefined }
}
