import { type AnchorHTMLAttributes, useEffect } from 'react'
import { Link, useNavigate } from 'react-router'

/** A path of this app (`/app/risk?page=2`) or a new query for the page itself (`?step=2`). */
export type AppPath = `/${string}` | `?${string}`

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; preventScrollReset?: boolean }

/**
 * A link to a page of the app, for places with many of them (table rows and headers, tabs, menus): a
 * plain anchor (for an `AppPath`), which the server renders far cheaper than React Router's `<Link>` (that one resolves
 * its path against the matched routes for every link; docs/decisions/0027-plain-links.md). With
 * JavaScript, `useAppLinks()` in the root navigates such anchors in the page as `<Link>` does;
 * without it they are ordinary links.
 */
export function AppLink({ to, preventScrollReset, ...rest }: Props) {
  // A path relative to the route (`edit`, `..`) means what React Router makes of it, not the browser.
  if (!isAppPath(to)) return <Link to={to} preventScrollReset={preventScrollReset} {...rest} />
  return <a href={to} data-app-link="" data-prevent-scroll-reset={preventScrollReset ? '' : undefined} {...rest} />
}

export const isAppPath = (to: string): to is AppPath => (to.startsWith('/') && !to.startsWith('//')) || to.startsWith('?')

/** Whether a navigation entry for `to` is the current page: the path itself or, unless `end`, a page below it. */
export function isCurrent(pathname: string, to: AppPath, end = false): boolean {
  const here = pathname.toLowerCase()
  const target = to.split(/[?#]/)[0].toLowerCase()
  return here === target || (!end && here.startsWith(target.endsWith('/') ? target : `${target}/`))
}

/** One click handler for every `AppLink`: a plain left click navigates in the page, anything else is the browser's. */
export function useAppLinks() {
  const navigate = useNavigate()
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-app-link]') : null
      if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      const to = url.pathname + url.search + url.hash
      const here = window.location.pathname + window.location.search + window.location.hash
      // As <Link>: a link to the page itself replaces the history entry.
      void navigate(to, { replace: to === here, preventScrollReset: anchor.hasAttribute('data-prevent-scroll-reset') })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
