import { useTranslation } from './use-translation.ts'

export const RENDERED_NAMESPACES_ID = 'i18n-namespaces'

/**
 * The namespaces the page's render used, for the browser to load before it hydrates. Placed after the
 * page in the document, so that the server writes it once the page has asked for all its texts.
 */
export function RenderedNamespaces() {
  const { i18n } = useTranslation()
  return <div hidden id={RENDERED_NAMESPACES_ID} data-namespaces={i18n.rendered().join(' ')} suppressHydrationWarning />
}
