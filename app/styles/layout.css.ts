import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

/** Around a table that may be wider than a phone: the table scrolls sideways, not the page. */
export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%', position: 'relative' })

const phone = 'screen and (max-width: 640px)'

/**
 * A table that becomes one card per row on a phone: every cell on its own line with its column's
 * name before it (from `data-label`), so titles and row actions are never off-screen.
 */
export const stackOnPhone = style({})
globalStyle(`${stackOnPhone}, ${stackOnPhone} tbody, ${stackOnPhone} tr`, { '@media': { [phone]: { display: 'block', width: '100%' } } })
// The header row stays, as one wrapping line of column names: sorting keeps working on a phone.
globalStyle(`${stackOnPhone} thead, ${stackOnPhone} thead tr`, { '@media': { [phone]: { display: 'flex', flexWrap: 'wrap', width: '100%' } } })
globalStyle(`${stackOnPhone} thead th`, { '@media': { [phone]: { display: 'block', border: 'none', padding: `2px ${vars.space.sm}` } } })
globalStyle(`${stackOnPhone} tr`, { '@media': { [phone]: { borderBottom: `1px solid ${vars.color.border}`, padding: `${vars.space.xs} 0` } } })
globalStyle(`${stackOnPhone} td`, {
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(6rem, 35%) minmax(0, 1fr)',
      gap: vars.space.sm,
      borderBottom: 'none',
      padding: `2px ${vars.space.sm}`,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
  },
})
globalStyle(`${stackOnPhone} td:not([data-label])`, { '@media': { [phone]: { display: 'block' } } })
globalStyle(`${stackOnPhone} td[data-label]::before`, { '@media': { [phone]: { content: 'attr(data-label)', fontWeight: 600, color: vars.color.muted } } })
