import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'
import { scrollHint } from '#app/styles/scroll-hint.ts'

export const header = style({
  background: vars.color.brand,
  color: '#fff',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  flexWrap: 'wrap',
  '@media': { print: { display: 'none' } },
})
/*
 * The signed-in header: brand, fund, languages and the user menu on the first row, always with the
 * menu at the right edge so that it opens on screen; the navigation on a row of its own below,
 * or between brand and fund where the screen is wide enough for all of it.
 */
export const appHeader = style({
  background: vars.color.brand,
  color: '#fff',
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto auto',
  gridTemplateAreas: '"brand customer lang menu" "nav nav nav nav"',
  alignItems: 'center',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  '@media': {
    print: { display: 'none' },
    'screen and (min-width: 1440px)': { gridTemplateColumns: 'auto 1fr auto auto auto', gridTemplateAreas: '"brand nav customer lang menu"' },
    'screen and (max-width: 640px)': {
      gridTemplateColumns: 'minmax(0, 1fr) auto auto',
      gridTemplateAreas: '"brand lang menu" "customer customer customer" "nav nav nav"',
      columnGap: vars.space.sm,
      padding: `${vars.space.sm} ${vars.space.md}`,
    },
  },
})
export const brand = style({
  gridArea: 'brand',
  color: '#fff',
  fontWeight: 700,
  fontSize: vars.font.size.lg,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  selectors: { '&:hover': { color: '#fff' } },
  '@media': { 'screen and (max-width: 640px)': { fontSize: vars.font.size.md } },
})
// On a phone the navigation is one line that scrolls sideways, so the header stays short.
export const nav = style({
  gridArea: 'nav',
  display: 'flex',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  '@media': {
    'screen and (max-width: 640px)': {
      flexWrap: 'nowrap',
      overflowX: 'auto',
      whiteSpace: 'nowrap',
      paddingBottom: 2,
      scrollbarWidth: 'thin',
      scrollSnapType: 'x proximity',
      // a light shadow at the edge where more entries follow
      ...scrollHint(vars.color.brand, 'rgba(255, 255, 255, 0.9)'),
    },
  },
})
export const navLink = style({
  color: '#fff',
  textDecoration: 'none',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  selectors: {
    '&:hover': { background: vars.color.brandStrong, color: '#fff' },
    '&[aria-current="page"], &.active': { background: vars.color.brandStrong, color: '#fff', textDecoration: 'underline' },
  },
})
export const spacer = style({ flex: 1 })
export const customer = style({
  gridArea: 'customer',
  justifySelf: 'end',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.size.sm,
  minWidth: 0,
  maxWidth: '100%',
  '@media': { 'screen and (max-width: 640px)': { justifySelf: 'start' } },
})
export const customerName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const logo = style({ maxWidth: 300, maxHeight: 40, background: '#fff', borderRadius: vars.radius.sm, padding: 2 })
export const menu = style({ gridArea: 'menu', position: 'relative', whiteSpace: 'nowrap' })
export const menuSummary = style({
  cursor: 'pointer',
  listStyle: 'none',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: '1px solid rgba(255,255,255,.5)',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
})
export const menuList = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 6px)',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.pop,
  borderRadius: vars.radius.md,
  minWidth: 240,
  maxWidth: 'calc(100vw - 16px)',
  whiteSpace: 'normal',
  listStyle: 'none',
  margin: 0,
  padding: vars.space.xs,
  zIndex: 20,
})
export const menuItem = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.text,
  textDecoration: 'none',
  background: 'none',
  border: 0,
  font: 'inherit',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: { '&:hover, &:focus-visible': { background: vars.color.brandSoft } },
})
export const langForm = style({ gridArea: 'lang', display: 'flex', gap: 2 })
export const langButton = style({
  background: 'transparent',
  color: 'inherit',
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  padding: '2px 6px',
  font: 'inherit',
  fontSize: vars.font.size.sm,
  cursor: 'pointer',
  textTransform: 'uppercase',
  selectors: { '&[aria-pressed="true"]': { borderColor: 'currentColor', fontWeight: 700 } },
})
export const main = style({ flex: 1, width: '100%', maxWidth: 1280, margin: '0 auto', padding: vars.space.lg })
export const publicMain = style({ flex: 1, width: '100%', maxWidth: 480, margin: '0 auto', padding: `${vars.space.xl} ${vars.space.md}` })
export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  padding: `${vars.space.md} ${vars.space.lg}`,
  display: 'flex',
  gap: vars.space.lg,
  flexWrap: 'wrap',
  fontSize: vars.font.size.sm,
  '@media': { print: { display: 'none' } },
})
export const deputyBanner = style({
  background: vars.color.warningSoft,
  color: vars.color.warning,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontWeight: 600,
})
export const skipLink = style({
  position: 'absolute',
  left: -9999,
  selectors: { '&:focus': { left: vars.space.md, top: vars.space.md, zIndex: 2000, background: '#fff', padding: vars.space.sm } },
})

const progressSlide = keyframes({
  '0%': { transform: 'translateX(-100%)' },
  '100%': { transform: 'translateX(400%)' },
})

/** A thin bar at the top of the window while a page loads or a form is sent. */
export const progress = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: 3,
  zIndex: 2000,
  overflow: 'hidden',
  pointerEvents: 'none',
  background: vars.color.brandSoft,
  '::after': {
    content: '""',
    position: 'absolute',
    top: 0,
    bottom: 0,
    width: '25%',
    background: vars.color.warning,
    animation: `${progressSlide} 1.1s ease-in-out infinite`,
  },
  '@media': { print: { display: 'none' } },
})

export const errorPage = style({
  maxWidth: 640,
  margin: '10vh auto',
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
})
export const errorCode = style({ fontSize: '3rem', fontWeight: 700, color: vars.color.brand, margin: 0 })
