import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const panel = style({ marginTop: vars.space.md })

export const entries = style({ listStyle: 'none', margin: `${vars.space.sm} 0 0`, padding: 0 })
globalStyle(`${entries} > li`, { padding: `${vars.space.xs} 0`, borderTop: `1px solid ${vars.color.border}` })
export const meta = style({ margin: 0 })
export const changes = style({ margin: `${vars.space.xs} 0 0`, paddingLeft: vars.space.md, overflowWrap: 'anywhere' })
