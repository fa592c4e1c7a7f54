import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Seals the secrets the product must read back (a second factor's TOTP secret, a provider's client
 * secret) with AES-256-GCM, so a copy of the database alone does not give them away. The key is
 * SECRET_KEY (32 bytes, base64 or hex) or, without it, `DATA_DIR/secret.key`, written on first use
 * with mode 0600. Several app hosts on one external database must share SECRET_KEY.
 * A sealed value reads `v1:<iv>:<tag>:<ciphertext>` (base64url parts).
 */
let cached: Buffer | null = null

function keyFromText(text: string): Buffer {
  const trimmed = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64')
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, written as base64 or as 64 hex digits.')
  return key
}

function key(): Buffer {
  if (cached) return cached
  const fromEnv = process.env.SECRET_KEY
  if (fromEnv) {
    cached = keyFromText(fromEnv)
    return cached
  }
  const dir = path.resolve(process.env.DATA_DIR || 'data')
  const file = path.join(dir, 'secret.key')
  try {
    cached = keyFromText(readFileSync(file, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    mkdirSync(dir, { recursive: true })
    const fresh = randomBytes(32)
    try {
      // 'wx': two processes starting at once keep the one key written first.
      writeFileSync(file, `${fresh.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
      chmodSync(file, 0o600)
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError
    }
    cached = keyFromText(readFileSync(file, 'utf8'))
  }
  return cached
}

/**
 * Reads (or makes) the key at once: a malformed SECRET_KEY stops the start with its reason instead of
 * failing the first sign-in with a second factor. Says which key is in use, never the key.
 */
export function checkSealingKey(): string {
  key()
  return process.env.SECRET_KEY ? 'SECRET_KEY' : path.join(path.resolve(process.env.DATA_DIR || 'data'), 'secret.key')
}

/**
 * `unseal`, or null when the value cannot be opened with this key (SECRET_KEY changed, or another
 * host's DATA_DIR/secret.key): logged once per call for whoever runs the server, never a 500.
 */
export function unsealOrNull(sealed: string, what: string): string | null {
  try {
    return unseal(sealed)
  } catch (error) {
    console.error(
      `[seal] ${what} cannot be unsealed with this key (SECRET_KEY changed, or several hosts with their own DATA_DIR/secret.key): ${(error as Error).message}`,
    )
    return null
  }
}

export function seal(plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':')
}

export function unseal(sealed: string): string {
  const [version, iv, tag, body] = sealed.split(':')
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed value.')
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}

const derived = new Map<string, Buffer>()

/**
 * A keyed hash (HMAC-SHA256, hex) of a value the product need only recognise, never read back (a
 * recovery code): its key is derived from the sealing key by HKDF for the `purpose`, so a copy of the
 * database alone cannot test guesses against it, and each purpose has a key of its own.
 */
export function keyedHash(purpose: string, value: string): string {
  let k = derived.get(purpose)
  if (!k) {
    k = Buffer.from(hkdfSync('sha256', key(), Buffer.alloc(0), `vorsorge keyed hash: ${purpose}`, 32))
    derived.set(purpose, k)
  }
  return createHmac('sha256', k).update(value, 'utf8').digest('hex')
}
