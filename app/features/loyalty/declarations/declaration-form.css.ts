import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

/** A group of the declaration's form (interests, advantages). */
export const group = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  marginBottom: vars.space.md,
})
