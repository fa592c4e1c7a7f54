import { useTranslation } from '#app/i18n/use-translation.ts'
import * as css from './ui.css.ts'

type ToastData = { key: string; type: 'success' | 'info' | 'error' }

/** Shown for 3000 ms by a CSS animation; the key makes a new toast restart it. */
export function Toast({ toast, nonce }: { toast: ToastData | null; nonce: string }) {
  const { t } = useTranslation()
  if (!toast) return null
  return (
    <div key={nonce} role="status" aria-live="polite" className={`${css.toast} ${css.toastVariant[toast.type]}`} data-testid="toast">
      {t(`toast.${toast.key}`)}
    </div>
  )
}
