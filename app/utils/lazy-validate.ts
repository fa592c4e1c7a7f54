import { parse, type Submission } from '#app/ui/form.ts'
import { useEffect, useRef } from 'react'
import type { ZodType } from 'zod'

type Validate = (formData: FormData) => Submission<unknown>

const EVENTS = ['focusin', 'pointerdown', 'keydown'] as const
/** Whether zod has been fetched already: then a form loads its schema at once. */
let warm = false

/**
 * Conform's `onValidate` with the form's zod schema loaded on demand: zod and Conform's zod adapter are
 * not part of the page's JavaScript, they are fetched when the user first touches the page (focus, press
 * or key). Until they have arrived a submission goes to the server, which validates every form anyway
 * and answers with the same messages, so nothing is lost; afterwards the form validates in the browser
 * exactly as before. `load` should import the schema from a module of its own
 * (`() => import('./schema.ts').then((m) => m.schema)`), and the route's action imports it statically.
 * `key` names the schema when one component validates with several (a new key loads the new schema).
 */
export function useLazyValidate<Shape = unknown>(load: () => Promise<ZodType>, key = '') {
  const validate = useRef<Validate | null>(null)
  const loadRef = useRef(load)
  loadRef.current = load
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when the schema changes
  useEffect(() => {
    validate.current = null
    let active = true
    const remove = () => {
      for (const event of EVENTS) document.removeEventListener(event, start, true)
    }
    function start() {
      remove()
      void Promise.all([import('@conform-to/zod/v4'), loadRef.current()]).then(([{ parseWithZod }, schema]) => {
        warm = true
        if (active) validate.current = (formData) => parseWithZod(formData, { schema })
      })
    }
    if (warm) start()
    else for (const event of EVENTS) document.addEventListener(event, start, true)
    return () => {
      active = false
      remove()
    }
  }, [key])
  // `Shape` only types the form's fields for Conform (the schema's input); the values are zod's.
  return ({ formData }: { formData: FormData }) =>
    // Not loaded yet: the form goes to the server and its action validates.
    (validate.current ? validate.current(formData) : passThrough(formData)) as Submission<Shape>
}

/** A valid submission: Conform lets the form go to the server, whose action validates it. */
export function passThrough(formData: FormData): Submission<unknown> {
  return parse(formData, { resolve: () => ({ value: {} }) })
}
