import express from 'express'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { trustProxySetting } from './trust-proxy.ts'

/** req.ip of a request from loopback with `forwarded` as X-Forwarded-For, under TRUST_PROXY=`value`. */
async function clientSeen(value: string | undefined, forwarded: string) {
  const app = express()
  app.set('trust proxy', trustProxySetting(value))
  app.get('/', (req, res) => {
    res.send(req.ip)
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  try {
    const { port } = server.address() as AddressInfo
    return await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', headers: { 'X-Forwarded-For': forwarded } }, (res) => {
          let body = ''
          res.on('data', (c) => (body += c))
          res.on('end', () => resolve(body))
        })
        .on('error', reject)
    })
  } finally {
    server.close()
  }
}

describe('TRUST_PROXY', () => {
  it('reads hops, true as one hop, lists of addresses and subnets, and refuses the rest', () => {
    expect(trustProxySetting(undefined)).toBe(false)
    expect(trustProxySetting('')).toBe(false)
    expect(trustProxySetting('false')).toBe(false)
    expect(trustProxySetting('0')).toBe(false)
    expect(trustProxySetting('true')).toBe(1)
    expect(trustProxySetting('2')).toBe(2)
    expect(trustProxySetting('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'])
    for (const wrong of ['yes', '10.0.0.0/33', 'proxy.example.ch', '1.2.3', '10.0.0.0/8/1', '-1', '99'])
      expect(() => trustProxySetting(wrong), wrong).toThrow(/TRUST_PROXY/)
  })

  it('takes the client from the right-most entry the trusted proxies did not add, never the one the client wrote', async () => {
    // The proxy in front appends the address it saw (198.51.100.7) to what the client sent.
    const chain = '6.6.6.6, 198.51.100.7'
    expect(await clientSeen('true', chain)).toBe('198.51.100.7')
    expect(await clientSeen('1', chain)).toBe('198.51.100.7')
    expect(await clientSeen('127.0.0.1', chain)).toBe('198.51.100.7')
    expect(await clientSeen('loopback,10.0.0.0/8', '6.6.6.6, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7')
    expect(await clientSeen('2', '6.6.6.6, 198.51.100.7, 10.1.2.3')).toBe('198.51.100.7')
    // No proxy trusted: the connection's own address.
    expect(await clientSeen(undefined, chain)).toBe('127.0.0.1')
  })
})
