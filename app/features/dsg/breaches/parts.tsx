import { useTranslation } from '#app/i18n/use-translation.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { Badge } from '#app/ui/badges.tsx'
import type { DsgBreachState } from '#models/core/constants.ts'
import type { Clock } from './clock.ts'

/** Time since discovery ("2 d 5 h"), the FDPIC target and, when it has passed, an overdue badge. */
export function ClockView({ clock }: { clock: Clock }) {
  const { t } = useTranslation()
  return (
    <span data-testid="breach-clock">
      <span>{t('dsg:breaches.clock.elapsed', { days: clock.days, hours: clock.hours })}</span>
      {clock.needsNotice ? (
        <>
          {' · '}
          <span>{t('dsg:breaches.clock.deadline', { at: formatDateTime(clock.deadline) })}</span>
        </>
      ) : null}
      {clock.overdue ? (
        <>
          {' '}
          <Badge tone="danger">{t('dsg:breaches.clock.overdue')}</Badge>
        </>
      ) : null}
    </span>
  )
}

export function StateBadge({ state }: { state: DsgBreachState }) {
  const { t } = useTranslation()
  return <Badge tone={state === 'open' ? 'warning' : 'neutral'}>{t(`dsg:breaches.state.${state}`)}</Badge>
}

/** Yes, no, or not yet assessed / decided. */
export function triLabel(t: (key: string) => string, value: boolean | null, unset: 'unassessed' | 'undecided' = 'unassessed') {
  return value === true ? t('dsg:breaches.yes') : value === false ? t('dsg:breaches.no') : t(`dsg:breaches.${unset}`)
}
