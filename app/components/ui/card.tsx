import type { ReactNode } from 'react'
import * as css from './ui.css.ts'

export function Card({ title, children, actions }: { title?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className={css.card}>
      {title ? <h2 style={{ marginTop: 0 }}>{title}</h2> : null}
      {children}
      {actions ? <div className={css.formActions}>{actions}</div> : null}
    </section>
  )
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={css.formActions}>{children}</div>
}
