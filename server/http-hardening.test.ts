import type { AddressInfo } from 'node:net'
import net from 'node:net'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { answerClientErrors, proxyAdviceAtStart, warnOnMissingForwardedProto } from './http-hardening.ts'

/** One raw request on its own connection; the whole answer as text. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    let answer = ''
    socket.on('data', (d) => {
      answer += d.toString('latin1')
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', (e) => (answer ? resolve(answer) : reject(e)))
  })
}

describe('the HTTP server outside the app', () => {
  it('headers too large: 431 with the security headers every answer carries, and the connection closes', async () => {
    const app = express()
    app.get('/', (_req, res) => res.send('ok'))
    const server = app.listen(0, '127.0.0.1')
    answerClientErrors(server, true)
    await new Promise((r) => server.once('listening', r))
    try {
      const port = (server.address() as AddressInfo).port
      const answer = await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`)
      const [head] = answer.split('\r\n\r\n')
      expect(head).toMatch(/^HTTP\/1\.1 431 /)
      for (const h of [
        'X-Content-Type-Options: nosniff',
        'X-Frame-Options: DENY',
        'Referrer-Policy: same-origin',
        'Content-Security-Policy:',
        'Strict-Transport-Security:',
        'Cache-Control: no-store',
      ]) {
        expect(head).toContain(h)
      }
      const bad = await raw(port, 'NOT HTTP\r\n\r\n')
      expect(bad).toMatch(/^HTTP\/1\.1 400 /)
      expect(bad).toContain('X-Content-Type-Options: nosniff')
    } finally {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  })

  it('a form posted from the https page that arrives over http: the log tells the operator to send X-Forwarded-Proto', async () => {
    const lines: string[] = []
    const app = express()
    app.set('trust proxy', true)
    app.use(warnOnMissingForwardedProto((l) => lines.push(l)))
    app.post('/', (_req, res) => res.status(204).end())
    const server = app.listen(0, '127.0.0.1')
    await new Promise((r) => server.once('listening', r))
    try {
      const host = `127.0.0.1:${(server.address() as AddressInfo).port}`
      const post = (headers: Record<string, string>) => fetch(`http://${host}/`, { method: 'POST', headers: { Origin: `https://${host}`, ...headers } })
      await post({ 'X-Forwarded-Proto': 'https' })
      expect(lines).toEqual([])
      await post({})
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain('X-Forwarded-Proto: https')
      expect(lines[0]).toContain('TRUST_PROXY')
    } finally {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
  })

  it('at start: APP_URL https without TRUST_PROXY is named in the log', () => {
    expect(proxyAdviceAtStart({ APP_URL: 'https://vorsorge.example' })).toContain('X-Forwarded-Proto')
    expect(proxyAdviceAtStart({ APP_URL: 'https://vorsorge.example', TRUST_PROXY: 'true' })).toBeNull()
    expect(proxyAdviceAtStart({ APP_URL: 'http://localhost:3000' })).toBeNull()
  })
})
