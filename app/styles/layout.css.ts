import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'
import { scrollHint } from './scroll-hint.ts'

/** Around a table that may be wider than a phone: the table scrolls sideways, not the page. */
export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%', position: 'relative' })

const phone = 'screen and (max-width: 640px)'
const wide = 'screen and (min-width: 641px), print'

/**
 * A table that may scroll sideways on a phone (app/ui/scroll-area.tsx): shadows at the edges where
 * more follows (CSS only), a focusable region so that a keyboard scrolls it, and a line of text
 * under it on a phone that says so.
 */
export const scrollArea = style([
  { overflowX: 'auto', maxWidth: '100%', position: 'relative' },
  { ...scrollHint(vars.color.surface, 'rgba(16, 24, 40, 0.28)') },
])
export const scrollAreaHint = style({
  display: 'none',
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.font.size.sm,
  color: vars.color.muted,
  '@media': { [phone]: { display: 'block' } },
})

/**
 * A list's export links and filters (FilterForm): on a wide screen shown as they are; on a phone
 * folded into a <details>, which opens without JavaScript. The summary is for phones only; a wide
 * screen shows the content of the closed <details> (::details-content).
 */
export const fold = style({ marginBottom: vars.space.md, '@media': { print: { display: 'none' } } })
export const foldSummary = style({
  cursor: 'pointer',
  fontWeight: 600,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  '@media': { [wide]: { display: 'none' } },
})
globalStyle(`${fold}[open] > ${foldSummary}`, { marginBottom: vars.space.sm })
globalStyle(`${fold}::details-content`, { '@media': { [wide]: { contentVisibility: 'visible', display: 'contents' } } } as never)
export const foldExports = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  marginBottom: vars.space.sm,
  fontWeight: 600,
  '@media': { [phone]: { flexDirection: 'column', padding: `0 ${vars.space.md}` } },
})

/**
 * A table that becomes one card per row on a phone: every cell on its own line with its column's
 * name before it (from `data-label`), so titles and row actions are never off-screen.
 */
export const stackOnPhone = style({})
globalStyle(`${stackOnPhone}, ${stackOnPhone} tbody, ${stackOnPhone} tr`, { '@media': { [phone]: { display: 'block', width: '100%' } } })
// The header row stays, as one wrapping line of column names: sorting keeps working on a phone.
globalStyle(`${stackOnPhone} thead, ${stackOnPhone} thead tr`, { '@media': { [phone]: { display: 'flex', flexWrap: 'wrap', width: '100%' } } })
globalStyle(`${stackOnPhone} thead th`, {
  '@media': { [phone]: { display: 'block', border: 'none', padding: `2px ${vars.space.sm}`, background: 'transparent' } },
})
// Each row a card of its own.
globalStyle(`${stackOnPhone} tbody tr`, {
  '@media': {
    [phone]: {
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      background: vars.color.surface,
      boxShadow: vars.shadow.card,
      padding: `${vars.space.sm} 0`,
      marginBottom: vars.space.sm,
    },
  },
})
globalStyle(`${stackOnPhone} thead tr`, {
  '@media': { [phone]: { background: vars.color.brandSoft, borderRadius: vars.radius.md, padding: `${vars.space.xs} 0`, marginBottom: vars.space.sm } },
})
globalStyle(`${stackOnPhone} td`, {
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(7.5rem, 42%) minmax(0, 1fr)',
      gap: vars.space.sm,
      borderBottom: 'none',
      padding: `2px ${vars.space.sm}`,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
  },
})
globalStyle(`${stackOnPhone} td:not([data-label])`, { '@media': { [phone]: { display: 'block' } } })
// The column's name, hyphenated in the page's language rather than cut anywhere ("Verantwortlic|h").
globalStyle(`${stackOnPhone} td[data-label]::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label)',
      fontWeight: 600,
      color: vars.color.muted,
      fontSize: vars.font.size.sm,
      hyphens: 'auto',
      overflowWrap: 'break-word',
    },
  },
})
