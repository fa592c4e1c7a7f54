import type { MouseEvent, ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'

/**
 * Links in the rows of a list as plain anchors (`<a href … {...rowLink}>`), followed in the app by
 * one click handler on an element around the list, as a `<Link>` would: a plain left click navigates
 * on the client (`rowLinkKeepScroll`: keeping the scroll position, as `preventScrollReset`); a click
 * with a modifier key, or a page without JavaScript, is the browser's own. A Link component per row
 * costs about 8 µs of server render each (its hooks resolve the path and build a click handler), and
 * lists have up to 300.
 */
export const rowLink = { 'data-row-link': '' } as const
export const rowLinkKeepScroll = { 'data-row-link': 'keep-scroll' } as const

export function useFollowRowLinks() {
  const navigate = useNavigate()
  const location = useLocation()
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    const link = (event.target as Element).closest('a[data-row-link]')
    const href = link?.getAttribute('href')
    if (!link || !href || (link.getAttribute('target') ?? '_self') !== '_self') return
    event.preventDefault()
    navigate(href, {
      preventScrollReset: link.getAttribute('data-row-link') === 'keep-scroll',
      // As a Link: the same URL again replaces the history entry.
      replace: href === location.pathname + location.search + location.hash,
    })
  }
}

/** A list whose row links (`rowLink`, `rowLinkKeepScroll`) navigate in the app. */
export function RowLinks({ children }: { children: ReactNode }) {
  const follow = useFollowRowLinks()
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it follows the links inside, which keep their own keyboard and screen reader behaviour
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link is a click on it, which reaches this handler
    <div onClick={follow}>{children}</div>
  )
}
