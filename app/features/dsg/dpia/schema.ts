import { z } from 'zod'
import { checkbox, dateField, M, optionalDateField, optionalString, requiredString, versionField } from '#app/utils/validation.ts'

const id = () => z.string({ error: M.required }).trim().min(1, M.required).max(100, M.invalid)
const optionalId = () =>
  z
    .string()
    .optional()
    .transform((v) => v || null)

/** The screening (Art. 22 para. 2 and 4); `activityId` only on the screening page. */
export const screenSchema = z.object({
  activityId: id().optional(),
  largeScaleSensitive: checkbox(),
  systematicMonitoring: checkbox(),
  newTechnologies: checkbox(),
  profilingHighRisk: checkbox(),
  requiredByLaw: checkbox(),
  notRequiredReason: optionalString(2000),
  withdrawApproval: checkbox(),
  version: versionField().optional(),
})

export const assessmentSchema = z.object({
  description: optionalString(10000),
  residualProbabilityLevelId: optionalId(),
  residualSeverityLevelId: optionalId(),
  residualNote: optionalString(2000),
  advisorConsulted: checkbox(),
  fdpicConsultedOn: optionalDateField(),
  fdpicReference: optionalString(200),
  /** On an approved assessment: the editor confirmed that saving withdraws the approval. */
  withdrawApproval: checkbox(),
  version: versionField(),
})

export const riskSchema = z.object({
  riskId: z.string().optional(),
  description: requiredString(2000),
  probabilityLevelId: id(),
  severityLevelId: id(),
  withdrawApproval: checkbox(),
  version: versionField(),
})

export const removeRiskSchema = z.object({ riskId: id(), withdrawApproval: checkbox(), version: versionField() })

export const approvalSchema = z.object({
  approvedByUserId: id(),
  approvedOn: dateField(),
  version: versionField(),
})

export const measureLinkSchema = z.object({ measureId: id(), withdrawApproval: checkbox(), version: versionField() })
