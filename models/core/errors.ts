/** A refused request, by reason; routes turn it into 404, 403, 409 or a form message. */
export class DomainError extends Error {
  constructor(
    public readonly code: 'not-found' | 'forbidden' | 'stale' | 'invalid' | 'conflict',
    public readonly field?: string,
    public readonly messageKey?: string,
  ) {
    super(code)
  }
}
