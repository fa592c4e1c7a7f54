import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

/** The control matrix: wide, so it scrolls sideways with the task column kept in view. */
export const matrix = style({ borderCollapse: 'separate', borderSpacing: 0, fontSize: vars.font.size.sm, minWidth: '100%' })
globalStyle(`${matrix} th, ${matrix} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
globalStyle(`${matrix} th:first-child, ${matrix} td:first-child`, {
  position: 'sticky',
  left: 0,
  background: vars.color.surface,
  zIndex: 1,
  boxShadow: `1px 0 0 ${vars.color.border}`,
})
export const task = style({ minWidth: '16rem', width: '100%', resize: 'vertical' })
export const cell = style({ minWidth: '8.5rem' })
export const text = style({ minWidth: '10rem', width: '100%' })
/** The export links under the intro, side by side. */
export const exports = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', fontWeight: 600 })
