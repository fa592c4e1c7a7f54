import { isDatabaseReachable } from '../models/core/db.server.ts'

/** GET /healthz: 200 while the database answers, 503 otherwise. */
export async function health(check: () => Promise<boolean> = isDatabaseReachable) {
  const ok = await check().catch(() => false)
  return { status: ok ? 200 : 503, body: { status: ok ? 'ok' : 'database unreachable' } }
}
