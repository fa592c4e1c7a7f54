import { isHighScore } from '#models/core/risk-score.ts'

/*
 * What an impact assessment (Art. 22/23 DSG) derives from its answers, for the service and the page
 * alike. "High" is the risk map's own judgement of a score (models/core/risk-score.ts), applied to
 * the fund's probability and severity levels by their ref.
 */

export type Screening = {
  largeScaleSensitive: boolean
  systematicMonitoring: boolean
  newTechnologies: boolean
  profilingHighRisk: boolean
  requiredByLaw: boolean
}

export const SCREENING_CRITERIA = ['largeScaleSensitive', 'systematicMonitoring', 'newTechnologies', 'profilingHighRisk'] as const

/**
 * An assessment is required when one of the criteria of Art. 22 para. 2 holds, unless the processing
 * is required by law (para. 4).
 */
export function isDpiaRequired(s: Screening): boolean {
  return !s.requiredByLaw && SCREENING_CRITERIA.some((c) => s[c])
}

type Level = { ref: number } | null | undefined

/** The residual risk stays high: its probability and severity make a high score on the risk map. */
export function residualStaysHigh(probability: Level, severity: Level): boolean {
  return Boolean(probability && severity && isHighScore(probability.ref, severity.ref))
}

/** The FDPIC must be consulted (Art. 23 para. 1): the residual risk stays high and the advisor was not consulted (para. 4). */
export function fdpicConsultationRequired(d: { advisorConsulted: boolean }, probability: Level, severity: Level): boolean {
  return residualStaysHigh(probability, severity) && !d.advisorConsulted
}

export const APPROVAL_GAPS = ['description', 'risks', 'residual', 'fdpic'] as const
export type ApprovalGap = (typeof APPROVAL_GAPS)[number]

/** What an assessment lacks before it may be approved; empty when complete. */
export function approvalGaps(
  d: { description: string; advisorConsulted: boolean; fdpicConsultedOn: string | null },
  riskCount: number,
  probability: Level,
  severity: Level,
): ApprovalGap[] {
  const gaps: ApprovalGap[] = []
  if (!d.description.trim()) gaps.push('description')
  if (riskCount === 0) gaps.push('risks')
  if (!probability || !severity) gaps.push('residual')
  if (fdpicConsultationRequired(d, probability, severity) && !d.fdpicConsultedOn) gaps.push('fdpic')
  return gaps
}
