import { measureLinkSchema } from '../schema.ts'
import { type IntentContext, runForm } from './intent.server.ts'

/** Linking and unlinking reply under the same key: the card shows one error line for both. */
export function linkMeasure(ctx: IntentContext) {
  return runForm(ctx, 'link', measureLinkSchema, ({ measureId, version, withdrawApproval }) =>
    ctx.dpias.linkMeasure(ctx.id, measureId, version, withdrawApproval),
  )
}

export function unlinkMeasure(ctx: IntentContext) {
  return runForm(ctx, 'link', measureLinkSchema, ({ measureId, version, withdrawApproval }) =>
    ctx.dpias.unlinkMeasure(ctx.id, measureId, version, withdrawApproval),
  )
}
