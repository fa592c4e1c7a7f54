import { AppLink } from './app-link.tsx'
import * as css from './tabs.css.ts'

/** Tabs as links: each tab is its own URL, so they work without JavaScript and can be bookmarked. */
export function TabLinks({
  label,
  items,
  small,
}: {
  label: string
  items: { to: string; label: string; current: boolean; testId?: string }[]
  small?: boolean
}) {
  return (
    <nav aria-label={label} className={small ? css.subTabs : css.tabs}>
      {items.map((item) => (
        <AppLink key={item.to} to={item.to} className={small ? css.subTab : css.tab} aria-current={item.current ? 'page' : undefined} data-testid={item.testId}>
          {item.label}
        </AppLink>
      ))}
    </nav>
  )
}
