import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { scrollArea, scrollAreaHint } from '#app/styles/layout.css.ts'

/**
 * Around a table wider than a phone: it scrolls sideways, not the page. Shadows at the edges show
 * that more follows, a line under it says so on a phone, and the region is focusable with a name,
 * so that a keyboard can scroll it and a screen reader names it. CSS only: works without JavaScript.
 */
export function ScrollArea({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation()
  return (
    <div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className={scrollArea} aria-label={label} tabIndex={0} data-testid={testId ?? 'scroll-area'}>
        {children}
      </section>
      <p className={scrollAreaHint} aria-hidden="true" data-testid="scroll-hint">
        {t('table.scrollHint')}
      </p>
    </div>
  )
}
