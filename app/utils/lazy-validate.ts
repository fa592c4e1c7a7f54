import { parse, type Submission } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import type { ZodType } from 'zod'

type Validate = (formData: FormData) => Submission<unknown>

const EVENTS = ['focusin', 'pointerdown', 'keydown'] as const

/**
 * Conform's `onValidate` with the form's zod schema loaded on demand: zod and Conform's zod adapter are
 * not part of the page's JavaScript, they are fetched when the user first touches the page (focus, press
 * or key). Until they have arrived a submission goes to the server, which validates every form anyway
 * and answers with the same messages, so nothing is lost; afterwards the form validates in the browser
 * exactly as before. `load` should import the schema from a module of its own
 * (`() => import('./schema.ts').then((m) => m.schema)`), and the route's action imports it statically.
 */
export function useLazyValidate(load: () => Promise<ZodType>) {
  const validate = useRef<Validate | null>(null)
  const loadRef = useRef(load)
  loadRef.current = load
  useEffect(() => {
    let active = true
    const remove = () => {
      for (const event of EVENTS) document.removeEventListener(event, start, true)
    }
    function start() {
      remove()
      void Promise.all([import('@conform-to/zod/v4'), loadRef.current()]).then(([{ parseWithZod }, schema]) => {
        if (active) validate.current = (formData) => parseWithZod(formData, { schema })
      })
    }
    for (const event of EVENTS) document.addEventListener(event, start, true)
    return () => {
      active = false
      remove()
    }
  }, [])
  return ({ formData }: { formData: FormData }): Submission<unknown> =>
    // Not loaded yet: a valid submission, so the form goes to the server and its action validates.
    validate.current ? validate.current(formData) : parse(formData, { resolve: () => ({ value: {} }) })
}
