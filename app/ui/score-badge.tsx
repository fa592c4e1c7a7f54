import { useTranslation } from '#app/i18n/use-translation.ts'
import { band } from '#models/core/risk-score.ts'
import * as css from './register.css.ts'

/** Probability × severity with the colour of its band; "not evaluated" when a level is missing. */
export function ScoreBadge({ probability, severity }: { probability: number | null; severity: number | null }) {
  const { t } = useTranslation()
  if (!probability || !severity) return <span className={css.muted}>{t('notEvaluated')}</span>
  const b = band(probability, severity)
  return (
    <span className={css.score[b]} title={t(`band.${b}`)}>
      {probability} × {severity} = {probability * severity}
    </span>
  )
}
