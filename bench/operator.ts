// The bench's operator (the /app/sadmin pages): a super admin of its own with the second factor on, as
// every super admin must have it (issue 12). bench/seed-large.ts creates it with this secret (sealed with
// the data folder's key); the bench computes its codes. Not for any real installation.
import { Secret, TOTP } from 'otpauth'

export const BENCH_OPERATOR = {
  email: 'bench-operator@example.com',
  /** base32, 20 bytes; BENCH_OPERATOR_TOTP overrides it for an operator of another app (BENCH_URL). */
  totpSecret: process.env.BENCH_OPERATOR_TOTP ?? 'GBRGKY3IFVXXAZLSMF2G64RNORXXI4BNONSWG4TF',
}

/** The code of a secret at a moment (RFC 6238: SHA1, 6 digits, 30 s). */
export function totpCode(secret: string, timestamp = Date.now()) {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp })
}
