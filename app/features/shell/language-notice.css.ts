import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const notice = style({
  background: vars.color.brandSoft,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': { print: { display: 'none' } },
})
export const text = style({ margin: 0, flex: '1 1 20rem' })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })
