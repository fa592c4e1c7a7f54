import { data } from 'react-router'
import { refuse } from '#app/utils/domain-errors.server.ts'
import { DomainError } from '#models/core/errors.ts'

/** A refused freeze or approval as the form's message (400 invalid, 409 duplicate); 403 and 404 as the page's error. */
export function replyToReportError(error: unknown, request: Request, values?: Record<string, string>) {
  if (error instanceof DomainError && (error.code === 'invalid' || error.code === 'conflict')) {
    const message = error.messageKey ?? (error.field === 'names' ? 'report:errors.names' : 'report:errors.date')
    return data({ field: error.field ?? '', error: message, values }, { status: error.code === 'conflict' ? 409 : 400 })
  }
  if (error instanceof DomainError) refuse(error.code, request)
  throw error
}
