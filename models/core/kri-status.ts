import type { KriDirection, KriStatus } from './constants.ts'

/** A KRI's bounds in force on a day (numbers as the database's numeric text or as numbers). */
export type Bounds = { amber: number | string; red: number | string }

/**
 * A figure judged by the thresholds in force on its date (decision 0067). Higher is better: below amber
 * amber, below red red. Lower is better: above amber amber, above red red. On a bound is still the better
 * side (a coverage ratio of exactly 100 % is not red when red is below 100). Without thresholds: null.
 */
export function judge(value: number | string, direction: KriDirection, bounds: Bounds | null | undefined): KriStatus | null {
  if (!bounds) return null
  const v = Number(value)
  const amber = Number(bounds.amber)
  const red = Number(bounds.red)
  if (!Number.isFinite(v) || !Number.isFinite(amber) || !Number.isFinite(red)) return null
  if (direction === 'higher') return v < red ? 'red' : v < amber ? 'amber' : 'green'
  return v > red ? 'red' : v > amber ? 'amber' : 'green'
}

/** Bounds that make sense for the direction: red beyond amber (higher is better: red ≤ amber). */
export function boundsInOrder(direction: KriDirection, bounds: { amber: number; red: number }): boolean {
  return direction === 'higher' ? bounds.red <= bounds.amber : bounds.red >= bounds.amber
}

/** The SQL that picks the thresholds in force for value `v` of KRI `k`: the latest row from a day not after the value's date. */
export const THRESHOLD_IN_FORCE = `(select t.amber, t.red from kri_thresholds t where t.kri_id = k.id and t.valid_from <= v.period_end order by t.valid_from desc limit 1)`
