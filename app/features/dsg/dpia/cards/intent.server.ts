import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { DsgDpias } from '../dpias.server.ts'

type Dpias = ReturnType<typeof DsgDpias.for>

/** What an intent handler of the DPIA page gets: the request, its form, the assessment and the service. */
export type IntentContext = {
  request: Request
  formData: FormData
  id: string
  dpias: Dpias
  found: NonNullable<Awaited<ReturnType<Dpias['get']>>>
}

/**
 * Parses one card's form and runs its change. The reply is keyed by the form, so a refused save keeps
 * its input there; a saved change goes back to the page with a toast.
 */
export async function runForm<S extends z.ZodType>(
  { request, formData, id }: IntentContext,
  key: string,
  schema: S,
  change: (value: z.output<S>) => Promise<unknown>,
) {
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return data({ [key]: submission.reply() }, { status: 400 })
  try {
    await change(submission.value as z.output<S>)
  } catch (error) {
    return replyToDomainError(error, submission, request, key)
  }
  return redirectWithToast(`/app/dsg/dpia/${id}`, 'saved')
}

/** What a handler answers: a 400 with the form's reply, a domain error's reply, or the redirect with a toast. */
export type IntentReply = ReturnType<typeof runForm>
