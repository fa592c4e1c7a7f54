import type { ReactNode } from 'react'
import * as css from './stepper.css.ts'

/**
 * One read-only field of a block. In a module of its own, apart from the stepper: the many pages that
 * show fields this way need neither the stepper's code nor its texts (the risk namespace).
 */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={css.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
