import { createContext, useContext } from 'react'

/** The per-request CSP nonce for inline scripts; empty in the browser. */
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)
