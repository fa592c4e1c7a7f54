import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

/** A one-button form beside a line (unlink a risk). */
export const inlineForm = style({ display: 'inline', marginLeft: vars.space.sm })
/** The trend chart: as wide as its card, never wider than drawn. */
export const chart = style({ width: '100%', maxWidth: 720, height: 'auto' })
/** A threshold form of the appetite page, one per KRI. */
export const kriSection = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md, marginTop: vars.space.md })
/** The chart's legend below it. */
export const legend = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', fontSize: vars.font.size.sm, margin: `${vars.space.sm} 0` })
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })
