import type { LookupAddress } from 'node:dns'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { isInternalIp, parseIssuer } from './issuer.ts'
import { checkDiscovery, forgetDiscovery } from './oidc.server.ts'
import { guardedLookup, resolveHostsWith } from './outbound.server.ts'

/** A resolver that answers every name with these addresses and counts its calls. */
function resolvingTo(...addresses: string[]) {
  const calls: string[] = []
  resolveHostsWith((hostname, _options, callback) => {
    calls.push(hostname)
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )
  })
  return calls
}

afterEach(() => {
  resolveHostsWith(null)
  forgetDiscovery()
})

describe('the provider is reached on the internet only (issue 23)', () => {
  it('every address form that points inside is internal: loopback, private, link-local, metadata, 0.0.0.0, IPv4-mapped, IPv4-compatible, NAT64, 6to4', () => {
    for (const inside of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::1',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'fc12:3456::1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isInternalIp(inside), inside).toBe(true)
    }
    for (const outside of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', '64:ff9b::808:808', '::ffff:8.8.8.8', '2a00:1450:4001:80b::200e']) {
      expect(isInternalIp(outside), outside).toBe(false)
    }
    // The same in an issuer's address literal.
    for (const bad of ['https://[::7f00:1]', 'https://[64:ff9b::7f00:1]', 'https://[64:ff9b::a9fe:a9fe]/', 'https://[2002:a00:1::]']) {
      expect(parseIssuer(bad), bad).toBeNull()
    }
  })

  it('a host name that resolves to this machine is refused before any connection ("address not allowed"), one address inside among outside ones too', async () => {
    let connections = 0
    const server = http.createServer((_req, res) => res.end('{}'))
    server.on('connection', () => connections++)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    try {
      const calls = resolvingTo('127.0.0.1')
      expect(await checkDiscovery(`https://idp.rebind.example:${port}`)).toEqual({ ok: false, reason: 'issuer' })
      expect(calls).toContain('idp.rebind.example')
      resolvingTo('8.8.8.8', '::ffff:127.0.0.1')
      expect(await checkDiscovery(`https://login.mixed.example:${port}/realms/x`)).toEqual({ ok: false, reason: 'issuer' })
      resolvingTo('64:ff9b::7f00:1')
      expect(await checkDiscovery(`https://nat64.example:${port}`)).toEqual({ ok: false, reason: 'issuer' })
      expect(connections).toBe(0)
    } finally {
      await new Promise((r) => server.close(r))
    }
  })

  it('the connection takes the checked addresses: the lookup hands them over as resolved, once', async () => {
    const calls = resolvingTo('8.8.8.8', '2001:4860:4860::8888')
    const all = await new Promise<LookupAddress[]>((resolve, reject) =>
      guardedLookup('idp.example', { all: true }, (e, a) => (e ? reject(e) : resolve(a as unknown as LookupAddress[]))),
    )
    expect(all.map((a) => a.address)).toEqual(['8.8.8.8', '2001:4860:4860::8888'])
    const one = await new Promise<string>((resolve, reject) => guardedLookup('idp.example', {}, (e, a) => (e ? reject(e) : resolve(a as string))))
    expect(one).toBe('8.8.8.8')
    expect(calls).toEqual(['idp.example', 'idp.example'])
  })
})
