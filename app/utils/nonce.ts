import { createContext, useContext } from 'react'
import { createContext as createRouterContext } from 'react-router'

/** The per-request CSP nonce for inline scripts; empty in the browser. */
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)

/** The nonce in the router's load context (set by server.ts, read by entry.server.tsx). */
export const nonceContext = createRouterContext<string>('')
