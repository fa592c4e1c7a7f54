/** What other features use of the KRIs that runs anywhere: the one judge of a figure by its thresholds. */
export { judge } from './status.ts'
