import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const bar = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', margin: `${vars.space.md} 0` })
export const theme = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  marginBottom: vars.space.md,
})
export const list = style({ listStyle: 'none', margin: 0, padding: 0 })
export const entry = style({
  display: 'grid',
  gridTemplateColumns: '28px 1fr',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
})
export const check = style({ width: 20, height: 20, marginTop: 3 })
export const title = style({ fontWeight: 600, cursor: 'pointer' })
