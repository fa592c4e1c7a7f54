import { createContext, useContext } from 'react'
import { createContext as createRouterContext } from 'react-router'

/** The per-request CSP nonce for inline scripts; empty in the browser. */
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)

// server.ts and the built app are separate bundles: one context key for both, kept on globalThis.
const holder = globalThis as typeof globalThis & { __vorsorgeNonceContext?: ReturnType<typeof createRouterContext<string>> }
/** The nonce in the router's load context (set by server.ts, read by entry.server.tsx). */
holder.__vorsorgeNonceContext ??= createRouterContext<string>('')
export const nonceContext = holder.__vorsorgeNonceContext
