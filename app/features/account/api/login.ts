import { z } from 'zod'
import { knownDevice } from '#app/auth/device.server.ts'
import { createSignInChallenge } from '#app/auth/second-factor.server.ts'
import { attemptSignIn, publicUser, startSession } from '#app/features/account/sign-in.server.ts'
import { methodNotAllowed, parseJson } from '#app/utils/api.server.ts'
import { clientIp } from '#app/utils/client.server.ts'
import { emailField, requiredString } from '#app/utils/validation.ts'
import type { Route } from './+types/login'

const schema = z.object({ email: emailField(), password: requiredString(200) })

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const body = await parseJson(request, schema)
  const client = clientIp(context)
  const signIn = await attemptSignIn(body.email, body.password, client, await knownDevice(request, body.email))
  if (!signIn.ok) {
    if (signIn.reason === 'expired') return Response.json({ error: 'access expired', endedOn: signIn.endedOn }, { status: 403 })
    return signIn.reason === 'throttled'
      ? Response.json({ error: 'too many attempts' }, { status: 429 })
      : Response.json({ error: 'invalid credentials' }, { status: 401 })
  }
  if (signIn.secondFactor) {
    // The password was right; the code follows at POST /api/login/second-factor with this challenge.
    const { token, expiresAt } = await createSignInChallenge(signIn.user.id, null)
    return Response.json({ error: 'second factor required', challenge: token, expiresAt: expiresAt.toISOString() }, { status: 401 })
  }
  const { headers, permId, options } = await startSession(request, signIn.user, { client })
  return Response.json(publicUser(signIn.user, options, permId), { headers })
}

export function loader() {
  return methodNotAllowed('POST')
}
