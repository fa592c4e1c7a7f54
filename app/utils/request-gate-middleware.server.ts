import { data, type MiddlewareFunction } from 'react-router'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { checkRequest, isApiPath } from './request-gate.server.ts'
import { configuredOrigin } from '#models/core/mail.server.ts'

const configured = configuredOrigin()
const appOrigin = configured ? [configured] : []

/**
 * Root middleware: refused requests never reach a loader or action. Pages show the
 * root error boundary in the user's language; /api answers JSON `{ error }`.
 */
export const requestGate: MiddlewareFunction<Response> = async ({ request }, next) => {
  const refusal = await checkRequest(request, { origins: appOrigin })
  if (!refusal) return next()
  if (isApiPath(new URL(request.url).pathname)) {
    const t = getFixedT(await getLocale(request).catch(() => 'de' as const))
    throw Response.json({ error: t(`error.${refusal.status}.text`) }, { status: refusal.status })
  }
  throw data(refusal.reason, { status: refusal.status })
}
