import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { z } from 'zod'
import { forbidden, notFound } from '#app/auth/guards.server.ts'
import type { LockOutcome } from '#models/core/locks.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * The edit, cancel and save intents of a stepper block (risk, ICS process):
 * take the lock, release it, or validate and save. Answers null for any
 * other intent, which the route handles itself.
 */
export async function handleBlockIntent(
  request: Request,
  formData: FormData,
  opts: {
    here: (step: string) => string
    /** Every block that can be edited at all; another name answers 404. */
    editable: readonly string[]
    /** The blocks this user may edit; another editable block answers 403. */
    allowed: readonly string[]
    start: (block: string) => Promise<LockOutcome>
    cancel: () => Promise<void>
    schemaFor: (block: string) => z.ZodType
    save: (block: string, values: Record<string, unknown>, version: number) => Promise<unknown>
  },
) {
  const intent = String(formData.get('intent') ?? '')
  const block = String(formData.get('block') ?? '')
  switch (intent) {
    case 'edit': {
      checkBlock(request, block, opts)
      try {
        const outcome = await opts.start(block)
        if (!outcome.ok) return data({ blockError: 'validation.multipleBlocks', holder: outcome.holder?.userName ?? null }, { status: 409 })
      } catch (error) {
        if (error instanceof DomainError && error.code === 'not-found') notFound(request)
        throw error
      }
      throw redirect(opts.here(block))
    }
    case 'cancel':
      // Only a known block name goes into the redirect's Location.
      if (!opts.editable.includes(block)) notFound(request)
      await opts.cancel()
      throw redirect(opts.here(block))
    case 'save': {
      checkBlock(request, block, opts)
      const submission = parseWithZod(formData, { schema: opts.schemaFor(block) })
      if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
      const { intent: _i, block: _b, version, ...values } = submission.value as { intent: string; block: string; version: number } & Record<string, unknown>
      try {
        await opts.save(block, values, version)
      } catch (error) {
        return replyToDomainError(error, submission, request)
      }
      return redirectWithToast(opts.here(block), 'saved')
    }
  }
  return null
}

function checkBlock(request: Request, block: string, opts: { editable: readonly string[]; allowed: readonly string[] }) {
  if (!opts.editable.includes(block)) notFound(request)
  if (!opts.allowed.includes(block)) forbidden(request)
}
