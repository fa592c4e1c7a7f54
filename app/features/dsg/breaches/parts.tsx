import { useTranslation } from '#app/i18n/use-translation.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { Badge } from '#app/ui/badges.tsx'
import type { DsgBreachState } from '#models/core/constants.ts'
import type { Clock, Span } from './clock.ts'

/** A span as words: "52 h", "4 T 2 h" when long, "weniger als 1 h". */
function spanText(t: (key: string, options?: Record<string, unknown>) => string, span: Span): string {
  if (span.lessThanHour) return t('dsg:breaches.clock.spanUnderHour')
  return span.long ? t('dsg:breaches.clock.spanDays', { days: span.days, hours: span.hours }) : t('dsg:breaches.clock.spanHours', { hours: span.totalHours })
}

/**
 * The time left until the FDPIC target ("noch 52 h"), amber and worded "nur noch 5 h" within its last
 * 24 hours, red "überfällig seit 3 h" after it; `empty` where no notice is owed (notified, not high-risk).
 * Judged on the server (./clock.ts); the words say what the colour says.
 */
export function ClockLeft({ clock, empty = '—' }: { clock: Clock; empty?: string }) {
  const { t } = useTranslation()
  const span = spanText(t, clock.span)
  return (
    <span data-testid="breach-deadline" data-status={clock.status}>
      {clock.status === 'none' ? (
        empty
      ) : clock.status === 'overdue' ? (
        <Badge tone="danger">{t('dsg:breaches.clock.overdueSince', { span })}</Badge>
      ) : clock.status === 'soon' ? (
        <Badge tone="warning">{t('dsg:breaches.clock.leftSoon', { span })}</Badge>
      ) : (
        t('dsg:breaches.clock.left', { span })
      )}
    </span>
  )
}

/** Time since discovery ("2 T 5 h") and, while a notice may be owed, the FDPIC target's instant. */
export function ClockView({ clock }: { clock: Clock }) {
  const { t } = useTranslation()
  return (
    <span data-testid="breach-clock">
      <span>{t('dsg:breaches.clock.elapsed', { days: clock.days, hours: clock.hours })}</span>
      {clock.status !== 'none' ? (
        <>
          {' · '}
          <span>{t('dsg:breaches.clock.deadline', { at: formatDateTime(clock.deadline) })}</span>
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
