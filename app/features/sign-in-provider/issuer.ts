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

/** An IPv4 or IPv6 literal of a network that is not the internet's (private, link-local, ULA, unspecified, CGNAT). */
export function isInternalAddress(hostname: string) {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(hostname)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    )
  }
  if (!hostname.startsWith('[')) return false
  const v6 = hostname.slice(1, -1).toLowerCase()
  // WHATWG URL writes an IPv4-mapped address as ::ffff:a0b:c0d: the hex form of the same internal IPv4.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6)
  if (mapped) {
    const hi = Number.parseInt(mapped[1], 16)
    const lo = Number.parseInt(mapped[2], 16)
    return isInternalAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`)
  }
  return v6 === '::' || v6 === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(v6) || /^fe[89ab][0-9a-f]?:/.test(v6)
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
