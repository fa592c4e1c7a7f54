import { Form } from 'react-router'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import type { AssuranceState } from '#models/core/constants.ts'
import { executionNumber } from '#models/core/record-number.ts'
import type { AssuranceInfo } from './state.server.ts'

const TONE = {
  notRequired: 'neutral',
  current: 'success',
  due: 'warning',
  overdue: 'danger',
  deficient: 'danger',
} as const satisfies Record<AssuranceState, 'neutral' | 'warning' | 'danger' | 'success'>

/** A provider's assurance state. */
export function AssuranceBadge({ state }: { state: AssuranceState }) {
  const { t } = useTranslation()
  return (
    <span data-testid="assurance-state" data-state={state}>
      <Badge tone={TONE[state]}>{t(`providers:assurance.${state}`)}</Badge>
    </span>
  )
}

/**
 * The provider's yearly assurance on its page (issue 28): the state, the due day, this year's review (an
 * execution of the key control, recorded and signed on its own page) and the day the last one was signed;
 * a writer plans this year's review with a form that needs no JavaScript.
 */
export function AssuranceBlock({ providerId, assurance, canPlan }: { providerId: string; assurance: AssuranceInfo | undefined; canPlan: boolean }) {
  const { t } = useTranslation()
  if (!assurance) return null
  const planned = assurance.executionId !== null
  return (
    <section data-testid="assurance-block" aria-labelledby="assurance-block-title">
      <Card title={<span id="assurance-block-title">{t('providers:assuranceReview.title', { year: assurance.year })}</span>}>
        <p className={css.muted}>{t('providers:assuranceReview.intro')}</p>
        <dl>
          <Field label={t('providers:assuranceReview.state')}>
            <AssuranceBadge state={assurance.state} />
          </Field>
          {assurance.dueOn ? <Field label={t('providers:assuranceReview.dueOn')}>{formatDate(assurance.dueOn)}</Field> : null}
          <Field label={t('providers:assuranceReview.execution')}>
            {assurance.executionId && assurance.executionNumber !== null ? (
              <AppLink to={`/app/iks/executions/${assurance.executionId}`} data-testid="assurance-execution">
                {executionNumber(assurance.executionNumber)}
              </AppLink>
            ) : (
              t('providers:assuranceReview.notPlanned')
            )}
          </Field>
          <Field label={t('providers:assuranceReview.approvedOn')}>
            {assurance.approvedOn ? formatDate(assurance.approvedOn) : t('providers:assuranceReview.never')}
          </Field>
        </dl>
        {canPlan && !planned && assurance.state !== 'notRequired' ? (
          <Form method="post" action={`/app/providers/${providerId}/assurance`} data-testid="assurance-plan">
            <Button type="submit">{t('providers:assuranceReview.plan')}</Button>
          </Form>
        ) : null}
      </Card>
    </section>
  )
}
