import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const row = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: vars.space.md,
})

export const figure = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.surface,
  display: 'grid',
  gap: vars.space.xs,
  alignContent: 'start',
})

export const link = style({ display: 'grid', gap: vars.space.xs, color: vars.color.text, textDecoration: 'none' })

export const number = style({ fontSize: vars.font.size.xl, fontWeight: 700, color: vars.color.brand, lineHeight: 1.1 })

export const numberAlert = style([number, { color: vars.color.danger }])

export const label = style({ textDecoration: 'underline' })

export const note = style({ fontSize: vars.font.size.sm, color: vars.color.muted, margin: 0 })

/** The nearest notice target is less than a day away: amber, as the breach list marks it. */
export const noteSoon = style([note, { color: vars.color.warning, fontWeight: 600 }])
