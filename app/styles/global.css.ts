import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
globalStyle('html', { fontFamily: vars.font.body, color: vars.color.text, background: vars.color.background, lineHeight: 1.5 })
globalStyle('body', { margin: 0, minHeight: '100vh', display: 'flex', flexDirection: 'column' })
globalStyle('a', { color: vars.color.brand })
globalStyle('a:hover', { color: vars.color.brandStrong })
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' })
globalStyle('h1', { fontSize: vars.font.size.xl, margin: `0 0 ${vars.space.md}` })
globalStyle('h2', { fontSize: vars.font.size.lg, margin: `${vars.space.lg} 0 ${vars.space.sm}` })
globalStyle('table', { borderCollapse: 'collapse', width: '100%' })
globalStyle('.visually-hidden', {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})
