import type { MeasureFigureTab } from './dashboard.server.ts'

/**
 * Where the top row's tiles lead: each figure opens the list filtered to what it counts
 * (links.test.ts holds each link to its list).
 */
export const TOP_LINKS = {
  /** status=overdue: pending and past due (measures.server.ts `overdueWhere`). */
  measuresOverdue: (tab: MeasureFigureTab) => `/app/measures?${new URLSearchParams({ tab, status: 'overdue' })}`,
  /** status=due up to `soon`: pending, due from today to the end of the reminders' window. */
  measuresDueSoon: (tab: MeasureFigureTab, soon: string) => `/app/measures?${new URLSearchParams({ tab, status: 'due', to: soon })}`,
  risks: '/app/risk',
  riskCell: (probability: number, severity: number) => `/app/risk?cell=${probability}-${severity}`,
  quality: '/app/iks/qsindex',
} as const

/**
 * Where the governance tiles lead (issue 28): the providers and findings lists read these parameters as
 * their filters (assurance state, notice day within the lead days; the derived escalated state, open or in progress).
 */
export const GOVERNANCE_LINKS = {
  assuranceOverdue: '/app/providers?assurance=overdue',
  assuranceDeficient: '/app/providers?assurance=deficient',
  notice: '/app/providers?notice=due',
  findingsEscalated: '/app/findings?state=escalated',
  findingsOpen: '/app/findings?state=unresolved',
} as const
