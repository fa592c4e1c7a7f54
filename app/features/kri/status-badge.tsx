import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import type { KriStatus } from '#models/core/constants.ts'

const TONE = { green: 'success', amber: 'warning', red: 'danger' } as const

/** A KRI value's status by the thresholds in force on its date, in the shared words of the area. */
export function StatusBadge({ status }: { status: KriStatus | null }) {
  const { t } = useTranslation()
  return (
    <span data-testid="kri-status" data-status={status ?? 'none'}>
      <Badge tone={status ? TONE[status] : 'neutral'}>{t(`kri:status.${status ?? 'none'}`)}</Badge>
    </span>
  )
}
