import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'

import { band } from '#models/core/risk-score.ts'
import * as css from '#app/ui/register.css.ts'
import { tableScroll } from '#app/styles/layout.css.ts'
import { matrixAxes } from '#app/ui/risk-matrix.ts'

type Level = { ref: number; label: string }

/**
 * The probability × severity grid, rendered as an HTML table on the server:
 * readable without JavaScript, by screen readers and on paper. Each cell
 * shows the number of risks in it and links to the inventory filtered to it.
 */
export function RiskMap({
  probability,
  severity,
  counts,
  current,
  caption,
  linkCells = true,
  view = 'net',
}: {
  probability: Level[]
  severity: Level[]
  counts: { probability: number; severity: number; count: number }[]
  current?: { probability: number | null; severity: number | null }
  caption: string
  linkCells?: boolean
  /** Which rating the counts are of: the cells link to the inventory filtered by the same rating. */
  view?: 'net' | 'gross'
}) {
  const { t } = useTranslation()
  const count = (p: number, s: number) => counts.find((c) => c.probability === p && c.severity === s)?.count ?? 0
  const { rows, cols } = matrixAxes({ probability, severity })
  return (
    <div className={css.mapWrap}>
      <div className={css.axisLabel} aria-hidden="true">
        {t('risk:field.severity')} ↑
      </div>
      <div>
        <div className={tableScroll}>
          <table className={css.mapTable} data-testid="risk-map">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <td />
                {cols.map((p) => (
                  <th key={p.ref} scope="col" title={p.label}>
                    {p.ref}
                    <div className={css.levelLabel}>{p.label}</div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.ref}>
                  <th scope="row" title={s.label}>
                    {s.ref}
                    <div className={css.levelLabel}>{s.label}</div>
                  </th>
                  {cols.map((p) => {
                    const n = count(p.ref, s.ref)
                    const isCurrent = current?.probability === p.ref && current?.severity === s.ref
                    const label = t('risk:map.cellLabel', { p: p.ref, s: s.ref, count: n })
                    return (
                      <td
                        key={p.ref}
                        className={[css.mapCell[band(p.ref, s.ref)], isCurrent ? css.mapCurrent : ''].join(' ')}
                        data-cell={`${p.ref}-${s.ref}`}
                        data-current={isCurrent || undefined}
                      >
                        {linkCells ? (
                          <AppLink to={`/app/risk?cell=${p.ref}-${s.ref}${view === 'gross' ? '&view=gross' : ''}`} aria-label={label}>
                            {n}
                          </AppLink>
                        ) : (
                          <>
                            <span aria-hidden="true">{isCurrent ? '●' : ''}</span>
                            {isCurrent ? <span className="visually-hidden">{`${t('risk:evaluation.position')}: ${p.ref} × ${s.ref}`}</span> : null}
                          </>
                        )}
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={css.muted} style={{ textAlign: 'center' }}>
          {t('risk:field.probability')} →
        </p>
        <div className={css.legend}>
          {(['low', 'medium', 'high', 'critical'] as const).map((b) => (
            <span key={b} className={css.score[b]}>
              {t(`band.${b}`)}
            </span>
          ))}
        </div>
      </div>
    </div>
  )
}
