import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import { Link, type LinkProps } from 'react-router'
import * as css from './ui.css.ts'

type Variant = keyof typeof css.button

export function Button({ variant = 'primary', className, ...props }: AriaButtonProps & { variant?: Variant; className?: string }) {
  return <AriaButton {...props} className={[css.button[variant], className].filter(Boolean).join(' ')} />
}

/** A link that looks like a button (navigation, never a change). */
export function LinkButton({ variant = 'secondary', className, ...props }: LinkProps & { variant?: Variant }) {
  return <Link {...props} className={[css.button[variant], className].filter(Boolean).join(' ')} />
}
