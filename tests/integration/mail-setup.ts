import { afterAll, beforeAll } from 'vitest'
import { db } from '../../models/core/db.server.ts'
import { resetMailTransport } from '../../models/core/mail.server.ts'
import { mailTemplates } from '../../models/schema/index.ts'
import { mailTemplateSeeds } from '../../models/reference/mail-templates.ts'
import { startSmtpPeer } from '../smtp-peer.ts'

type Peer = Awaited<ReturnType<typeof startSmtpPeer>>

/**
 * For a test file that sends mail: the mail templates in its database and a
 * real SMTP peer the app delivers to. Returns the peer once beforeAll has run.
 */
export function useSmtpPeer() {
  const holder: { peer: Peer | null } = { peer: null }
  beforeAll(async () => {
    await db().insert(mailTemplates).values(mailTemplateSeeds).onConflictDoNothing()
    holder.peer = await startSmtpPeer()
    process.env.SMTP_HOST = '127.0.0.1'
    process.env.SMTP_PORT = String(holder.peer.port)
    process.env.SMTP_IGNORE_TLS = 'true'
    process.env.APP_URL = 'http://vorsorge.test'
    resetMailTransport()
  })
  afterAll(async () => {
    delete process.env.SMTP_HOST
    resetMailTransport()
    await holder.peer?.close()
  })
  return () => holder.peer!
}
