import { createGlobalTheme } from '@vanilla-extract/css'

export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#0b3d5c',
    brandStrong: '#072a40',
    brandSoft: '#e6f0f6',
    accent: '#c8102e',
    text: '#1b2430',
    muted: '#4a5868',
    border: '#c9d3dd',
    surface: '#ffffff',
    background: '#f4f6f8',
    success: '#1d6b3a',
    successSoft: '#e3f3e8',
    warning: '#8a5a00',
    warningSoft: '#fff4d6',
    danger: '#a4161a',
    dangerSoft: '#fde8e8',
    focus: '#1a73e8',
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px' },
  radius: { sm: '4px', md: '8px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    size: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.6rem' },
  },
  shadow: { card: '0 1px 2px rgba(16,24,40,.08), 0 1px 3px rgba(16,24,40,.06)', pop: '0 8px 24px rgba(16,24,40,.18)' },
})
