import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import * as css from '#app/ui/register.css.ts'
import { Badge } from '#app/ui/badges.tsx'
import { CheckboxField, SelectField, TextField } from '#app/ui/fields.tsx'
import { TagsField } from '#app/ui/tags-field.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as detailCss from '#app/ui/stepper.css.ts'
import type { useBlockForm } from './detail-page.tsx'

/** The state of a block's form, as `useBlockForm` hands it. */
type BlockFormState = Pick<ReturnType<typeof useBlockForm>, 'err' | 'initial' | 'checked'>
type Option = { value: string; label: string }
type Member = { id: string; firstName: string; lastName: string }
type IntroRecord = { idkey: string; title: string; state: string; tags: string[]; ownerUserId: string | null }

/** A block read: its fields as a description list. */
export function FieldsView({ children }: { children: ReactNode }) {
  return <dl className={detailCss.fields}>{children}</dl>
}

/** A free text as read: kept line breaks, a dash when empty. */
export function TextView({ value }: { value: string }) {
  return value ? <span className={detailCss.pre}>{value}</span> : <span className={css.muted}>—</span>
}

/** A yes or no as read. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation()
  return <>{value ? t('common.yes') : t('common.no')}</>
}

/** The free texts of a block as read, each labelled `<ns>:field.<name>`. */
export function TextViews<R>({ ns, record, names }: { ns: string; record: R; names: (keyof R & string)[] }) {
  const { t } = useTranslation()
  return (
    <>
      {names.map((name) => (
        <Field key={name} label={t(`${ns}:field.${name}`)}>
          <TextView value={record[name] as string} />
        </Field>
      ))}
    </>
  )
}

/** The free texts of a block as text areas, each with its number of rows. */
export function TextAreas<R>({ ns, record, rows, f }: { ns: string; record: R; rows: Partial<Record<keyof R & string, number>>; f: BlockFormState }) {
  const { t } = useTranslation()
  return (
    <>
      {(Object.entries(rows) as [keyof R & string, number][]).map(([name, n]) => (
        <TextField
          key={name}
          label={t(`${ns}:field.${name}`)}
          name={name}
          multiline
          rows={n}
          defaultValue={f.initial(name, record[name] as string)}
          errors={f.err(name)}
        />
      ))}
    </>
  )
}

/** A choice of a block; unless required, it may be left empty. */
export function ChoiceField({
  label,
  name,
  value,
  options,
  f,
  isRequired,
}: {
  label: string
  name: string
  value: string | null
  options: Option[]
  f: BlockFormState
  isRequired?: boolean
}) {
  return (
    <SelectField
      label={label}
      name={name}
      defaultValue={f.initial(name, value ?? '')}
      errors={f.err(name)}
      isRequired={isRequired}
      options={isRequired ? options : [{ value: '', label: '—' }, ...options]}
    />
  )
}

/** A yes or no of a block as a checkbox. */
export function CheckField({ label, name, value, f }: { label: string; name: string; value: boolean; f: BlockFormState }) {
  return <CheckboxField label={label} name={name} defaultChecked={f.checked(name, value)} />
}

/** The intro block as read: number, (theme), title, owner, state, tags (and what the tool adds). */
export function IntroView({
  ns,
  record,
  ownerName,
  theme,
  children,
}: {
  ns: string
  record: IntroRecord
  ownerName: string | null
  theme?: ReactNode
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <FieldsView>
      <Field label={t('risk:field.idkey')}>{record.idkey}</Field>
      {theme}
      <Field label={t(`${ns}:field.title`)}>{record.title}</Field>
      <Field label={t(`${ns}:field.owner`)}>{ownerName ?? '—'}</Field>
      <Field label={t(`${ns}:field.state`)}>{t(`${ns}:state.${record.state}`)}</Field>
      <Field label={t('risk:field.tags')}>{record.tags.length ? record.tags.map((tag) => <Badge key={tag}>{tag}</Badge>) : '—'}</Field>
      {children}
    </FieldsView>
  )
}

/** The intro block's fields: title, owner, state and tags. */
export function IntroFields({
  ns,
  record,
  members,
  states,
  f,
}: {
  ns: string
  record: IntroRecord
  members: Member[]
  states: readonly string[]
  f: BlockFormState
}) {
  const { t } = useTranslation()
  return (
    <>
      <TextField label={t(`${ns}:field.title`)} name="title" defaultValue={f.initial('title', record.title)} errors={f.err('title')} isRequired />
      <ChoiceField
        label={t(`${ns}:field.owner`)}
        name="ownerUserId"
        value={record.ownerUserId}
        f={f}
        options={members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))}
      />
      <ChoiceField
        label={t(`${ns}:field.state`)}
        name="state"
        value={record.state}
        f={f}
        isRequired
        options={states.map((s) => ({ value: s, label: t(`${ns}:state.${s}`) }))}
      />
      <TagsField name="tags" label={t('risk:field.tags')} defaultValue={record.tags} />
    </>
  )
}
