// The judging of a figure lives below the features (models/core/kri-status.ts): the dashboard and the daily digest judge too.
export { boundsInOrder, judge, THRESHOLD_IN_FORCE } from '#models/core/kri-status.ts'
