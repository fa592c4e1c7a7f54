/** The annual report's page margin, greys and colours, and how many rows its long lists show. */
export const MARGIN = 56
export const GREY = '#555555'
export const RULE = '#999999'
/** Long lists (overdue measures, documents) show this many rows; the auditor's pack holds them all. */
export const MAX_ROWS = 100
/** How many risks the top list shows. */
export const TOP_RISKS = 10

/**
 * The risk map's band colours (app/ui/register.css.ts `bandColor`, checked equal by the
 * report's test: a .css.ts file cannot be imported outside Vite) and the patterns of the heat map
 * (app/ui/heat-map.tsx), so that a band does not rest on colour alone.
 */
export const BAND_COLOR = {
  low: { background: '#d8f0dd', color: '#134d27' },
  medium: { background: '#fff1c2', color: '#5c4300' },
  high: { background: '#ffd9b3', color: '#6b2f00' },
  critical: { background: '#f8c9c9', color: '#7a0d12' },
} as const
export const PATTERN = { low: 'none', medium: 'dots', high: 'hatch', critical: 'cross' } as const
/** Okabe–Ito, as app/ui/bar-chart.tsx: told apart with deuteranopia and protanopia; below the minimum also hatched. */
export const BAR = { ok: '#0072B2', below: '#D55E00', line: '#1a1a1a' }
