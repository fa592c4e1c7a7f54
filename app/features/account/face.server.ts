/**
 * The face of `account` on the server: what other features may import from it. Nothing else of this
 * folder is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { startSession } from './sign-in.server.ts'
export { sendDeputyNotices } from './deputies.server.ts'
