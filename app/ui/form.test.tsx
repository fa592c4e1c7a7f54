import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { passThrough } from '#app/utils/lazy-validate.ts'
import { FormController, type FormOptions, getFormProps, getPathValue, normalize, parse, payloadOf, type Submission, serialize, useForm } from './form.ts'

// The state machine runs in node: the DOM glue (events, FormData of a form element, focus) is exercised
// by the Playwright specs with JavaScript on. A form element here only has to have no elements.
const form = { elements: [] } as unknown as HTMLFormElement

const formData = (entries: Record<string, string | string[]>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) data.append(name, v)
  return data
}

/** A validator as `parseWithZod` answers: required fields, errors by name, the form's own under ''. */
const required =
  (...names: string[]) =>
  ({ formData: data }: { formData: FormData }): Submission => {
    const payload = payloadOf(data)
    const error: Record<string, string[]> = {}
    for (const name of names) if (!getPathValue(payload, name)) error[name] = ['required']
    if (data.get('intent') === 'boom') error[''] = ['form-level']
    return Object.keys(error).length ? { status: 'error', payload, error } : { status: 'success', payload, value: payload }
  }

const controller = (options: FormOptions = {}) => new FormController({ id: 'f', ...options })

describe('names and values', () => {
  it('builds the tree of nested names and lists as Conform does', () => {
    const payload = payloadOf(formData({ 'severity[0].size': 'S', 'severity[1].size': 'M', tag: ['a', 'b'], title: '' }))
    expect(payload).toEqual({ severity: [{ size: 'S' }, { size: 'M' }], tag: ['a', 'b'], title: '' })
    expect(getPathValue(payload, 'severity[1].size')).toBe('M')
    expect(getPathValue(payload, 'severity[2].size')).toBeUndefined()
    expect(payloadOf(formData({ '__proto__.x': '1' }))).toEqual({})
  })

  it('normalizes away empty values and serializes defaults like Conform', () => {
    expect(normalize({ a: '', b: null, c: [], d: { e: '' }, f: 'x' })).toEqual({ f: 'x' })
    expect(serialize({ on: true, off: false, n: 3, none: null, list: [{ v: 1 }] })).toEqual({
      on: 'on',
      off: undefined,
      n: '3',
      none: undefined,
      list: [{ v: '1' }],
    })
  })

  it('parse and passThrough: a valid submission the server judges', () => {
    expect(passThrough(formData({ a: '1' }))).toMatchObject({ status: 'success', payload: { a: '1' } })
    expect(parse(formData({}), { resolve: () => ({ error: { a: ['x'] } }) })).toMatchObject({ status: 'error', error: { a: ['x'] } })
  })
})

describe('fields', () => {
  it('gives initial values from defaultValue, normalized, and ids by form and name', () => {
    const c = controller({ defaultValue: { title: 'T', empty: '', enabled: true, version: 2 } })
    const fields = c.fieldset()
    expect(fields.title.initialValue).toBe('T')
    expect(fields.empty.initialValue).toBeUndefined()
    expect(fields.enabled.initialValue).toBe('on')
    expect(fields.version.initialValue).toBe('2')
    expect(fields.title).toMatchObject({ id: 'f-title', name: 'title', errors: undefined })
    expect(c.form()).toMatchObject({ id: 'f', noValidate: true, errors: undefined })
  })

  it('prefers lastResult over defaultValue and shows its errors, the form-level ones under ""', () => {
    const c = controller({
      defaultValue: { title: 'default' },
      lastResult: { status: 'error', initialValue: { title: 'sent' }, error: { title: ['too long'], '': ['stale'] } },
    })
    expect(c.fieldset().title).toMatchObject({ initialValue: 'sent', errors: ['too long'], value: 'sent' })
    expect(c.form().errors).toEqual(['stale'])
  })

  it('lists: getFieldList by the initial list, getFieldset by nested name', () => {
    const c = controller({
      defaultValue: { severity: [{ size: 'S' }, { size: 'M' }] },
      lastResult: { status: 'error', initialValue: { severity: [{ size: 'S' }, {}] }, error: { 'severity[1].size': ['required'] } },
    })
    const list = c.fieldset().severity.getFieldList()
    expect(list).toHaveLength(2)
    expect(list[1]?.getFieldset().size).toMatchObject({ name: 'severity[1].size', id: 'f-severity[1].size', errors: ['required'] })
    expect(list[0]?.getFieldset().size.initialValue).toBe('S')
    expect(controller().fieldset().severity.getFieldList()).toEqual([])
    expect(() =>
      controller({ defaultValue: { a: 'x' } })
        .fieldset()
        .a.getFieldList(),
    ).toThrow()
  })
})

describe('submitting', () => {
  it('stops a submission with errors and shows them; a valid one goes and clears them', () => {
    const c = controller({ onValidate: required('title', 'owner') })
    expect(c.validateSubmission(formData({ title: '', owner: 'x' }), form, null)).toBe(true)
    expect(c.fieldset().title.errors).toEqual(['required'])
    expect(c.fieldset().owner.errors).toBeUndefined()
    expect(c.form().status).toBe('error')
    expect(c.validateSubmission(formData({ title: 't', owner: 'x' }), form, null)).toBe(false)
    expect(c.fieldset().title.errors).toBeUndefined()
  })

  it('form-level errors stop it too', () => {
    const c = controller({ onValidate: required() })
    expect(c.validateSubmission(formData({ intent: 'boom' }), form, null)).toBe(true)
    expect(c.form().errors).toEqual(['form-level'])
  })

  it('goes to the server when no validator is loaded yet (passThrough) or none is given', () => {
    const c = controller({
      onValidate: ({ formData: data }) => passThrough(data),
      lastResult: { status: 'error', initialValue: {}, error: { title: ['from the server'] } },
    })
    expect(c.validateSubmission(formData({ title: '' }), form, null)).toBe(false)
    expect(c.fieldset().title.errors).toBeUndefined()
    expect(controller().validateSubmission(formData({ title: '' }), form, null)).toBe(false)
  })

  it('a validator that does not judge (error null) lets the form go and keeps the errors', () => {
    const c = controller({
      onValidate: ({ formData: data }) => ({ status: undefined, payload: payloadOf(data), error: null }),
      lastResult: { status: 'error', error: { title: ['kept'] } },
    })
    expect(c.validateSubmission(formData({}), form, null)).toBe(false)
    expect(c.fieldset().title.errors).toEqual(['kept'])
  })
})

describe('validating fields', () => {
  it("shouldRevalidate 'onInput': nothing before the first submission, then each input revalidates its field", () => {
    const c = controller({ onValidate: required('title', 'owner'), shouldRevalidate: 'onInput' })
    c.fieldEvent('onInput', 'title', formData({ title: '', owner: '' }), form)
    c.fieldEvent('onBlur', 'title', formData({ title: '', owner: '' }), form)
    expect(c.fieldset().title.errors).toBeUndefined()
    c.validateSubmission(formData({ title: '', owner: '' }), form, null)
    expect(c.fieldset().owner.errors).toEqual(['required'])
    c.fieldEvent('onInput', 'title', formData({ title: 'x', owner: '' }), form)
    expect(c.fieldset().title.errors).toBeUndefined()
    expect(c.fieldset().owner.errors).toEqual(['required'])
    c.fieldEvent('onInput', 'title', formData({ title: '', owner: '' }), form)
    expect(c.fieldset().title.errors).toEqual(['required'])
  })

  it("shouldValidate 'onBlur': a blurred field shows its own errors only, other fields' wait", () => {
    const c = controller({ onValidate: required('title', 'owner'), shouldValidate: 'onBlur' })
    c.fieldEvent('onInput', 'title', formData({ title: '', owner: '' }), form)
    expect(c.fieldset().title.errors).toBeUndefined()
    c.fieldEvent('onBlur', 'title', formData({ title: '', owner: '' }), form)
    expect(c.fieldset().title.errors).toEqual(['required'])
    expect(c.fieldset().owner.errors).toBeUndefined()
    // Revalidation defaults to shouldValidate: on blur again once the value changed, not on input.
    c.fieldEvent('onInput', 'title', formData({ title: 'x', owner: '' }), form)
    expect(c.fieldset().title.errors).toEqual(['required'])
    c.fieldEvent('onBlur', 'title', formData({ title: 'x', owner: '' }), form)
    expect(c.fieldset().title.errors).toBeUndefined()
  })

  it('an input or blur the caller prevented validates nothing, and input updates value', () => {
    const c = controller({ onValidate: required('title'), shouldValidate: 'onInput' })
    c.fieldEvent('onInput', 'title', formData({ title: '' }), form, false)
    expect(c.fieldset().title.errors).toBeUndefined()
    expect(c.fieldset().title.value).toBeUndefined()
    c.fieldEvent('onInput', 'title', formData({ title: 'typed' }), form, false)
    expect(c.fieldset().title.value).toBe('typed')
  })
})

describe('value and rendering again', () => {
  it('value follows input; a render follows only when a value it read changed', () => {
    const c = controller({ defaultValue: { main: 'a', other: 'x' } })
    expect(c.form().id).toBe('f')
    expect(getFormProps(c.form())).toMatchObject({ id: 'f', noValidate: true })
    expect(c.fieldset().main.value).toBe('a')
    const before = c.version
    c.fieldEvent('onInput', 'other', formData({ main: 'a', other: 'y' }), form)
    expect(c.version).toBe(before)
    expect(c.fieldset().other.value).toBe('y')
    c.fieldEvent('onInput', 'main', formData({ main: 'b', other: 'y' }), form)
    expect(c.version).toBe(before + 1)
    expect(c.fieldset().main.value).toBe('b')
    expect(c.fieldset().main.initialValue).toBe('a')
  })
})

describe('lastResult, id and reset', () => {
  it('a new lastResult object replaces the errors; the same object again changes nothing', () => {
    const first = { status: 'error' as const, initialValue: { title: 'a' }, error: { title: ['one'] } }
    const c = controller({ lastResult: first, onValidate: required('title') })
    c.validateSubmission(formData({ title: '' }), form, null)
    c.update({ id: 'f', lastResult: first })
    expect(c.fieldset().title.errors).toEqual(['required'])
    c.update({ id: 'f', lastResult: { status: 'error', initialValue: { title: 'b' }, error: { '': ['conflict'] } } })
    expect(c.fieldset().title.errors).toBeUndefined()
    expect(c.form().errors).toEqual(['conflict'])
    // The initial values stay those the form started with (the inputs keep what was typed).
    expect(c.fieldset().title.initialValue).toBe('a')
    expect(c.fieldset().title.value).toBe('b')
    c.update({ id: 'f', lastResult: { status: 'success', initialValue: { title: 'b' } } })
    expect(c.form().errors).toBeUndefined()
  })

  it('a reply with resetForm (initialValue null) and a new id start afresh from defaultValue', () => {
    const c = controller({ defaultValue: { title: 'd' }, lastResult: { status: 'error', initialValue: { title: 'x' }, error: { title: ['e'] } } })
    c.update({ id: 'f', defaultValue: { title: 'd' }, lastResult: { initialValue: null } })
    expect(c.fieldset().title).toMatchObject({ initialValue: 'd', errors: undefined })
    const d = controller({ defaultValue: { title: 'v1' }, lastResult: { status: 'error', initialValue: { title: 'x' }, error: { title: ['e'] } } })
    d.update({ id: 'g', defaultValue: { title: 'v2' }, lastResult: { status: 'error', error: { title: ['ignored'] } } })
    expect(d.fieldset().title).toMatchObject({ id: 'g-title', initialValue: 'v2', errors: undefined })
  })

  it('reset forgets errors, validated fields and lastResult', () => {
    const c = controller({ defaultValue: { title: 'd' }, onValidate: required('title'), shouldRevalidate: 'onInput' })
    c.validateSubmission(formData({ title: '' }), form, null)
    c.reset()
    expect(c.fieldset().title.errors).toBeUndefined()
    c.fieldEvent('onInput', 'title', formData({ title: '' }), form)
    expect(c.fieldset().title.errors).toBeUndefined()
  })
})

describe('useForm on the server', () => {
  function Page({ lastResult }: { lastResult?: FormOptions['lastResult'] }) {
    const [f, fields] = useForm({ id: 'profile', lastResult, defaultValue: { name: 'Ada' }, shouldRevalidate: 'onInput' })
    return (
      <form {...getFormProps(f)}>
        <p>{f.errors?.join()}</p>
        <input name={fields.name.name} id={fields.name.id} defaultValue={fields.name.initialValue as string} />
        <span>{fields.name.errors?.join()}</span>
      </form>
    )
  }

  it('renders the id, noValidate, initial values and the errors of lastResult', () => {
    const plain = renderToString(<Page />)
    expect(plain).toMatch(/^<form id="profile" noValidate="">/)
    expect(plain).not.toContain('aria-describedby')
    expect(plain).toContain('id="profile-name"')
    expect(plain).toContain('value="Ada"')
    const html = renderToString(<Page lastResult={{ status: 'error', initialValue: { name: 'Bob' }, error: { '': ['locked'], name: ['taken'] } }} />)
    expect(html).toContain('aria-describedby="profile-error"')
    expect(html).toContain('<p>locked</p>')
    expect(html).toContain('value="Bob"')
    expect(html).toContain('<span>taken</span>')
  })
})
