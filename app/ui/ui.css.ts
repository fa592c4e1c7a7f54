import { keyframes, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: '1px solid transparent',
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  lineHeight: 1.2,
  selectors: { '&[data-disabled], &:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
})

export const button = styleVariants({
  primary: [
    buttonBase,
    { background: vars.color.brand, color: '#fff', selectors: { '&:hover, &[data-hovered]': { background: vars.color.brandStrong, color: '#fff' } } },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.brand,
      borderColor: vars.color.border,
      selectors: { '&:hover, &[data-hovered]': { background: vars.color.brandSoft } },
    },
  ],
  danger: [buttonBase, { background: vars.color.danger, color: '#fff' }],
  ghost: [buttonBase, { background: 'transparent', color: vars.color.brand, padding: `${vars.space.xs} ${vars.space.sm}` }],
})

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginBottom: vars.space.md, minWidth: 0, maxWidth: '100%' })
export const label = style({ fontWeight: 600, fontSize: vars.font.size.sm })
export const description = style({ fontSize: vars.font.size.sm, color: vars.color.muted })
export const input = style({
  font: 'inherit',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  minWidth: 0,
  maxWidth: '100%',
  selectors: {
    '&[aria-invalid="true"], &[data-invalid]': { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` },
  },
})
export const error = style({ color: vars.color.danger, fontSize: vars.font.size.sm, fontWeight: 500 })
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginBottom: vars.space.md })

export const alert = styleVariants({
  error: {
    padding: vars.space.md,
    borderRadius: vars.radius.sm,
    background: vars.color.dangerSoft,
    color: vars.color.danger,
    marginBottom: vars.space.md,
    border: `1px solid ${vars.color.danger}`,
  },
  info: { padding: vars.space.md, borderRadius: vars.radius.sm, background: vars.color.brandSoft, color: vars.color.brandStrong, marginBottom: vars.space.md },
  success: { padding: vars.space.md, borderRadius: vars.radius.sm, background: vars.color.successSoft, color: vars.color.success, marginBottom: vars.space.md },
  warning: { padding: vars.space.md, borderRadius: vars.radius.sm, background: vars.color.warningSoft, color: vars.color.warning, marginBottom: vars.space.md },
})

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
})

const fadeOut = keyframes({
  // The toast is centred by translateX(-50%): every frame keeps it, or it slides off to the right.
  // No fading: a half-transparent toast reads at half its contrast (axe measured it mid-fade); it
  // slides up a little, stays at full contrast, and is gone at the end.
  '0%': { transform: 'translate(-50%, 8px)' },
  '6%': { transform: 'translate(-50%, 0)' },
  '99%': { visibility: 'visible' },
  '100%': { visibility: 'hidden' },
})

// SPEC.md §9: notifications last 3000 ms and take 33 % of the width. Pure CSS, so it works without JavaScript.
/**
 * At the foot of the window: at the top it covered the header, its navigation and the user menu
 * (on a phone all of them) for three seconds.
 */
export const toast = style({
  position: 'fixed',
  bottom: vars.space.md,
  left: '50%',
  transform: 'translateX(-50%)',
  width: '33%',
  minWidth: '260px',
  maxWidth: `calc(100% - 2 * ${vars.space.md})`,
  zIndex: 1000,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.pop,
  fontWeight: 600,
  animation: `${fadeOut} 3000ms ease-in-out forwards`,
  pointerEvents: 'none',
})
export const toastVariant = styleVariants({
  success: { background: vars.color.success, color: '#fff' },
  info: { background: vars.color.brand, color: '#fff' },
  error: { background: vars.color.danger, color: '#fff' },
})

export const formActions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', marginTop: vars.space.md })

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

/** Shown in a submit button while its form is on its way. */
export const spinner = style({
  display: 'inline-block',
  width: '1em',
  height: '1em',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.7s linear infinite`,
  flexShrink: 0,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2s' } },
})
