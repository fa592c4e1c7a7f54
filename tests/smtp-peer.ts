import { SMTPServer } from 'smtp-server'

export type CaughtMail = { to: string[]; raw: string; subject: string; text: string }

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpPeer(port = 0, onMail?: (mail: CaughtMail) => void) {
  const mails: CaughtMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, subject: header(raw, 'Subject'), text: body(raw) }
        mails.push(mail)
        onMail?.(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    port: actualPort,
    mails,
    async waitFor(to: string, timeoutMs = 10_000): Promise<CaughtMail> {
      const start = Date.now()
      while (Date.now() - start < timeoutMs) {
        const found = [...mails].reverse().find((m) => m.to.includes(to))
        if (found) return found
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function header(raw: string, name: string) {
  const m = raw.match(new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi'))
  return m ? decodeMime(m[1].replace(/\r?\n[ \t]/g, ' ')) : ''
}

function decodeMime(value: string) {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQP(data.replace(/_/g, ' ')),
  )
}

function decodeQP(s: string) {
  const bytes: number[] = []
  const clean = s.replace(/=\r?\n/g, '')
  for (let i = 0; i < clean.length; i++) {
    if (clean[i] === '=' && /^[0-9A-F]{2}$/i.test(clean.slice(i + 1, i + 3))) {
      bytes.push(parseInt(clean.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(clean.charCodeAt(i))
  }
  return Buffer.from(bytes).toString('utf8')
}

function body(raw: string) {
  const idx = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, idx)
  const rest = raw.slice(idx).replace(/^\r?\n\r?\n/, '')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return decodeQP(rest)
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(rest.replace(/\s/g, ''), 'base64').toString('utf8')
  return rest
}

/** The reset link's token from a mail body. */
export function tokenFromMail(text: string) {
  const m = text.match(/pwdreset\?token=([A-Za-z0-9_%-]+)/)
  if (!m) throw new Error('no reset link in mail')
  return decodeURIComponent(m[1])
}
