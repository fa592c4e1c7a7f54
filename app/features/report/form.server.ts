import { data } from 'react-router'
import { refuse } from '#app/utils/domain-errors.server.ts'
import { DomainError } from '#models/core/errors.ts'

const FIELD_MESSAGE: Record<string, string> = {
  names: 'report:errors.names',
  decidedBy: 'report:errors.names',
  reference: 'report:approvalDecision.errors.reference',
  title: 'report:approvalDecision.errors.title',
}

const FORM_FIELD: Record<string, string> = { decisionReference: 'reference', decisionTitle: 'title' }

/** A refused freeze or approval as the form's message (400 invalid, 409 duplicate); 403 and 404 as the page's error. */
export function replyToReportError(error: unknown, request: Request, values?: Record<string, string>) {
  // A decision named by the approval that is not the fund's: the form's message, not the page's 404.
  if (error instanceof DomainError && error.code === 'not-found' && error.field === 'decisionId')
    return data({ field: 'decisionId', error: 'report:approvalDecision.errors.choose', values }, { status: 400 })
  if (error instanceof DomainError && (error.code === 'invalid' || error.code === 'conflict')) {
    // The register's own names of a new decision's fields (models/core/decisions.server.ts) are this form's reference and title.
    const field = FORM_FIELD[error.field ?? ''] ?? error.field ?? ''
    const message = error.messageKey ?? FIELD_MESSAGE[field] ?? 'report:errors.date'
    return data({ field, error: message, values }, { status: error.code === 'conflict' ? 409 : 400 })
  }
  if (error instanceof DomainError) refuse(error.code, request)
  throw error
}
