import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm })
globalStyle(`${table} th, ${table} td`, { textAlign: 'left', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}` })
export const nowrap = style({ whiteSpace: 'nowrap' })
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: vars.space.lg })
export const news = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm })
/** A page's title with its main action beside it, wrapping on narrow screens. */
export const pageHeader = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: vars.space.md })
