import { useState } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { useHydrated } from '#app/utils/hydrated.ts'
import { parseTags } from '#app/utils/tags.ts'
import { TextField } from './fields.tsx'
import * as css from './tags-field.css.ts'
import * as ui from './ui.css.ts'

/**
 * Tags typed as text and confirmed with Enter (SPEC.md §5). Without JavaScript
 * it is one text field of comma-separated tags, which the server splits the same way.
 */
export function TagsField({ name, label, defaultValue }: { name: string; label: string; defaultValue: string[] }) {
  const hydrated = useHydrated()
  const { t } = useTranslation()
  const [tags, setTags] = useState(defaultValue)
  const [draft, setDraft] = useState('')
  if (!hydrated) {
    return <TextField label={label} name={name} defaultValue={defaultValue.join(', ')} description={t('risk:tags.hintNoJs')} />
  }
  const add = () => {
    const next = parseTags([...tags, draft].join(','))
    setTags(next)
    setDraft('')
  }
  const inputId = `${name}-input`
  return (
    <div className={ui.field}>
      <label htmlFor={inputId} className={ui.label}>
        {label}
      </label>
      <input type="hidden" name={name} value={tags.join(',')} />
      <ul className={css.chips} aria-label={label}>
        {tags.map((tag) => (
          <li key={tag} className={css.chip}>
            {tag}
            <button type="button" className={css.remove} onClick={() => setTags(tags.filter((x) => x !== tag))} aria-label={t('risk:tags.remove', { tag })}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={inputId}
        className={ui.input}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ',') {
            e.preventDefault()
            if (draft.trim()) add()
          }
        }}
        onBlur={() => draft.trim() && add()}
        aria-describedby={`${inputId}-hint`}
      />
      <span id={`${inputId}-hint`} className={ui.description}>
        {t('risk:tags.hint')}
      </span>
    </div>
  )
}
