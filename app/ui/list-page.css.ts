import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
})
export const actions = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', flexWrap: 'wrap' })
export const exportLink = style({ fontWeight: 600 })
export const nowrap = style({ whiteSpace: 'nowrap' })
export const body = style({
  color: vars.color.muted,
  fontSize: vars.font.size.sm,
  marginTop: 2,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
})
// Stacked: three actions side by side made the table wider than a laptop screen.
export const rowActions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, whiteSpace: 'nowrap' })
export const grid2 = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: vars.space.md })
export const summary = style({ background: vars.color.brandSoft, borderRadius: vars.radius.sm, padding: vars.space.md, marginBottom: vars.space.md })
