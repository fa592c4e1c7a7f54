import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

// On a phone the seven steps stay on one line that scrolls sideways, instead of five rows of pills.
export const stepper = style({
  marginBottom: vars.space.md,
  // The steps are pills with their own background, so the hint that more follows is a fade at the
  // right edge; the line ends with room to scroll its last step out of the fade.
  '@media': {
    'screen and (max-width: 640px)': {
      overflowX: 'auto',
      paddingBottom: vars.space.xs,
      scrollSnapType: 'x proximity',
      maskImage: 'linear-gradient(to right, #000 calc(100% - 2.5rem), transparent)',
    },
  },
})
globalStyle(`${stepper} ol`, { display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0 })
globalStyle(`${stepper} ol`, { '@media': { 'screen and (max-width: 640px)': { flexWrap: 'nowrap', width: 'max-content', paddingRight: '2.5rem' } } })
export const stepLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  textDecoration: 'none',
  color: vars.color.brand,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  selectors: { '&[aria-current="step"]': { background: vars.color.brand, color: '#fff', borderColor: vars.color.brand } },
})
export const stepNumber = style({ display: 'inline-block', minWidth: 20, textAlign: 'center' })
export const fields = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', gap: vars.space.md, margin: 0 })
export const field = style({})
globalStyle(`${field} dt`, { fontWeight: 600, fontSize: vars.font.size.sm, color: vars.color.muted })
globalStyle(`${field} dd`, { margin: 0, display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' })
export const pre = style({ whiteSpace: 'pre-line' })
export const editBar = style({ marginTop: vars.space.md })
export const pager = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, marginBottom: vars.space.lg })
export const evaluation = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: vars.space.lg, alignItems: 'start' })
export const sub = style({ borderTop: `1px solid ${vars.color.border}`, marginTop: vars.space.lg, paddingTop: vars.space.md })
export const list = style({ paddingLeft: vars.space.lg, lineHeight: 1.9 })
export const inlineForm = style({ background: vars.color.background, padding: vars.space.md, borderRadius: vars.radius.md, marginTop: vars.space.md })
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: vars.space.md })
