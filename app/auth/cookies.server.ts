import { createCookie } from 'react-router'

const secure = process.env.COOKIE_SECURE === 'true'

/** Holds only the random session token; the session itself lives in the database. */
export const sessionCookie = createCookie('__session', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure,
})

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

export function commitSessionToken(token: string) {
  return sessionCookie.serialize(token)
}

export function clearSessionCookie() {
  return sessionCookie.serialize('', { maxAge: 0 })
}
