import { z } from 'zod'
import { commitSessionToken } from '#app/auth/cookies.server.ts'
import { publicUser, startSession } from '#app/auth/login.server.ts'
import { serializeLocale } from '#app/i18n/locale.server.ts'
import { methodNotAllowed, readJson } from '#app/utils/api.server.ts'
import { emailField, requiredString } from '#app/utils/validation.ts'
import { clearFailedLogins, isLoginThrottled, normalizeEmail, recordFailedLogin, verifyLogin } from '#models/users.server.ts'
import type { Route } from './+types/login'

const schema = z.object({ email: emailField(), password: requiredString(200) })

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const parsed = schema.safeParse(await readJson(request))
  if (!parsed.success) {
    return Response.json({ error: 'validation', fields: z.flattenError(parsed.error).fieldErrors }, { status: 400 })
  }
  const key = `login:${normalizeEmail(parsed.data.email)}`
  if (await isLoginThrottled(key)) return Response.json({ error: 'too many attempts' }, { status: 429 })
  const user = await verifyLogin(parsed.data.email, parsed.data.password)
  if (!user) {
    await recordFailedLogin(key)
    return Response.json({ error: 'invalid credentials' }, { status: 401 })
  }
  await clearFailedLogins(key)
  const { token, permId, options } = await startSession(user)
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSessionToken(token))
  headers.append('Set-Cookie', await serializeLocale(user.language))
  return Response.json(publicUser(user, options, permId), { headers })
}

export function loader() {
  return methodNotAllowed('POST')
}
