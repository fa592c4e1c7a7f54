/**
 * The face of `admin` for pages: the components other features may render. Nothing else of this folder
 * is imported from outside (tests/integration/architecture.test.ts, decision 0055).
 */
export { RightsFields } from './rights-fields.tsx'
