import { data, type MiddlewareFunction } from 'react-router'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { checkRequest, isApiPath } from './request-gate.server.ts'
import { configuredOrigin } from '#models/core/mail.server.ts'

const configured = configuredOrigin()
const appOrigin = configured ? [configured] : []

/**
 * An /api answer holds a person's data (`/api/users/me`: name, e-mail, phone, address) or a
 * session's state: no browser or proxy keeps a copy, as for pages (entry.server.tsx).
 */
function noStore(response: unknown) {
  if (!(response instanceof Response)) return
  try {
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store')
  } catch {
    // immutable headers (a platform redirect): nothing to cache there anyway
  }
}

/**
 * Root middleware: refused requests never reach a loader or action. Pages show the
 * root error boundary in the user's language; /api answers JSON `{ error }`, never cached.
 */
export const requestGate: MiddlewareFunction<Response> = async ({ request }, next) => {
  const api = isApiPath(new URL(request.url).pathname)
  const refusal = await checkRequest(request, { origins: appOrigin })
  if (!refusal) {
    if (!api) return next()
    try {
      const response = await next()
      noStore(response)
      return response
    } catch (thrown) {
      noStore(thrown)
      throw thrown
    }
  }
  if (api) {
    const t = getFixedT(await getLocale(request).catch(() => 'de' as const))
    throw Response.json({ error: t(`error.${refusal.status}.text`) }, { status: refusal.status, headers: { 'Cache-Control': 'no-store' } })
  }
  throw data(refusal.reason, { status: refusal.status })
}
