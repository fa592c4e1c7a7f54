import { useTranslation } from '#app/i18n/use-translation.ts'
import { IndividualDialog, PickField } from '#app/features/inventory/individual-dialog.tsx'
import type { Route } from './+types/individual'
import { icsIndividual } from './routes.server.ts'

export const loader = icsIndividual.loader
export const action = icsIndividual.action

export default function IndividualProcess({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { mains, subs } = loaderData
  return (
    <IndividualDialog
      ns="iks"
      id="individual-process"
      loadSchema={() => import('./blocks.ts').then((m) => m.individualSchema)}
      lastResult={actionData?.result}
      theme={{ name: 'mainThemeId', label: t('iks:field.main'), themes: mains }}
      before={(field) => (
        <PickField label={t('iks:field.sub')} {...field('subThemeId')} options={subs.map((s) => ({ value: s.id, label: `${s.key} ${s.name}` }))} />
      )}
    />
  )
}
