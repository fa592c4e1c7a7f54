import type { ReactNode } from 'react'
import { formatNumber, type Locale } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'

export type FileRow = { id: string; name: string; size: number }

/**
 * An owner's stored files, each a download link (always an attachment, decision 0063) with its size;
 * `more` adds to a row (the evidence's date, uploader and hash, a remove button).
 */
export function FileList<F extends FileRow>({ files, more, testId = 'file-list' }: { files: readonly F[]; more?: (file: F) => ReactNode; testId?: string }) {
  const { t, i18n } = useTranslation()
  return (
    <ul data-testid={testId}>
      {files.map((f) => (
        <li key={f.id}>
          <a href={`/app/files/${f.id}`} download>
            {f.name}
          </a>{' '}
          · {t('files:size', { size: formatNumber(Math.max(1, Math.round(f.size / 1024)), i18n.language as Locale) })}
          {more?.(f)}
        </li>
      ))}
    </ul>
  )
}
