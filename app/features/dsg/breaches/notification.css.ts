import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

/** The notification to the FDPIC as a sheet: plain on screen, and on paper without the app around it. */
export const sheet = style({
  maxWidth: 820,
  background: vars.color.surface,
  padding: vars.space.lg,
  '@media': { print: { maxWidth: 'none', padding: 0, background: 'none', color: '#000', fontSize: '11pt' } },
})
export const section = style({ breakInside: 'avoid', marginBottom: vars.space.md })
globalStyle(`${section} h2`, { fontSize: '1.05rem', marginBottom: vars.space.xs })
globalStyle(`${section} p`, { whiteSpace: 'pre-wrap', margin: 0 })
export const noPrint = style({ '@media': { print: { display: 'none' } } })
export const meta = style({ color: vars.color.muted, fontSize: vars.font.size.sm, '@media': { print: { color: '#000' } } })
globalStyle(`${sheet} a`, { '@media': { print: { color: '#000', textDecoration: 'none' } } })
