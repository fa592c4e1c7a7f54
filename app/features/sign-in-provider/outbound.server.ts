import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isIP } from 'node:net'
import { Readable } from 'node:stream'
import type { CustomFetchOptions } from 'openid-client'
import { insecureIssuerAllowed, isInternalIp, isLoopbackHost } from './issuer.ts'

/**
 * The server's requests to a fund's provider (discovery, token, keys, userinfo) go to the internet
 * only (docs/decisions/0038, issue 23): a host name is resolved once, every address it resolves to
 * is checked (a name that resolves to 127.0.0.1, to 169.254.169.254 or to 64:ff9b::a00:1 is
 * refused), and the connection goes to the checked address, never to a second resolution (a name
 * that answers differently the second time cannot slip through). Address literals are checked by
 * the issuer's rules (issuer.ts); loopback names stay allowed for tests and development only.
 */

/** Marks the refusal, so that the operator's connection test can say "address not allowed". */
export const ADDRESS_REFUSED = 'address not allowed'

type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void

let resolver: Resolver = dns.lookup as unknown as Resolver

/** For tests: resolve host names with this instead of the system's resolver (null: the system's again). */
export function resolveHostsWith(fn: Resolver | null) {
  resolver = fn ?? (dns.lookup as unknown as Resolver)
}

/** A `lookup` for net/tls connect that hands over only addresses outside this machine's networks. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolver(hostname, { family: options.family as number | undefined, hints: options.hints, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0)
    const internal = addresses.find((a) => isInternalIp(a.address))
    if (internal || !addresses.length) {
      const refused = Object.assign(new Error(`${ADDRESS_REFUSED}: ${hostname} resolves to ${internal?.address ?? 'nothing'}`), { code: 'EADDRNOTALLOWED' })
      return callback(refused, '', 0)
    }
    if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses)
    else callback(null, addresses[0].address, addresses[0].family)
  })
}

/** Headers of a node answer as Fetch headers. */
function headersOf(res: http.IncomingMessage) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  return headers
}

/** openid-client's fetch: through the guarded lookup for a host name, the platform's fetch for what needs no resolution. */
export async function providerFetch(url: string, options: CustomFetchOptions): Promise<Response> {
  const target = new URL(url)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) || (isLoopbackHost(target.hostname) && insecureIssuerAllowed())) return fetch(url, options as RequestInit)
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new TypeError(`fetch failed: ${target.protocol}`)
  const body = options.body == null ? undefined : Buffer.from(await new Response(options.body as BodyInit).arrayBuffer())
  const headers = Object.fromEntries(new Headers(options.headers).entries())
  if (body) headers['content-length'] = String(body.byteLength)
  return new Promise<Response>((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      { method: options.method ?? 'GET', headers, lookup: guardedLookup, signal: options.signal ?? undefined },
      (res) => {
        const status = res.statusCode ?? 502
        const empty = status === 204 || status === 205 || status === 304 || options.method === 'HEAD'
        if (empty) res.resume()
        resolve(
          new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage, headers: headersOf(res) }),
        )
      },
    )
    request.on('error', (error) => reject(new TypeError(`fetch failed: ${error.message}`, { cause: error })))
    request.end(body)
  })
}
