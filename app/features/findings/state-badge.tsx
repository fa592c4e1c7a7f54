import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import type { FindingState } from '#models/core/constants.ts'

const TONE: Record<FindingState, 'neutral' | 'warning' | 'success'> = { open: 'warning', inProgress: 'neutral', done: 'success', accepted: 'success' }

/** A finding's state, and "escalated" beside it while open or in progress past the deadline. */
export function FindingStateBadges({ state, escalated }: { state: FindingState; escalated: boolean }) {
  const { t } = useTranslation()
  return (
    <span data-testid="finding-state" data-state={state}>
      <Badge tone={TONE[state]}>{t(`findings:state.${state}`)}</Badge>
      {escalated ? (
        <>
          {' '}
          <span data-testid="finding-escalated">
            <Badge tone="danger">{t('findings:state.escalated')}</Badge>
          </span>
        </>
      ) : null}
    </span>
  )
}
