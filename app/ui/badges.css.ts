import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '#app/styles/theme.css.ts'
import { stackOnPhone } from '#app/styles/layout.css.ts'

const base = style({ display: 'inline-block', borderRadius: 999, padding: `1px ${vars.space.sm}`, fontSize: '0.8rem', fontWeight: 600, whiteSpace: 'nowrap' })
export const badge = styleVariants({
  neutral: [base, { background: vars.color.brandSoft, color: vars.color.brandStrong }],
  danger: [base, { background: vars.color.dangerSoft, color: vars.color.danger }],
  success: [base, { background: vars.color.successSoft, color: vars.color.success }],
  warning: [base, { background: vars.color.warningSoft, color: vars.color.warning }],
})
// In a list's card on a phone the value column is narrow: a long badge wraps rather than leave the card.
globalStyle(`${stackOnPhone} td ${base}`, { '@media': { 'screen and (max-width: 640px)': { whiteSpace: 'normal' } } })
