import { hash } from '@node-rs/argon2'

export function hashPassword(password: string) {
  // argon2id with the library defaults (m=19456 KiB, t=2, p=1), as OWASP recommends.
  return hash(password)
}
