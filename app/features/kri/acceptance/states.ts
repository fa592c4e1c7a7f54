/** The badge tone of an acceptance's state. */
export const STATE_TONE = { inForce: 'success', lapsing: 'warning', lapsed: 'neutral', revoked: 'neutral', future: 'neutral' } as const

/** In force, lapsing within ACCEPTANCE_REMINDER_DAYS (and in force), or ended (lapsed or revoked). */
export const ACCEPTANCE_VIEWS = ['inForce', 'lapsing', 'ended', 'all'] as const
export type AcceptanceView = (typeof ACCEPTANCE_VIEWS)[number]

/**
 * An acceptance to be judged anew: the risk's net score now lies above the appetite's score limit in force or
 * above the net score it was accepted with. An unrated risk gives no verdict here.
 */
export function needsReassessment(currentNet: number | null, acceptedNet: number, limit: number): boolean {
  return currentNet !== null && (currentNet > limit || currentNet > acceptedNet)
}
