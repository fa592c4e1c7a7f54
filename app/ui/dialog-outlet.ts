import { useOutlet } from 'react-router'
import { useHydrated } from '#app/utils/hydrated.ts'

/**
 * For the list route: without JavaScript an open child route stands alone on
 * its page; with JavaScript the list stays underneath and the child is a dialog.
 * Kept apart from route-dialog.tsx so a list page does not load the dialog
 * (react-aria-components) until a child route opens one.
 */
export function useDialogOutlet() {
  const outlet = useOutlet()
  const hydrated = useHydrated()
  return { outlet, standalone: Boolean(outlet) && !hydrated }
}
