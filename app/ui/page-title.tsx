import type { TFunction } from '#app/i18n/translate.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useMatches } from 'react-router'

/**
 * The browser tab's title, in the reader's language: each route names its page in `handle.title`,
 * as a translation key or as a function of its loader data (a risk's number and title, say).
 */
export type TitleHandle = { title: string | ((data: never, t: TFunction) => string) }

export const APP_NAME = 'Vorsorge RM'

export function DocumentTitle() {
  const { t } = useTranslation()
  const matches = useMatches()
  const match = [...matches].reverse().find((m) => (m.handle as Partial<TitleHandle> | undefined)?.title)
  const title = (match?.handle as TitleHandle | undefined)?.title
  const text = !match || !title ? '' : typeof title === 'function' ? (match.data ? title(match.data as never, t) : '') : t(title)
  return <title>{text ? `${text} · ${APP_NAME}` : APP_NAME}</title>
}
