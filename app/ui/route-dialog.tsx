import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useNavigate } from 'react-router'
import { useLoadedAsDocument } from '#app/utils/hydrated.ts'
import { DialogClose } from './dialog-context.ts'
import { LinkButton } from './button.tsx'
import { Card } from './card.tsx'
import * as css from './route-dialog.css.ts'

/**
 * A child route shown as a modal dialog over its list when a navigation in the page opened it, and
 * as a page of its own when it was loaded as a document (without JavaScript, or before hydration). Closing goes back to the list URL
 * (with its filters), so the browser's back button behaves as expected.
 */
export function RouteDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const loadedAsDocument = useLoadedAsDocument()
  const { t } = useTranslation()
  if (loadedAsDocument) {
    return (
      <Card>
        <h1 className={css.pageTitle}>{title}</h1>
        {children}
        <p>
          <LinkButton to={closeTo} variant="ghost">
            {t('action.backToList')}
          </LinkButton>
        </p>
      </Card>
    )
  }
  return (
    <ModalDialog title={title} closeTo={closeTo}>
      {children}
    </ModalDialog>
  )
}

/**
 * The browser's own modal dialog (no react-aria-components, so no library is loaded for it): it keeps
 * focus inside, makes the page underneath inert, closes with Escape, the × button or a click beside it.
 */
function ModalDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const navigate = useNavigate()
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const close = () => navigate(closeTo, { preventScrollReset: true })
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) {
      dialog.showModal()
      // As before, the dialog itself takes the focus unless a field asks for it (autoFocus).
      if (document.activeElement === dialog.querySelector('[data-dialog-close]')) dialog.focus()
    }
    // The page underneath does not scroll while the dialog is open.
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = overflow
    }
  }, [])
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog (cancel event); the click is on the backdrop only
    <dialog
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={css.overlay}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close()
      }}
    >
      <div className={css.modal}>
        <div className={css.dialog}>
          <div className={css.head}>
            <h2 id={titleId} className={css.pageTitle}>
              {title}
            </h2>
            <button type="button" data-dialog-close className={css.close} aria-label={t('action.close')} onClick={close}>
              ×
            </button>
          </div>
          <DialogClose.Provider value={closeTo}>{children}</DialogClose.Provider>
        </div>
      </div>
    </dialog>
  )
}
