import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
})
export const actions = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', flexWrap: 'wrap', fontWeight: 600 })
export const nowrap = style({ whiteSpace: 'nowrap' })
export const muted = style({ color: vars.color.muted, fontSize: vars.font.size.sm })
export const note = style({ background: vars.color.brandSoft, padding: vars.space.sm, borderRadius: vars.radius.sm })
export const flags = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' })
export const cellFilter = style({ width: '100%', margin: 0, fontWeight: 600 })

// Colour bands of the map; text colours keep a contrast of at least 4.5:1.
export const bandColor = {
  low: { background: '#d8f0dd', color: '#134d27' },
  medium: { background: '#fff1c2', color: '#5c4300' },
  high: { background: '#ffd9b3', color: '#6b2f00' },
  critical: { background: '#f8c9c9', color: '#7a0d12' },
} as const

const scoreBase = style({ display: 'inline-block', padding: `1px ${vars.space.sm}`, borderRadius: vars.radius.sm, fontWeight: 700, whiteSpace: 'nowrap' })
export const score = styleVariants(bandColor, (c) => [scoreBase, c])

export const mapWrap = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: vars.space.sm, alignItems: 'stretch', maxWidth: 880 })
export const mapTable = style({ borderCollapse: 'separate', borderSpacing: 4, width: '100%', tableLayout: 'fixed' })
globalStyle(`${mapTable} th`, {
  fontSize: vars.font.size.sm,
  fontWeight: 600,
  color: vars.color.muted,
  padding: 4,
  overflowWrap: 'break-word',
  hyphens: 'auto',
})
export const mapCell = styleVariants(bandColor, (c) => [
  {
    ...c,
    height: 64,
    textAlign: 'center',
    verticalAlign: 'middle',
    borderRadius: vars.radius.sm,
    fontSize: vars.font.size.lg,
    fontWeight: 700,
    border: '2px solid transparent',
  },
])
globalStyle(`${mapTable} td a`, { display: 'block', color: 'inherit', textDecoration: 'none', height: '100%', lineHeight: '60px' })
globalStyle(`${mapTable} td a:hover, ${mapTable} td a:focus-visible`, { textDecoration: 'underline' })
export const mapCurrent = style({ outline: `3px solid ${vars.color.brandStrong}`, outlineOffset: -3 })
export const axisLabel = style({ writingMode: 'vertical-rl', transform: 'rotate(180deg)', textAlign: 'center', fontWeight: 600, color: vars.color.muted })
export const smallMap = style({ maxWidth: 360 })
export const legend = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', marginTop: vars.space.sm, fontSize: vars.font.size.sm })

/** The editable level tables of the map page: number, short name, then the longer texts. */
export const levelsTable = style({ width: '100%', minWidth: 640, borderCollapse: 'collapse', fontSize: vars.font.size.sm })
globalStyle(`${levelsTable} th, ${levelsTable} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
globalStyle(`${levelsTable} th:first-child`, { width: '3rem', textAlign: 'center' })
globalStyle(`${levelsTable} td:nth-child(2)`, { width: '22%' })
globalStyle(`${levelsTable} td:nth-child(3)`, { width: '30%' })

/** A level's name under its number in the map's headings; on a phone only the number (the name is its title). */
export const levelLabel = style({
  color: vars.color.muted,
  fontSize: '0.75rem',
  fontWeight: 500,
  '@media': { 'screen and (max-width: 600px)': { display: 'none' } },
})
/** The score over time takes the evaluation step's whole width (a grid of narrow columns otherwise). */
export const history = style({ gridColumn: '1 / -1', maxWidth: 760 })
