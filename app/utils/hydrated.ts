import { useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'

const subscribe = () => () => {}

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/** The key of the location the browser loaded as a document (set by the first render in the browser). */
let documentKey: string | undefined

/**
 * Whether the page is still the one the browser loaded as a document: always on the server, and in
 * the browser until a navigation in the page leads elsewhere. A page that changed its layout once
 * JavaScript runs would remount what the user may already have typed into before hydration; keyed
 * on this instead, it changes with the next navigation.
 */
export function useLoadedAsDocument() {
  const { key } = useLocation()
  if (typeof document === 'undefined') return true
  documentKey ??= key
  return key === documentKey
}
