import type { DsgDpiaState } from '#models/core/constants.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import { isDpiaOpen } from '../rules.ts'

/** An assessment's state; none yet: the activity is not screened. */
export function DpiaStateBadge({ state }: { state: DsgDpiaState | null }) {
  const { t } = useTranslation()
  if (!state) return <Badge tone="danger">{t('dsg:dpia.state.unscreened')}</Badge>
  const tone = isDpiaOpen({ state }) ? 'warning' : state === 'approved' ? 'success' : 'neutral'
  return <Badge tone={tone}>{t(`dsg:dpia.state.${state}`)}</Badge>
}
