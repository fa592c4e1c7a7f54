import { redirect } from 'react-router'
import { clearSessionCookie, readSessionToken } from '#app/auth/cookies.server.ts'
import { clientIp } from '#app/utils/client.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { endSession } from '#app/auth/sessions.server.ts'
import type { Route } from './+types/logout'

export async function action({ request, context }: Route.ActionArgs) {
  const token = await readSessionToken(request)
  if (token) await endSession(token, clientIp(context))
  return redirectWithToast('/', 'loggedOut', { headers: { 'Set-Cookie': await clearSessionCookie(request) }, type: 'info' })
}

// Logging out changes state, so it is a POST; a GET only goes home.
export function loader() {
  return redirect('/')
}
