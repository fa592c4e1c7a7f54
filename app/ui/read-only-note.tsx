import { useTranslation } from '#app/i18n/use-translation.ts'
import { Alert } from './fields.tsx'

type ReadOnlyReason = 'block' | 'dsgBlock' | 'icsSettings' | 'levels'

/** Says in place that the user may only read what follows, and who may edit it. */
export function ReadOnlyNote({ who }: { who: ReadOnlyReason }) {
  const { t } = useTranslation()
  return (
    <div data-testid="read-only-note">
      <Alert tone="info">{t(`readOnly.${who}`)}</Alert>
    </div>
  )
}
