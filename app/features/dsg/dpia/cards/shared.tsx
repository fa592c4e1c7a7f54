import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { CheckboxField } from '#app/ui/fields.tsx'
import type { SubmissionResult } from '#app/ui/form.ts'
import type { Route } from '../+types/detail'

/** What every card of the DPIA page reads: the route's loader data and the action's replies keyed by form. */
export type LoaderData = Route.ComponentProps['loaderData']
export type Results = Record<string, SubmissionResult<string[]> | undefined>

export const INTENTS = ['screen', 'assessment', 'saveRisk', 'removeRisk', 'approve', 'link', 'unlink'] as const
export type Intent = (typeof INTENTS)[number]

export function Version({ d }: { d: LoaderData }) {
  return <input type="hidden" name="version" value={d.dpia.version} />
}

/**
 * On an approved assessment, every form that changes its content carries this box: saving withdraws
 * the approval, and the service refuses the change until the box is ticked (no JavaScript needed).
 */
export function ConfirmWithdrawal({ d, errors, screening }: { d: LoaderData; errors?: string[]; screening?: boolean }) {
  const { t } = useTranslation()
  if (d.dpia.state !== 'approved') return null
  // A new screening withdraws the approval only when it finds the assessment not required.
  const label = screening ? t('dsg:dpia.approval.confirmScreening') : t('dsg:dpia.approval.confirmWithdrawal')
  return <CheckboxField label={label} name="withdrawApproval" errors={errors} />
}

export function Submit({ intent, children, variant }: { intent: Intent; children: ReactNode; variant?: 'primary' | 'secondary' | 'danger' }) {
  return (
    <Button type="submit" name="intent" value={intent} variant={variant}>
      {children}
    </Button>
  )
}

export const yesNo = (t: (k: string) => string, v: boolean) => (v ? t('dsg:dpia.yes') : t('dsg:dpia.no'))

export function levelLabel(l: { ref: number; name: string }) {
  return `${l.ref} – ${l.name}`
}
