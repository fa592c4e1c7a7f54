/** What other features may use of the KRI area that runs anywhere: the judgement of a figure by its thresholds. */
export { judge } from './status.ts'
