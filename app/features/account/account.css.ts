import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const optionList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
})
export const optionHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space.md })
export const optionTitle = style({ margin: 0 })
export const muted = style({ color: vars.color.muted, margin: `${vars.space.xs} 0`, fontSize: vars.font.size.sm })
export const badge = style({
  display: 'inline-block',
  background: vars.color.successSoft,
  color: vars.color.success,
  borderRadius: 999,
  padding: `2px ${vars.space.sm}`,
  fontWeight: 600,
  fontSize: vars.font.size.sm,
})
export const narrow = style({ maxWidth: 640 })
export const grid2 = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', columnGap: vars.space.md })
export const table = style({ width: '100%', borderCollapse: 'collapse' })
export const invitationActions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })
