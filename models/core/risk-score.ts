/** The band of a risk's score (probability × severity) on the map; plain code, used by the screens and the seed. */
export function band(p: number, s: number) {
  const score = p * s
  return score <= 4 ? 'low' : score <= 9 ? 'medium' : score <= 14 ? 'high' : 'critical'
}

/** High or critical: such a risk is expected to have a measure. */
export function isHighScore(p: number, s: number) {
  const b = band(p, s)
  return b === 'high' || b === 'critical'
}
