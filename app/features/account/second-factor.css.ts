import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

/** The QR code: large enough for a phone's camera, white around it whatever the theme. */
export const qr = style({ width: 220, height: 220, background: '#fff', padding: vars.space.sm, marginBlock: vars.space.md })
/** The secret and the recovery codes: monospaced, so no character is mistaken for another. */
export const code = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: vars.font.size.md, letterSpacing: '0.05em' })
export const codes = style({
  listStyle: 'none',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.xs,
})
