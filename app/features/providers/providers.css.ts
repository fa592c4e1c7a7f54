import { style } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'

export const dl = style({ display: 'grid', gridTemplateColumns: 'minmax(10rem, 16rem) 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 })
export const dd = style({ margin: 0, whiteSpace: 'pre-wrap' })
export const inline = style({ display: 'flex', gap: vars.space.sm, alignItems: 'end', flexWrap: 'wrap' })
