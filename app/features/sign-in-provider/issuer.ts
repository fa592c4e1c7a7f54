/**
 * The issuer of a fund's provider as the product accepts it (docs/decisions/0038): https, or plain
 * http only on a loopback host (tests, development); no credentials, query or fragment. Shared by the
 * operator's form (browser and server) and the OpenID client.
 */
export function isLoopbackHost(hostname: string) {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1'
}

export function parseIssuer(value: string): URL | null {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  if (url.username || url.password || url.search || url.hash) return null
  if (url.protocol === 'https:') return url
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url
  return null
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
