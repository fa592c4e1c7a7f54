/**
 * The issuer of a fund's provider as the product accepts it (docs/decisions/0038): https, or plain
 * http on a loopback host for tests and development only (not in production, unless
 * ALLOW_INSECURE_ISSUER=true); no credentials, query or fragment; no IP literal of a private,
 * link-local or unique-local network (nor loopback in production), so the operator's form cannot
 * point the server at the inside of its own network. Shared by the operator's form and the OpenID client.
 */
export function isLoopbackHost(hostname: string) {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

function env(name: string): string | undefined {
  return typeof process === 'undefined' ? undefined : process.env?.[name]
}

/** Plain http to a loopback provider: tests and development, or explicitly allowed. */
export function insecureIssuerAllowed() {
  return env('NODE_ENV') !== 'production' || env('ALLOW_INSECURE_ISSUER') === 'true'
}

/** The four numbers of a dotted IPv4 address, or null. */
function ipv4(text: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((n) => n <= 255) ? parts : null
}

function internalV4([a, b, c]: number[]) {
  return (
    a === 0 || // "this network", 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata 169.254.169.254
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 // multicast, reserved, broadcast
  )
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  let t = text.toLowerCase().split('%')[0]
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(t)
  if (dotted) {
    const v4 = ipv4(dotted[2])
    if (!v4) return null
    t = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`
  }
  const halves = t.split('::')
  if (halves.length > 2) return null
  const part = (h: string) => (h === '' ? [] : h.split(':'))
  const head = part(halves[0])
  const tail = halves.length === 2 ? part(halves[1]) : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null
  return groups.map((g) => Number.parseInt(g, 16))
}

const v4Of = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255]

/**
 * An address (IPv4, or IPv6 without brackets) of a network that is not the internet's: private,
 * loopback, link-local (cloud metadata), carrier-grade NAT, unspecified, multicast, documentation;
 * in IPv6 also unique-local, site-local, and every form that carries an IPv4 address (IPv4-mapped
 * ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo), judged
 * by that IPv4 address. Anything that is no address counts as internal.
 */
export function isInternalIp(address: string): boolean {
  const v4 = ipv4(address)
  if (v4) return internalV4(v4)
  const g = ipv6Groups(address)
  if (!g) return true
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  if (zero(0, 5) && (g[5] === 0xffff || g[5] === 0)) return internalV4(v4Of(g[6], g[7])) // mapped, compatible, ::, ::1
  if (g[0] === 0x64 && g[1] === 0xff9b) return zero(2, 6) ? internalV4(v4Of(g[6], g[7])) : true // NAT64, its local-use /48
  if (g[0] === 0x2002) return internalV4(v4Of(g[1], g[2])) // 6to4
  if (g[0] === 0x2001 && g[1] === 0) return internalV4(v4Of(g[6] ^ 0xffff, g[7] ^ 0xffff)) // Teredo's client
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true // documentation
  if (g[0] === 0x100 && zero(1, 4)) return true // discard-only
  return (g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xffc0) === 0xfec0 || (g[0] & 0xff00) === 0xff00
}

/** A URL's host when it is an IPv4 or IPv6 literal of a network that is not the internet's (see isInternalIp). */
export function isInternalAddress(hostname: string) {
  if (ipv4(hostname)) return isInternalIp(hostname)
  if (!hostname.startsWith('[')) return false
  return isInternalIp(hostname.slice(1, -1))
}

export function parseIssuer(value: string): URL | null {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  if (url.username || url.password || url.search || url.hash) return null
  const loopback = isLoopbackHost(url.hostname)
  if (loopback) return insecureIssuerAllowed() && (url.protocol === 'https:' || url.protocol === 'http:') ? url : null
  if (url.protocol !== 'https:') return null
  return isInternalAddress(url.hostname) ? null : url
}

/**
 * An endpoint the provider's discovery document names (token, keys, userinfo, authorisation): the
 * same rules as the issuer, so the document cannot send the server's requests into its own network.
 */
export function endpointAllowed(value: unknown): boolean {
  if (typeof value !== 'string') return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (isLoopbackHost(url.hostname)) return insecureIssuerAllowed() && (url.protocol === 'https:' || url.protocol === 'http:')
  return url.protocol === 'https:' && !isInternalAddress(url.hostname)
}

/** One e-mail domain, lower-case ASCII (an international one in its xn-- form). */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

/** The allowed domains as typed (commas, semicolons, spaces or lines between), lower-cased, without duplicates; null if one is no domain. */
export function parseDomains(text: string): string[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean)
  if (parts.some((d) => !DOMAIN.test(d))) return null
  return [...new Set(parts)]
}
