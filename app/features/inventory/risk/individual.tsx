import { useTranslation } from '#app/i18n/use-translation.ts'
import { IndividualDialog, PickField } from '#app/features/inventory/individual-dialog.tsx'
import type { Route } from './+types/individual'
import { riskIndividual } from './routes.server.ts'

export const loader = riskIndividual.loader
export const action = riskIndividual.action

export default function IndividualRisk({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { themes, members, me } = loaderData
  return (
    <IndividualDialog
      ns="risk"
      id="individual-risk"
      loadSchema={() => import('./blocks.ts').then((m) => m.individualSchema)}
      lastResult={actionData?.result}
      defaultValue={{ ownerUserId: me }}
      theme={{ name: 'themeId', label: t('risk:field.theme'), themes }}
      after={(field) => (
        <PickField
          label={t('risk:field.owner')}
          {...field('ownerUserId')}
          options={members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))}
        />
      )}
    />
  )
}
