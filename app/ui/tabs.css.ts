import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `2px solid ${vars.color.border}`,
  marginBottom: vars.space.md,
  flexWrap: 'wrap',
  // Navigation, like the header's: nothing to read on paper.
  '@media': { print: { display: 'none' } },
})
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textDecoration: 'none',
  color: vars.color.muted,
  fontWeight: 600,
  borderBottom: '3px solid transparent',
  marginBottom: -2,
  selectors: { '&[aria-current="page"]': { color: vars.color.brand, borderBottomColor: vars.color.brand }, '&:hover': { color: vars.color.brand } },
})
export const subTabs = style({ display: 'flex', gap: vars.space.sm, marginBottom: vars.space.md })
export const subTab = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: 999,
  textDecoration: 'none',
  color: vars.color.brand,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  selectors: { '&[aria-current="page"]': { background: vars.color.brand, color: '#fff', borderColor: vars.color.brand } },
})
