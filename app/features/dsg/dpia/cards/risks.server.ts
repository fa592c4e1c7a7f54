import { removeRiskSchema, riskSchema } from '../schema.ts'
import { type IntentContext, runForm } from './intent.server.ts'

/** Each risk is a form of its own (`risk-<id>`, or `risk-new` for the one being added). */
export function saveRisk(ctx: IntentContext) {
  const riskId = String(ctx.formData.get('riskId') ?? '') || null
  return runForm(ctx, riskId ? `risk-${riskId}` : 'risk-new', riskSchema, ({ version, riskId: _r, withdrawApproval, ...input }) =>
    ctx.dpias.saveRisk(ctx.id, riskId, input, version, withdrawApproval),
  )
}

export function removeRisk(ctx: IntentContext) {
  return runForm(ctx, `risk-${String(ctx.formData.get('riskId') ?? '')}`, removeRiskSchema, ({ riskId, version, withdrawApproval }) =>
    ctx.dpias.removeRisk(ctx.id, riskId, version, withdrawApproval),
  )
}
