import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import type { ExecutionResult, ExecutionViewState } from '#models/core/constants.ts'

const STATE_TONE = {
  planned: 'neutral',
  due: 'warning',
  overdue: 'danger',
  submitted: 'warning',
  returned: 'danger',
  approved: 'success',
} as const satisfies Record<ExecutionViewState, 'neutral' | 'warning' | 'danger' | 'success'>

const RESULT_TONE = { effective: 'success', deficient: 'danger', notApplicable: 'neutral' } as const satisfies Record<
  ExecutionResult,
  'neutral' | 'danger' | 'success'
>

/** An execution's state as the day reads it (planned, due, overdue, submitted, returned, approved). */
export function StateBadge({ view }: { view: ExecutionViewState }) {
  const { t } = useTranslation()
  return <Badge tone={STATE_TONE[view]}>{t(`executions:state.${view}`)}</Badge>
}

/** An execution's result. */
export function ResultBadge({ result }: { result: ExecutionResult }) {
  const { t } = useTranslation()
  return <Badge tone={RESULT_TONE[result]}>{t(`executions:result.${result}`)}</Badge>
}
