import { redirect } from 'react-router'
import { clearSessionCookie, readSessionToken } from '#app/auth/cookies.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { deleteSessionByToken } from '#models/sessions.server.ts'
import type { Route } from './+types/logout'

export async function action({ request }: Route.ActionArgs) {
  const token = await readSessionToken(request)
  if (token) await deleteSessionByToken(token)
  return redirectWithToast('/', 'loggedOut', { headers: { 'Set-Cookie': await clearSessionCookie() }, type: 'info' })
}

// Logging out changes state, so it is a POST; a GET only goes home.
export function loader() {
  return redirect('/')
}
