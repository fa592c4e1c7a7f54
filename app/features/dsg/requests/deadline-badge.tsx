import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import type { DsgRequestState } from '#models/core/constants.ts'
import { isRequestDueSoon, isRequestOverdue, requestDeadline } from '../rules.ts'

/** Whole calendar days from `from` to `to` ('YYYY-MM-DD'; negative when `to` lies before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

type Request = { state: DsgRequestState; dueOn: string; extendedTo: string | null }

/**
 * A request's deadline as a badge: overdue, due in n days (within the due-soon window), the days left
 * otherwise, or its state once it is closed. `today` comes from the server, so the page and the list's
 * filters judge by the same day.
 */
export function DeadlineBadge({ request, today }: { request: Request; today: string }) {
  const { t } = useTranslation()
  if (request.state !== 'open') return <Badge tone={request.state === 'answered' ? 'success' : 'neutral'}>{t(`dsg:requests.state.${request.state}`)}</Badge>
  const days = daysBetween(today, requestDeadline(request))
  if (isRequestOverdue(request, today)) return <Badge tone="danger">{t('dsg:requests.deadline.overdue', { count: -days })}</Badge>
  if (isRequestDueSoon(request, today))
    return <Badge tone="warning">{days === 0 ? t('dsg:requests.deadline.today') : t('dsg:requests.deadline.dueIn', { count: days })}</Badge>
  return <Badge tone="neutral">{t('dsg:requests.deadline.dueIn', { count: days })}</Badge>
}
