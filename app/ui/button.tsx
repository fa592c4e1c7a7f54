import { type ButtonHTMLAttributes, type ComponentProps, type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useActionData, useFetchers, useNavigation } from 'react-router'
import { AppLink } from './app-link.tsx'
import * as css from './ui.css.ts'

type Variant = keyof typeof css.button

/*
 * Which form was submitted last, and whether a submission is on its way. The browser's submit event
 * names the form before the router starts the request, so a button can tell that the running
 * submission is its own. A form already on its way is not sent a second time (Enter in a field).
 */
let lastForm: HTMLFormElement | null = null
let inFlight = false

if (typeof window !== 'undefined') {
  window.addEventListener(
    'submit',
    (event) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null
      if (inFlight && form && form === lastForm) {
        event.preventDefault()
        event.stopImmediatePropagation()
        return
      }
      lastForm = form
    },
    true,
  )
}

/** Whether the router is sending a form (a navigation or a fetcher); kept by the app's progress bar. */
export function useSubmissionInFlight() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const submitting = navigation.formData !== undefined || fetchers.some((f) => f.state !== 'idle' && f.formData !== undefined)
  useEffect(() => {
    inFlight = submitting
  }, [submitting])
  return { submitting, method: navigation.formMethod?.toUpperCase() ?? null }
}

/**
 * A submit button is busy while its own form is on its way: it says so (disabled, data-busy, a
 * spinner and a hidden label for screen readers) and refuses a second press. After a POST that succeeded (the
 * action redirected, so there is no action data) the form is reset to what the page now shows,
 * so an inline "add" form is empty again and cannot add the same entry twice.
 */
function useBusy(ref: React.RefObject<HTMLButtonElement | null>, isSubmit: boolean) {
  const { submitting, method } = useSubmissionInFlight()
  const actionData = useActionData()
  const form = isSubmit ? (ref.current?.form ?? null) : null
  const busy = submitting && form !== null && form === lastForm
  const wasBusy = useRef<{ form: HTMLFormElement; post: boolean } | null>(null)
  useEffect(() => {
    if (busy && form) {
      wasBusy.current = { form, post: method !== 'GET' }
      return
    }
    const done = wasBusy.current
    wasBusy.current = null
    if (done?.post && actionData === undefined && done.form.isConnected) done.form.reset()
  }, [busy, form, method, actionData])
  return busy
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick' | 'children'> & {
  variant?: Variant
  /** Like react-aria's: the button is disabled. */
  isDisabled?: boolean
  /** Like react-aria's: called when the button is pressed (click, Enter or Space). */
  onPress?: () => void
  children?: ReactNode
}

/**
 * A native button, light on every page (decision 0019). As react-aria's Button did,
 * `type` defaults to "button" and a disabled button carries data-disabled.
 */
export function Button({ variant = 'primary', className, children, isDisabled, onPress, type = 'button', ...props }: ButtonProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLButtonElement>(null)
  const busy = useBusy(ref, type === 'submit')
  const disabled = busy || isDisabled || undefined
  return (
    <button
      {...props}
      type={type}
      ref={ref}
      // Disabled rather than a pending state: an announcement would point at the button, which is gone once the page changes.
      disabled={disabled}
      data-disabled={disabled}
      data-busy={busy || undefined}
      onClick={onPress ? () => onPress() : undefined}
      className={[css.button[variant], className].filter(Boolean).join(' ')}
    >
      {busy ? (
        <>
          <span className={css.spinner} aria-hidden="true" data-testid="button-spinner" />
          <span className="visually-hidden">{t('action.busy')} </span>
        </>
      ) : null}
      {children}
    </button>
  )
}

/** A link that looks like a button (navigation, never a change). */
export function LinkButton({ variant = 'secondary', className, ...props }: ComponentProps<typeof AppLink> & { variant?: Variant }) {
  return <AppLink {...props} className={[css.button[variant], className].filter(Boolean).join(' ')} />
}
