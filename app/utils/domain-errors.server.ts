import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import { forbidden, notFound } from '#app/auth/guards.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { M } from './validation.ts'

type Submission = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> }

const FIELD_MESSAGES: Record<string, string> = {
  owner: 'measures.ownerInvalid',
  recurrence: 'measures.recurrenceInvalid',
  link: 'documents.linkScheme',
  confirmationText: M.required,
}

/**
 * A refused change, answered the same way everywhere: unknown or foreign ids 404,
 * missing rights 403, a stale version 409 with the input kept, bad values as a
 * message at their field. Anything else is rethrown. `key` names the reply for a page with
 * several forms (the stepper's measure and document forms).
 */
export function replyToDomainError<K extends string = 'result'>(error: unknown, submission: Submission, request: Request, key: K = 'result' as K) {
  if (!(error instanceof DomainError)) throw error
  const reply = (result: SubmissionResult<string[]>, status: number) => data({ [key]: result } as { [P in K]: SubmissionResult<string[]> }, { status })
  switch (error.code) {
    case 'not-found':
      return notFound(request)
    case 'forbidden':
      return forbidden(request)
    case 'stale':
      return reply(submission.reply({ formErrors: [M.staleVersion] }), 409)
    case 'conflict':
      return reply(submission.reply({ formErrors: [error.messageKey ?? M.invalid] }), 409)
    case 'invalid': {
      const field = error.field ?? ''
      const message = error.messageKey ?? FIELD_MESSAGES[field] ?? M.invalid
      return reply(submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), 400)
    }
  }
}
