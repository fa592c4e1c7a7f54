import { createContext as createRouterContext } from 'react-router'

// server.ts and the built app are separate bundles: one context key for both, kept on globalThis.
const holder = globalThis as typeof globalThis & { __vorsorgeClientIpContext?: ReturnType<typeof createRouterContext<string>> }
/** The client's address as Express sees it (X-Forwarded-For only with TRUST_PROXY). */
holder.__vorsorgeClientIpContext ??= createRouterContext<string>('')
export const clientIpContext = holder.__vorsorgeClientIpContext

/** The client's address for throttling and the audit trail; `unknown` where no server passed one. */
export function clientIp(context: unknown): string {
  const provider = context as { get?: (key: typeof clientIpContext) => string } | null | undefined
  try {
    return provider?.get?.(clientIpContext) || 'unknown'
  } catch {
    return 'unknown'
  }
}
