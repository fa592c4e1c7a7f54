import type { SubmissionResult } from '#app/ui/form.ts'
import { data } from 'react-router'
import { DomainError } from '#models/core/errors.ts'
import { M } from './validation.ts'

type Submission = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> }
type Code = DomainError['code']

/**
 * The one table from a refusal's reason to its answer: HTTP status, the API's `{ error }` text and the
 * statusText of a page's error. Everything that refuses a request (guards, middleware, services through
 * DomainError, routes) answers through this table.
 */
export const DOMAIN_ERROR_STATUS: Record<Code, { status: number; api: string; statusText: string }> = {
  'not-found': { status: 404, api: 'not found', statusText: 'Not Found' },
  forbidden: { status: 403, api: 'forbidden', statusText: 'Forbidden' },
  stale: { status: 409, api: 'conflict', statusText: 'Conflict' },
  conflict: { status: 409, api: 'conflict', statusText: 'Conflict' },
  invalid: { status: 400, api: 'bad request', statusText: 'Bad Request' },
}

const FIELD_MESSAGES: Record<string, string> = {
  owner: 'measures.ownerInvalid',
  recurrence: 'measures.recurrenceInvalid',
  link: 'documents.linkScheme',
  confirmationText: M.required,
}

function isApi(request: Request) {
  return new URL(request.url).pathname.startsWith('/api/')
}

/** Throws a refusal as the page's error (the error boundary shows it), or as JSON `{ error }` for the API. */
export function refuse(code: Code, request?: Request): never {
  const { status, api, statusText } = DOMAIN_ERROR_STATUS[code]
  if (request && isApi(request)) throw Response.json({ error: api }, { status })
  throw data(null, { status, statusText })
}

export function forbidden(request?: Request): never {
  return refuse('forbidden', request)
}

export function notFound(request?: Request): never {
  return refuse('not-found', request)
}

/** A DomainError thrown where no form answers (a loader, an API call): its status page; anything else is rethrown. */
export function throwDomainError(error: unknown, request?: Request): never {
  if (!(error instanceof DomainError)) throw error
  return refuse(error.code, request)
}

/**
 * A refused change, answered the same way everywhere: unknown or foreign ids 404,
 * missing rights 403, a stale version 409 with the input kept, bad values as a
 * message at their field. Anything else is rethrown. `key` names the reply for a page with
 * several forms (the stepper's measure and document forms).
 */
export function replyToDomainError<K extends string = 'result'>(error: unknown, submission: Submission, request: Request, key: K = 'result' as K) {
  if (!(error instanceof DomainError)) throw error
  const reply = (result: SubmissionResult<string[]>) =>
    data({ [key]: result } as { [P in K]: SubmissionResult<string[]> }, { status: DOMAIN_ERROR_STATUS[error.code].status })
  switch (error.code) {
    case 'not-found':
    case 'forbidden':
      return refuse(error.code, request)
    case 'stale':
      return reply(submission.reply({ formErrors: [M.staleVersion] }))
    case 'conflict':
      return reply(submission.reply({ formErrors: [error.messageKey ?? M.invalid] }))
    case 'invalid': {
      const field = error.field ?? ''
      const message = error.messageKey ?? FIELD_MESSAGES[field] ?? M.invalid
      return reply(submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }))
    }
  }
}
