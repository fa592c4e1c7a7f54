import crypto from 'node:crypto'
import { createCookie } from 'react-router'
import { normalizeEmail } from './users.server.ts'
import { keyedHash } from '#models/core/seal.server.ts'
import { isSecureRequest } from './cookies.server.ts'

/*
 * The browsers a person signed in with before (decision 0050, after OWASP's "device cookies"): a
 * successful sign-in, or a password set through a reset link, leaves a cookie that names the address
 * (by a keyed hash, not in clear) and a random id of this browser, signed with a key derived from
 * SECRET_KEY. A sign-in that shows it for its address is counted on the device's own budget and meets
 * neither the per-address ceiling nor the client's limit, so guesses from elsewhere do not lock the
 * owner out on their own browser. A browser keeps the last few addresses that signed in on it.
 */

const DEVICE_DAYS = 180
const MAX_ENTRIES = 5

type Entry = { a: string; d: string; t: number }

let cookie: ReturnType<typeof createCookie> | null = null
function deviceCookie() {
  cookie ??= createCookie('__device', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: DEVICE_DAYS * 24 * 3600,
    // The signing key is derived from SECRET_KEY (or DATA_DIR/secret.key): several hosts share it.
    secrets: [keyedHash('device cookie', 'signing key')],
  })
  return cookie
}

function addressTag(email: string) {
  return keyedHash('device address', normalizeEmail(email)).slice(0, 32)
}

async function entriesOf(request: Request): Promise<Entry[]> {
  const header = request.headers.get('Cookie')
  if (!header?.includes('__device=')) return []
  // A cookie whose signature does not match parses as null (react-router's signed cookies).
  const value = await deviceCookie()
    .parse(header)
    .catch(() => null)
  if (!Array.isArray(value)) return []
  const oldest = Date.now() - DEVICE_DAYS * 24 * 3600_000
  return value.filter(
    (e): e is Entry => e && typeof e.a === 'string' && typeof e.d === 'string' && /^[\w-]{16,64}$/.test(e.d) && typeof e.t === 'number' && e.t > oldest,
  )
}

/** The id of this browser for the address when it signed in with it before; else null. */
export async function knownDevice(request: Request, email: string): Promise<string | null> {
  const tag = addressTag(email)
  return (await entriesOf(request)).find((e) => e.a === tag)?.d ?? null
}

/** The Set-Cookie that marks this browser as known for the address (its id kept, its date renewed). */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const tag = addressTag(email)
  const entries = await entriesOf(request)
  const id = entries.find((e) => e.a === tag)?.d ?? crypto.randomBytes(16).toString('base64url')
  const next = [{ a: tag, d: id, t: Date.now() }, ...entries.filter((e) => e.a !== tag)].slice(0, MAX_ENTRIES)
  return deviceCookie().serialize(next, { secure: isSecureRequest(request) })
}
