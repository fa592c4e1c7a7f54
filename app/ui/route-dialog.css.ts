import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

/** The <dialog> element itself spans the viewport; its backdrop is transparent, it draws the shade. */
export const overlay = style({
  position: 'fixed',
  inset: 0,
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  maxHeight: 'none',
  margin: 0,
  border: 'none',
  color: 'inherit',
  outline: 'none',
  selectors: { '&::backdrop': { background: 'transparent' }, '&:not([open])': { display: 'none' } },
  background: 'rgba(7, 42, 64, 0.45)',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: '5vh 16px',
  zIndex: 100,
  overflowY: 'auto',
})
export const modal = style({
  width: '100%',
  maxWidth: 720,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.pop,
  outline: 'none',
})
export const dialog = style({ padding: vars.space.lg, outline: 'none' })
export const pageTitle = style({ fontSize: vars.font.size.xl, marginTop: 0 })
export const head = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.md })
export const close = style({
  background: 'none',
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  fontSize: '1.75rem',
  lineHeight: 1,
  padding: `0 ${vars.space.sm}`,
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: { '&:hover, &:focus-visible': { color: vars.color.text, borderColor: vars.color.border } },
})
