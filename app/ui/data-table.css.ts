import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const wrap = style({
  position: 'relative',
  overflowX: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  // On a phone the rows are cards of their own (layout.css.ts stackOnPhone): no card around them.
  '@media': { 'screen and (max-width: 640px)': { background: 'transparent', boxShadow: 'none' } },
})
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.sm })
export const th = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `2px solid ${vars.color.border}`,
  background: vars.color.brandSoft,
  whiteSpace: 'nowrap',
})
export const td = style({ padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' })
export const sortLink = style({ color: 'inherit', textDecoration: 'none', fontWeight: 700, selectors: { '&:hover': { textDecoration: 'underline' } } })
export const empty = style({ padding: vars.space.lg, textAlign: 'center', color: vars.color.muted })
export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, padding: vars.space.md, flexWrap: 'wrap' })
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
  background: vars.color.surface,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  marginBottom: vars.space.md,
  '@media': { print: { display: 'none' } },
})
