import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useDialogCloseTo } from './dialog-context.ts'
import { LinkButton } from './button.tsx'
import * as css from './ui.css.ts'

/** A titled section; `level` 1 where the card is the whole page (sign-in, password reset). */
export function Card({ title, children, actions, level = 2 }: { title?: ReactNode; children: ReactNode; actions?: ReactNode; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <section className={css.card}>
      {title ? <Heading style={{ marginTop: 0 }}>{title}</Heading> : null}
      {children}
      {actions ? <div className={css.formActions}>{actions}</div> : null}
    </section>
  )
}

/** A form's button row; inside a route dialog it ends with Cancel, which closes the dialog. */
export function FormActions({ children }: { children: ReactNode }) {
  const closeTo = useDialogCloseTo()
  const { t } = useTranslation()
  return (
    <div className={css.formActions}>
      {children}
      {closeTo ? (
        <LinkButton to={closeTo} variant="ghost" preventScrollReset>
          {t('action.cancel')}
        </LinkButton>
      ) : null}
    </div>
  )
}
