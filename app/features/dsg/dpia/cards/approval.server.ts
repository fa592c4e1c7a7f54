import { approvalSchema } from '../schema.ts'
import { type IntentContext, runForm } from './intent.server.ts'

export function approve(ctx: IntentContext) {
  return runForm(ctx, 'approve', approvalSchema, ({ version, ...input }) => ctx.dpias.approve(ctx.id, input, version))
}
