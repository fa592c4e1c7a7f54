import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useLocation, useRouteLoaderData } from 'react-router'
import { Button } from './button.tsx'
import { Alert } from './fields.tsx'

/*
 * Keeps what a user types into a form in the tab's session storage, so that nothing is lost when
 * the session ends before saving (the sign-in page brings the user back to the form, which fills
 * itself again) or the tab reloads. Only with JavaScript, as an addition to the plain form.
 *
 * A draft is kept per user, page and form id (forms carry the record's version in their id, so
 * a draft never lands on a newer version). Typing saves it, debounced (SPEC.md §9); submitting
 * marks it as sent, and a sent draft is dropped the next time the form opens, unless the sign-in
 * page was reached in between: then the save did not happen, and the draft is offered again.
 * Signing out forgets all drafts.
 */

const DRAFT_DEBOUNCE_MS = 300
const PREFIX = 'draft:'
const SKIP = new Set(['intent', 'version', 'block', 'redirectTo'])

type Draft = { values: [string, string][]; sent: boolean }

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

function draftFields(form: HTMLFormElement) {
  return [...form.elements]
    .filter(
      (el): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
        (el instanceof HTMLInputElement && !['hidden', 'password', 'submit', 'button', 'file'].includes(el.type)) ||
        el instanceof HTMLTextAreaElement ||
        (el instanceof HTMLSelectElement && !el.multiple),
    )
    .filter((el) => el.name && !SKIP.has(el.name) && !el.disabled)
}

const fieldValue = (el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) =>
  el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? (el.checked ? el.value || 'on' : '') : el.value

/** Whether a field differs from what the page was served with. */
function changed(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) {
  if (el instanceof HTMLSelectElement) return [...el.options].some((o) => o.selected !== o.defaultSelected)
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked !== el.defaultChecked
  return el.value !== el.defaultValue
}

/** Puts the draft's values into the form; true when anything changed. */
function fill(form: HTMLFormElement, values: [string, string][]) {
  let changed = false
  const fields = draftFields(form)
  for (const [name, value] of values) {
    for (const el of fields.filter((f) => f.name === name)) {
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const checked = el.type === 'checkbox' ? value !== '' : el.value === value
        if (el.checked !== checked) {
          el.checked = checked
          changed = true
        }
      } else if (el.value !== value) {
        el.value = value
        changed = true
      }
    }
  }
  return changed
}

/** Called on the sign-in page: a draft sent while the session had ended was not saved. */
export function reviveSentDrafts() {
  const s = storage()
  if (!s) return
  for (const key of Object.keys(s)) {
    if (!key.startsWith(PREFIX)) continue
    try {
      const draft = JSON.parse(s.getItem(key) ?? '') as Draft
      if (draft.sent) s.setItem(key, JSON.stringify({ ...draft, sent: false }))
    } catch {
      s.removeItem(key)
    }
  }
}

/** Called when the user signs out: nothing typed stays behind for the next person at this browser. */
export function forgetDrafts() {
  const s = storage()
  if (!s) return
  for (const key of Object.keys(s)) if (key.startsWith(PREFIX)) s.removeItem(key)
}

/** Place inside a form (with an id) of the signed-in area. */
export function DraftKeeper() {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const userId = (useRouteLoaderData('app-layout') as { shell: { user: { id: string } } } | undefined)?.shell.user.id
  const { pathname } = useLocation()
  const [restored, setRestored] = useState(false)
  const keyRef = useRef<string | null>(null)

  useEffect(() => {
    const form = ref.current?.closest('form')
    const s = storage()
    if (!form?.id || !userId || !s) return
    const key = `${PREFIX}${userId}:${pathname}:${form.id}`
    keyRef.current = key
    try {
      const draft = JSON.parse(s.getItem(key) ?? 'null') as Draft | null
      if (draft?.sent) s.removeItem(key)
      else if (draft && fill(form, draft.values)) setRestored(true)
    } catch {
      s.removeItem(key)
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const save = (sent: boolean) => s.setItem(key, JSON.stringify({ values: draftFields(form).map((el) => [el.name, fieldValue(el)]), sent } satisfies Draft))
    // Typed before the page's script ran: keep that too.
    if (!s.getItem(key) && draftFields(form).some(changed)) save(false)
    form.dataset.draftKept = 'true'
    const onInput = () => {
      clearTimeout(timer)
      timer = setTimeout(() => save(false), DRAFT_DEBOUNCE_MS)
    }
    const onSubmit = () => {
      clearTimeout(timer)
      save(true)
    }
    form.addEventListener('input', onInput)
    form.addEventListener('change', onInput)
    form.addEventListener('submit', onSubmit)
    return () => {
      clearTimeout(timer)
      delete form.dataset.draftKept
      form.removeEventListener('input', onInput)
      form.removeEventListener('change', onInput)
      form.removeEventListener('submit', onSubmit)
    }
  }, [userId, pathname])

  const discard = () => {
    const form = ref.current?.closest('form')
    if (keyRef.current) storage()?.removeItem(keyRef.current)
    form?.reset()
    setRestored(false)
  }

  return (
    <div ref={ref} data-testid="draft-keeper">
      {restored ? (
        <Alert tone="info">
          {t('draft.restored')}{' '}
          <Button type="button" variant="secondary" onPress={discard}>
            {t('draft.discard')}
          </Button>
        </Alert>
      ) : null}
    </div>
  )
}
