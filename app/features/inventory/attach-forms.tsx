import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import * as detailCss from '#app/ui/stepper.css.ts'
import { RECURRENCES } from '#models/core/constants.ts'
import { DocumentLink } from '#app/ui/document-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'

type Owners = { people: { id: string; firstName: string; lastName: string }[]; bodies: { id: string; name: string }[] }

/**
 * The inline "add measure" form of a risk's and a process's stepper (intent addMeasure, handled by
 * handleAttachIntent). `id` tells the two apart; `result` is the action's measureResult.
 */
export function AddMeasureForm({ id, owners, today, result }: { id: string; owners: Owners; today: string; result: unknown }) {
  const { t } = useTranslation()
  const validateMeasure = useLazyValidate(() => import('#app/features/inventory/attach-schemas.ts').then((m) => m.addMeasureSchema))
  const [form, fields] = useForm({
    id,
    lastResult: result as never,
    defaultValue: { recurrence: '0', dueDate: today },
    onValidate: validateMeasure,
    shouldRevalidate: 'onInput',
  })
  const initial = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <Form method="post" {...getFormProps(form)} className={detailCss.inlineForm} data-testid={`${id}-form`}>
      <h4>{t('risk:steering.addMeasure')}</h4>
      <FormErrors errors={form.errors} />
      <div className={detailCss.grid}>
        <TextField label={t('measures.field.title')} name="title" errors={fields.title.errors} defaultValue={initial('title')} isRequired />
        <SelectField
          label={t('measures.field.owner')}
          name="owner"
          errors={fields.owner.errors}
          defaultValue={initial('owner')}
          isRequired
          options={[
            { value: '', label: '—' },
            ...owners.people.map((p) => ({ value: `user:${p.id}`, label: `${p.firstName} ${p.lastName}` })),
            ...owners.bodies.map((b) => ({ value: `body:${b.id}`, label: b.name })),
          ]}
        />
        <TextField label={t('measures.field.dueDate')} name="dueDate" type="date" errors={fields.dueDate.errors} defaultValue={initial('dueDate')} isRequired />
        <SelectField
          label={t('measures.field.recurrence')}
          name="recurrence"
          errors={fields.recurrence.errors}
          defaultValue={initial('recurrence')}
          options={RECURRENCES.map((r) => ({ value: String(r), label: t(`recurrence.${r}`) }))}
        />
      </div>
      <CheckboxField label={t('measures.field.dsgMeasure')} name="dsgMeasure" defaultChecked={initial('dsgMeasure') === 'on'} />
      <Button type="submit" name="intent" value="addMeasure">
        {t('risk:steering.addMeasure')}
      </Button>
    </Form>
  )
}

type AttachedDocument = { id: string; name: string; link: string | null; linkText: string }

/**
 * The documents step of a risk and a process: the list, and for writers the form that files a
 * document with the same fields as the documents list (intent addDocument, handled by handleAttachIntent).
 */
export function DocumentsBlock({ id, documents, canEdit, result }: { id: string; documents: AttachedDocument[]; canEdit: boolean; result: unknown }) {
  const { t } = useTranslation()
  const validateDocument = useLazyValidate(() => import('#app/features/inventory/attach-schemas.ts').then((m) => m.addDocumentSchema))
  const [form, fields] = useForm({
    id,
    lastResult: result as never,
    onValidate: validateDocument,
    shouldRevalidate: 'onInput',
  })
  const initial = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <section className={detailCss.sub}>
      {documents.length === 0 ? (
        <p>{t('table.empty')}</p>
      ) : (
        <ul className={detailCss.list} data-testid={`${id}s`}>
          {documents.map((doc) => (
            <li key={doc.id}>
              <strong>{doc.name}</strong> · <DocumentLink link={doc.link} linkText={doc.linkText} name={doc.name} />
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <Form method="post" {...getFormProps(form)} className={detailCss.inlineForm} data-testid={`${id}-form`}>
          <h3>{t('documents.new')}</h3>
          <FormErrors errors={form.errors} />
          <div className={detailCss.grid}>
            <TextField label={t('documents.field.name')} name="name" errors={fields.name.errors} defaultValue={initial('name')} isRequired />
            <TextField label={t('documents.field.dueDate')} name="dueDate" type="date" errors={fields.dueDate.errors} defaultValue={initial('dueDate')} />
            <TextField
              label={t('documents.field.link')}
              name="link"
              type="url"
              errors={fields.link.errors}
              defaultValue={initial('link')}
              description={t('documents.linkHint')}
            />
            <TextField label={t('documents.field.linkText')} name="linkText" errors={fields.linkText.errors} defaultValue={initial('linkText')} />
          </div>
          <TextField label={t('field.comment')} name="comment" multiline rows={2} errors={fields.comment.errors} defaultValue={initial('comment')} />
          <Button type="submit" name="intent" value="addDocument">
            {t('action.add')}
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
