import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0 })
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  borderRadius: 999,
  padding: `2px ${vars.space.sm}`,
  fontSize: vars.font.size.sm,
  fontWeight: 600,
})
export const remove = style({ border: 0, background: 'transparent', cursor: 'pointer', fontSize: '1rem', lineHeight: 1, color: 'inherit', padding: 0 })
