import net from 'node:net'

/**
 * What Express's `trust proxy` gets from TRUST_PROXY (decision 0050). The client's address (req.ip,
 * the sign-in throttle's key and the audit trail's) is then the right-most X-Forwarded-For entry
 * that no trusted proxy added, so a client cannot choose it by sending the header itself.
 *
 * - unset, empty, `false` or `0`: no proxy; the connection's own address counts.
 * - a number N: the N proxies nearest to the app are trusted (`1`: one reverse proxy in front).
 * - `true`: one proxy, as `1`. (Express's own `true` trusts every hop, so the left-most entry,
 *   which the client writes, would count.)
 * - a list of addresses or subnets (`10.0.0.0/8,127.0.0.1`) or the names `loopback`, `linklocal`,
 *   `uniquelocal`: those proxies are trusted, wherever they stand in the chain.
 *
 * Anything else stops the start with the reason.
 */
export function trustProxySetting(value: string | undefined = process.env.TRUST_PROXY): false | number | string[] {
  const text = (value ?? '').trim()
  if (text === '' || text.toLowerCase() === 'false' || text === '0') return false
  if (text.toLowerCase() === 'true') return 1
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 32) throw new Error(`TRUST_PROXY=${text}: at most 32 proxy hops.`)
    return hops
  }
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const wrong = entries.filter((e) => !isProxyEntry(e))
  if (wrong.length > 0)
    throw new Error(
      `TRUST_PROXY: ${wrong.map((w) => `"${w}"`).join(', ')} is no number of proxy hops, IP address, subnet (10.0.0.0/8) or loopback, linklocal, uniquelocal. ` +
        'What to do: set TRUST_PROXY to the number of reverse proxies in front of the app (usually 1) or to their addresses.',
    )
  return entries
}

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyEntry(entry: string) {
  if (NAMED.has(entry)) return true
  const [address, prefix, ...rest] = entry.split('/')
  if (rest.length > 0) return false
  const family = net.isIP(address ?? '')
  if (family === 0) return false
  if (prefix === undefined) return true
  if (!/^\d+$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}
