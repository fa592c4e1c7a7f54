/**
 * The one orientation of every risk matrix on screen (the risk map, the risk detail, the dashboard's
 * heat map): severity on the vertical axis, the highest level at the top; probability on the
 * horizontal axis, the lowest level at the left. So a risk with a high severity and a low probability
 * sits top left wherever it is drawn. Components take their rows and columns from here instead of
 * sorting the levels themselves, so the orientation cannot drift apart again.
 */
export type MatrixAxes<L extends { ref: number }> = {
  /** Severity levels, top row first (highest ref). */
  rows: L[]
  /** Probability levels, left column first (lowest ref). */
  cols: L[]
  /** The vertical axis holds severity, the horizontal probability. */
  vertical: 'severity'
  horizontal: 'probability'
}

export function matrixAxes<L extends { ref: number }>(levels: { probability: L[]; severity: L[] }): MatrixAxes<L> {
  return {
    rows: [...levels.severity].sort((a, b) => b.ref - a.ref),
    cols: [...levels.probability].sort((a, b) => a.ref - b.ref),
    vertical: 'severity',
    horizontal: 'probability',
  }
}
