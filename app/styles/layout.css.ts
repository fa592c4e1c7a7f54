import { style } from '@vanilla-extract/css'

/** Around a table that may be wider than a phone: the table scrolls sideways, not the page. */
export const tableScroll = style({ overflowX: 'auto', maxWidth: '100%', position: 'relative' })
