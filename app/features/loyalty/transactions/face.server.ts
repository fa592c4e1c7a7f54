/**
 * The face of the related-party transactions on the server: what other features (the annual report's
 * loyalty section) may import. Nothing else of this folder is imported from outside (decision 0055).
 */
export { transactionsOfYear, type YearTransaction } from './transactions.server.ts'
