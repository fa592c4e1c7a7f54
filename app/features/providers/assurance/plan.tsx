import { data, isRouteErrorResponse, redirect, useParams, useRouteError } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { ErrorContent } from '#app/ui/shell.tsx'
import { throwDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DomainError } from '#models/core/errors.ts'
import type { Route } from './+types/plan'
import { Assurance } from './assurance.server.ts'

/** Nothing to show: the review is planned from the provider's page. */
export async function loader({ params }: Route.LoaderArgs) {
  return redirect(`/app/providers/${params.id}`)
}

/**
 * Plans this year's assurance review of the provider (a form without JavaScript posts here) and opens
 * its execution. A refusal with a reason (no assurance asked, no process) is a 400 told in the user's
 * language by this route's own boundary, so the provider's loader does not run past it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.providers.write && p.executions.record)
  try {
    const execution = await Assurance.for(access).plan(params.id)
    return redirectWithToast(`/app/iks/executions/${execution.id}`, 'saved')
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid' && error.messageKey) {
      throw data({ message: error.messageKey }, { status: 400, statusText: 'Bad Request' })
    }
    throwDomainError(error, request)
  }
}

export default function PlanAssurance() {
  return null
}

/** A refused plan in the user's language, with the way back to the provider. */
export function ErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  const { id } = useParams()
  const message = isRouteErrorResponse(error) && error.status === 400 ? (error.data as { message?: string } | null)?.message : undefined
  if (!message) return <ErrorContent error={error} />
  return (
    <div data-testid="assurance-refused">
      <h1>{t('providers:assuranceReview.errors.title')}</h1>
      <Alert tone="error">{t(message)}</Alert>
      <p>
        <AppLink to={`/app/providers/${id}`}>{t('providers:assuranceReview.errors.back')}</AppLink>
      </p>
    </div>
  )
}
