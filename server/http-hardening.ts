// What the HTTP server answers outside the app: the security headers every answer carries (the
// app's middleware in server.ts sets them, with the page's nonce in the policy), Node's own answers
// to a broken request (431, 400, 408) with the same headers, and a word to the operator when a
// TLS proxy in front does not say that the browser spoke HTTPS.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { NextFunction, Request, Response } from 'express'

/** The headers of every answer but the Content-Security-Policy, which carries a page's nonce. */
export function securityHeaders(hsts: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(hsts ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' }

/**
 * Node answers a request it cannot parse (headers over its limit: 431) on the socket, before any
 * middleware, with no header of ours. This answers as Node would (same statuses, then the
 * connection closes) with the security headers and a policy that allows nothing.
 */
export function answerClientErrors(server: Server, hsts: boolean) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
      socket.destroy()
      return
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? 413 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
    const text = REASONS[status]
    const headers = {
      ...securityHeaders(hsts),
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Cache-Control': 'no-store',
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      Connection: 'close',
    }
    const head = [`HTTP/1.1 ${status} ${text}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n')
    socket.end(`${head}\r\n\r\n${text}`)
    setTimeout(() => socket.destroy(), 1000).unref()
  })
}

const PROXY_ADVICE =
  'a TLS proxy in front of the app must send `X-Forwarded-Proto: https` and TRUST_PROXY must be set, else React Router refuses every form post from the https page (400: its origin check sees http here).'

/** At start: APP_URL is https but no proxy is trusted, so the app sees http and every form post would be refused. */
export function proxyAdviceAtStart(env: NodeJS.ProcessEnv = process.env): string | null {
  const trusted = env.TRUST_PROXY !== undefined && env.TRUST_PROXY !== '' && env.TRUST_PROXY !== 'false'
  if (trusted || !env.APP_URL?.startsWith('https:')) return null
  return `[proxy] APP_URL is ${env.APP_URL} but TRUST_PROXY is not set: ${PROXY_ADVICE}`
}

/**
 * A form posted from https://<this host> that arrives here as http: React Router's own origin check
 * answers 400 before the app sees it, so the log says why (at most once a minute).
 */
export function warnOnMissingForwardedProto(log: (line: string) => void = console.warn) {
  let last = 0
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.protocol === 'http') {
      const origin = req.get('Origin')
      if (origin?.startsWith('https://') && origin.slice('https://'.length) === req.get('Host') && Date.now() - last > 60_000) {
        last = Date.now()
        log(
          `[proxy] a form from ${origin} arrived over http, so it is refused (400): ${PROXY_ADVICE} X-Forwarded-Proto: ${req.get('X-Forwarded-Proto') ?? '(none)'}`,
        )
      }
    }
    next()
  }
}
