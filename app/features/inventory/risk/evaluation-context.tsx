import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import * as detailCss from '#app/ui/stepper.css.ts'
import type { EvaluationData } from './routes.server.ts'

const RESULT_TONE = { effective: 'success', deficient: 'danger', notApplicable: 'neutral' } as const
const STATUS_TONE = { green: 'success', amber: 'warning', red: 'danger' } as const

/**
 * Beside the net rating: the controls that lower the risk (the linked ICS processes with their latest approved
 * execution), the KRIs watching it, and the council's acceptance in force.
 */
export function EvaluationContext({ riskId, data }: { riskId: string; data: EvaluationData }) {
  const { t } = useTranslation()
  const { controls, kris, acceptance, kriRead, canAccept } = data
  return (
    <>
      {controls ? (
        <section className={detailCss.sub} aria-labelledby="evaluation-controls">
          <h3 id="evaluation-controls">{t('risk:evaluation.controls')}</h3>
          {controls.length === 0 ? (
            <p className={css.muted}>{t('risk:evaluation.noControls')}</p>
          ) : (
            <ul className={detailCss.list} data-testid="evaluation-controls">
              {controls.map((c) => (
                <li key={c.id}>
                  <AppLink to={`/app/iks/${c.id}`}>
                    {c.idkey} {c.title}
                  </AppLink>{' '}
                  ·{' '}
                  {c.result ? (
                    <>
                      <Badge tone={RESULT_TONE[c.result]}>{c.resultLabel}</Badge> {t('risk:evaluation.periodEnd', { date: formatDate(c.periodEnd) })}
                    </>
                  ) : (
                    <span className={css.muted}>{t('risk:evaluation.noExecution')}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {kris ? (
        <section className={detailCss.sub} aria-labelledby="evaluation-kris">
          <h3 id="evaluation-kris">{t('risk:evaluation.kris')}</h3>
          {kris.length === 0 ? (
            <p className={css.muted}>{t('risk:evaluation.noKris')}</p>
          ) : (
            <ul className={detailCss.list} data-testid="evaluation-kris">
              {kris.map((k) => (
                <li key={k.id}>
                  <AppLink to={`/app/risk/kri/${k.id}`}>{k.name}</AppLink> ·{' '}
                  {k.value === null ? (
                    <span className={css.muted}>{t('risk:evaluation.noValue')}</span>
                  ) : (
                    <>
                      {k.display} ({formatDate(k.periodEnd)}) <Badge tone={k.status ? STATUS_TONE[k.status] : undefined}>{k.statusLabel}</Badge>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {kriRead ? (
        <section className={detailCss.sub} aria-labelledby="evaluation-acceptance" data-testid="evaluation-acceptance">
          <h3 id="evaluation-acceptance">{t('risk:evaluation.acceptance')}</h3>
          {acceptance?.reassess ? (
            <p data-testid="evaluation-reassess">
              <Badge tone="warning">{t('risk:acceptance.reassess')}</Badge>
            </p>
          ) : null}
          {acceptance ? (
            <dl className={detailCss.fields}>
              <Field label={t('risk:acceptance.acceptedBy')}>{acceptance.acceptedBy}</Field>
              <Field label={t('risk:acceptance.acceptedOn')}>{formatDate(acceptance.acceptedOn)}</Field>
              <Field label={t('risk:acceptance.validUntil')}>{formatDate(acceptance.validUntil)}</Field>
              <Field label={t('risk:acceptance.decisionReference')}>{acceptance.decisionReference || '—'}</Field>
              <Field label={t('risk:acceptance.justification')}>
                <span className={detailCss.pre}>{acceptance.justification}</span>
              </Field>
            </dl>
          ) : (
            <p className={css.muted}>{t('risk:acceptance.none')}</p>
          )}
          {canAccept ? <AppLink to={`/app/risk/${riskId}/acceptance`}>{t(acceptance ? 'risk:acceptance.manage' : 'risk:acceptance.accept')}</AppLink> : null}
        </section>
      ) : null}
    </>
  )
}
