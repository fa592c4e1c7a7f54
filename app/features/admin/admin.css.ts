import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const rights = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.md, marginBottom: vars.space.md })
export const rightRow = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: vars.space.md, alignItems: 'end' })
export const hint = style({ color: vars.color.muted, fontSize: vars.font.size.sm, margin: 0 })
export const inline = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-end', flexWrap: 'wrap' })
export const grid2 = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: vars.space.md })
export const bodyName = style({ minWidth: 220 })
