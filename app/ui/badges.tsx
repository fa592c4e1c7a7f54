import type { ReactNode } from 'react'
import * as css from './badges.css.ts'

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof css.badge; children: ReactNode }) {
  return <span className={css.badge[tone]}>{children}</span>
}
