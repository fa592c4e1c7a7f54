import type { ReactNode } from 'react'
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useNavigate } from 'react-router'
import { useHydrated } from '#app/utils/hydrated.ts'
import { DialogClose } from './dialog-context.ts'
import { LinkButton } from './button.tsx'
import { Card } from './card.tsx'
import * as css from './route-dialog.css.ts'

/**
 * A child route shown as a modal dialog over its list when JavaScript runs,
 * and as a page of its own without it. Closing goes back to the list URL
 * (with its filters), so the browser's back button behaves as expected.
 */
export function RouteDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const { t } = useTranslation()
  if (!hydrated) {
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
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) navigate(closeTo, { preventScrollReset: true })
      }}
      className={css.overlay}
    >
      <Modal className={css.modal}>
        <Dialog className={css.dialog}>
          <div className={css.head}>
            <Heading slot="title" className={css.pageTitle}>
              {title}
            </Heading>
            <AriaButton slot="close" className={css.close} aria-label={t('action.close')}>
              ×
            </AriaButton>
          </div>
          <DialogClose.Provider value={closeTo}>{children}</DialogClose.Provider>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
