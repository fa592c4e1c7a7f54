import { style } from '@vanilla-extract/css'
import { vars } from './styles/theme.css.ts'

export const errorPage = style({ maxWidth: 640, margin: '10vh auto', padding: vars.space.lg, background: vars.color.surface, borderRadius: vars.radius.md, boxShadow: vars.shadow.card })
export const errorCode = style({ fontSize: '3rem', fontWeight: 700, color: vars.color.brand, margin: 0 })
