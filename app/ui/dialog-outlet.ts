import { useOutlet } from 'react-router'
import { useLoadedAsDocument } from '#app/utils/hydrated.ts'

/**
 * For the list route: an open child route loaded as a document (without JavaScript, a reload, a
 * link followed before the page had hydrated) stands alone on its page; opened by a navigation in
 * the page, the list stays underneath and the child is a dialog. Deciding by the document rather
 * than by hydration keeps a form typed into before hydration where it is.
 * Kept apart from route-dialog.tsx so a list page does not load the dialog
 * (react-aria-components) until a child route opens one.
 */
export function useDialogOutlet() {
  const outlet = useOutlet()
  const loadedAsDocument = useLoadedAsDocument()
  return { outlet, standalone: Boolean(outlet) && loadedAsDocument }
}
