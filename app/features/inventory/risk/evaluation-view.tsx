import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import { ScoreBadge } from '#app/ui/score-badge.tsx'
import * as detailCss from '#app/ui/stepper.css.ts'
import { isHighScore } from '#models/core/risk-score.ts'
import { EvaluationContext } from './evaluation-context.tsx'
import { RiskMap } from './risk-map.tsx'
import type { EvaluationData } from './routes.server.ts'
import { ScoreHistory } from './score-history.tsx'

type Levels = EvaluationData['levels']
type RatedRisk = {
  id: string
  probabilityLevelId: string | null
  severityLevelId: string | null
  grossProbabilityLevelId: string | null
  grossSeverityLevelId: string | null
  measureNeeded: boolean | null
}

/** The top of the score scale: the highest probability × the highest severity of the fund's levels. */
const maxScore = (levels: Levels) => Math.max(...levels.probability.map((l) => l.ref), 1) * Math.max(...levels.severity.map((l) => l.ref), 1)

/**
 * The evaluation step as read: the gross and the net rating, the appetite's judgement, the place on the map,
 * the controls, KRIs and acceptance beside it and the score over time. A chunk of its own (detail.tsx loads it
 * when the step is shown).
 */
export default function EvaluationView({ risk, data: e }: { risk: RatedRisk; data: EvaluationData }) {
  const { t } = useTranslation()
  const { levels } = e
  const p = levels.probability.find((l) => l.id === risk.probabilityLevelId)
  const s = levels.severity.find((l) => l.id === risk.severityLevelId)
  const gp = levels.probability.find((l) => l.id === risk.grossProbabilityLevelId)
  const gs = levels.severity.find((l) => l.id === risk.grossSeverityLevelId)
  const net = p && s ? p.ref * s.ref : null
  return (
    <>
      <div className={detailCss.evaluation}>
        <section aria-labelledby="rating-gross" data-testid="rating-gross">
          <h3 id="rating-gross">{t('risk:evaluation.gross')}</h3>
          <dl className={detailCss.fields}>
            <Field label={t('risk:field.grossProbability')}>{gp ? `${gp.ref} – ${gp.name} (${gp.range})` : '—'}</Field>
            <Field label={t('risk:field.grossSeverity')}>{gs ? `${gs.ref} – ${gs.size} (${gs.effect})` : '—'}</Field>
            <Field label={t('risk:field.grossScore')}>
              <ScoreBadge probability={gp?.ref ?? null} severity={gs?.ref ?? null} />
            </Field>
          </dl>
        </section>
        <section aria-labelledby="rating-net" data-testid="rating-net">
          <h3 id="rating-net">{t('risk:evaluation.net')}</h3>
          <dl className={detailCss.fields}>
            <Field label={t('risk:field.netProbability')}>{p ? `${p.ref} – ${p.name} (${p.range})` : '—'}</Field>
            <Field label={t('risk:field.netSeverity')}>{s ? `${s.ref} – ${s.size} (${s.effect})` : '—'}</Field>
            <Field label={t('risk:field.netScore')}>
              <ScoreBadge probability={p?.ref ?? null} severity={s?.ref ?? null} />
            </Field>
            <Field label={t('risk:evaluation.appetite')}>
              <span data-testid="appetite-judgement">
                {net === null ? (
                  t('risk:evaluation.unrated')
                ) : net <= e.appetite.limit ? (
                  <span data-inside="true">✓ {t('risk:evaluation.inside', { score: net, limit: e.appetite.limit })}</span>
                ) : (
                  <strong data-inside="false">⚠ {t('risk:evaluation.outside', { score: net, limit: e.appetite.limit })}</strong>
                )}
              </span>
            </Field>
          </dl>
        </section>
        <div className={css.smallMap}>
          <RiskMap
            caption={t('risk:evaluation.position')}
            probability={levels.probability.map((l) => ({ ref: l.ref, label: '' }))}
            severity={levels.severity.map((l) => ({ ref: l.ref, label: '' }))}
            counts={[]}
            current={{ probability: p?.ref ?? null, severity: s?.ref ?? null }}
            linkCells={false}
          />
        </div>
      </div>
      {p && s && isHighScore(p.ref, s.ref) && !risk.measureNeeded ? (
        <Alert tone="warning">
          {t('risk:evaluation.highWithoutMeasure')} <AppLink to="?step=steering">{t('risk:block.steering')}</AppLink>
        </Alert>
      ) : null}
      <EvaluationContext riskId={risk.id} data={e} />
      <ScoreHistory points={e.history} max={maxScore(levels)} today={e.today} />
    </>
  )
}
