/**
 * The judgement of a KRI's figure by its thresholds lives below the features (models/core/kri-status.ts), so
 * that the risk inventory's evaluation step judges with the same code without importing this feature.
 */
export { boundsInOrder, judge, THRESHOLD_IN_FORCE } from '#models/core/kri-status.ts'
