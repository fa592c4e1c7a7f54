import { globalStyle, style } from '@vanilla-extract/css'
import { modal } from './route-dialog.css.ts'
import { vars } from '#app/styles/theme.css.ts'

export const head = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' })
export const intro = style({ color: vars.color.muted, maxWidth: '70ch' })
export const nowrap = style({ whiteSpace: 'nowrap' })
export const muted = style({ color: vars.color.muted, fontSize: vars.font.size.sm })
export const rowActions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, whiteSpace: 'nowrap' })
export const badges = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' })
export const grid2 = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: vars.space.md })
export const checks = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', columnGap: vars.space.md })

/** The form with the three languages side by side; its dialog gets the width for three columns. */
export const wideForm = style({})
globalStyle(`${modal}:has(${wideForm})`, { maxWidth: 1180 })

const narrow = '(max-width: 760px)'

/** Three columns: Deutsch, Français, English; one below the other on narrow screens. */
export const languages = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  columnGap: vars.space.md,
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
})
export const languageHead = style({
  fontWeight: 700,
  color: vars.color.brand,
  borderBottom: `2px solid ${vars.color.brandSoft}`,
  paddingBottom: vars.space.xs,
  marginBottom: vars.space.sm,
  '@media': { [narrow]: { display: 'none' } },
})
/** The language in a field's label: read out always, shown only when the columns are stacked. */
export const languageInLabel = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  '@media': { [narrow]: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto', fontWeight: 400 } },
})
export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.md}` })
export const legend = style({ fontWeight: 700, fontSize: vars.font.size.md, padding: 0, marginBottom: vars.space.sm })
