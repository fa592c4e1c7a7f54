import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  margin: `${vars.space.md} 0`,
})
export const categories = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm })
export const categoryRow = style({ display: 'flex', gap: vars.space.md, alignItems: 'end', flexWrap: 'wrap' })
export const categoryName = style({ flex: '1 1 18rem' })
export const addRow = style({
  marginTop: vars.space.sm,
  background: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  cursor: 'pointer',
  font: 'inherit',
})
export const dl = style({ display: 'grid', gridTemplateColumns: 'minmax(10rem, 16rem) 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 })
export const dd = style({ margin: 0, whiteSpace: 'pre-wrap' })
export const inline = style({ display: 'flex', gap: vars.space.sm, alignItems: 'end', flexWrap: 'wrap' })
