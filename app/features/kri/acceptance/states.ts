/** The badge tone of an acceptance's state. */
export const STATE_TONE = { inForce: 'success', lapsing: 'warning', lapsed: 'neutral', revoked: 'neutral', future: 'neutral' } as const
