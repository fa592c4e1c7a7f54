import { assessmentSchema } from '../schema.ts'
import { type IntentContext, runForm } from './intent.server.ts'

export function saveAssessment(ctx: IntentContext) {
  return runForm(ctx, 'assessment', assessmentSchema, ({ version, withdrawApproval, ...input }) =>
    ctx.dpias.saveAssessment(ctx.id, input, version, withdrawApproval),
  )
}
