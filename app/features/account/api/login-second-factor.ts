import { z } from 'zod'
import { completeSignInChallenge } from '#app/auth/second-factor.server.ts'
import { publicUser, startSession } from '#app/features/account/sign-in.server.ts'
import { methodNotAllowed, parseJson } from '#app/utils/api.server.ts'
import { clientIp } from '#app/utils/client.server.ts'
import { requiredString } from '#app/utils/validation.ts'
import type { Route } from './+types/login-second-factor'

const schema = z.object({ challenge: requiredString(200), code: requiredString(40) })

/**
 * The second step of an API sign-in (issue 12): the challenge POST /api/login answered with and a code
 * of the authenticator app or a recovery code, as JSON like every API call (the request gate refuses a
 * form on /api/, decision 0014). Answers like a successful POST /api/login.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const body = await parseJson(request, schema)
  const client = clientIp(context)
  const outcome = await completeSignInChallenge(body.challenge, body.code, client)
  if (!outcome.ok) {
    switch (outcome.reason) {
      case 'throttled':
        return Response.json({ error: 'too many attempts' }, { status: 429 })
      case 'wrong':
        return Response.json({ error: 'invalid code', attemptsLeft: outcome.attemptsLeft }, { status: 401 })
      case 'exhausted':
        return Response.json({ error: 'too many wrong codes: sign in again' }, { status: 401 })
      default:
        return Response.json({ error: 'challenge expired: sign in again' }, { status: 401 })
    }
  }
  const { headers, permId, options } = await startSession(request, outcome.user, {
    client,
    method: 'second_factor',
    recoveryCode: outcome.used === 'recovery',
  })
  return Response.json(publicUser(outcome.user, options, permId), { headers })
}

export function loader() {
  return methodNotAllowed('POST')
}
