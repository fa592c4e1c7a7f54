import { getLocale } from '#app/i18n/locale.server.ts'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form, useLocation } from 'react-router'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FileField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { FileList } from '#app/ui/file-list.tsx'
import { isMultipart, readMultipart, replyToFileRefusal, uploadLimitMb } from '#app/utils/upload.server.ts'
import { Files } from '#app/files/files.server.ts'
import { FILE_ACCEPT } from '#models/core/file-types.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import { forbidden, notFound, requireCustomer, type GuardArgs } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { Documents } from '#app/features/documents/documents.server.ts'
import type { DocumentCategory } from '#models/core/constants.ts'
import type { Route } from './+types/edit'
import { documentSchema } from './schema.ts'
import * as css from '#app/ui/list-page.css.ts'

/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
async function requireDocumentForm({ request, context }: GuardArgs, params: { id?: string }) {
  const { access } = await requireCustomer({ request, context })
  const documents = Documents.for(access)
  const categories = documents.writableCategories
  if (!categories.length) forbidden(request)
  if (params.id) {
    const document = await documents.get(params.id)
    if (!document) notFound(request)
    if (!categories.includes(document.category)) forbidden(request)
    return { access, documents, document, categories }
  }
  return { access, documents, document: null, categories }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, document, categories } = await requireDocumentForm({ request, context }, params)
  // The history panel (decision 0034): one statement.
  const history = document && historyRequested(request) ? await History.for(access).of('document', document.id, await getLocale(request)) : null
  const files = document ? await Files.for(access).list({ kind: 'document', id: document.id }) : []
  return { document, files, categories, history, trail: document ? trailLink(access, 'document', document.id) : null, uploadLimitMb: uploadLimitMb() }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access, documents } = await requireDocumentForm({ request, context }, params)
  let submission: Submission | undefined
  const save = async (form: FormData) => {
    submission = parseDocument(form)
    if (submission.status !== 'success') throw new InvalidForm()
    const { version, link, ...rest } = submission.value
    const input = { ...rest, link: link || null }
    if (!params.id) return (await documents.create(input)).id
    if (!version) throw new InvalidForm('validation.invalid')
    await documents.update(params.id, input, version)
    return params.id
  }
  try {
    if (!isMultipart(request)) {
      const form = await request.formData()
      // One of the document's files removed (its own small form below the document's).
      if (form.get('intent') === 'removeFile' && params.id) {
        await Files.for(access).remove(String(form.get('fileId') ?? ''), { kind: 'document', id: params.id })
        return redirectWithToast(`/app/docs/${params.id}/edit${new URL(request.url).search}`, 'deleted')
      }
      await save(form)
    } else {
      // With a file (decision 0063): read as a stream, the fields first; the document and its file are
      // kept in one transaction, or neither (an invalid form or a refused file).
      await withCustomer(access, async () => {
        let id: string | undefined
        const fields = await readMultipart(request, async (file, soFar) => {
          if (file.field !== 'file') return
          id ??= await save(soFar)
          await Files.for(access).attach({ kind: 'document', id }, file)
        })
        id ??= await save(fields)
      })
    }
  } catch (error) {
    const reply = submission ?? parseDocument(new FormData())
    if (error instanceof InvalidForm) return data({ result: error.message ? reply.reply({ formErrors: [error.message] }) : reply.reply() }, { status: 400 })
    return replyToFileRefusal(error, reply, 'file') ?? replyToDomainError(error, reply, request)
  }
  return redirectWithToast(`/app/docs${new URL(request.url).search}`, params.id ? 'saved' : 'added')
}

const parseDocument = (form: FormData) => parseWithZod(form, { schema: documentSchema })
type Submission = ReturnType<typeof parseDocument>

/** The fields were invalid: the transaction rolls back and the form answers with its messages. */
class InvalidForm extends Error {}

export default function EditDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { document, categories } = loaderData
  const tab = new URLSearchParams(search).get('tab') as DocumentCategory | null
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.documentSchema))
  const [form, fields] = useForm({
    id: document ? `document-${document.id}-${document.version}` : 'document-new',
    lastResult: actionData?.result,
    defaultValue: document
      ? {
          category: document.category,
          name: document.name,
          link: document.link ?? '',
          linkText: document.linkText,
          comment: document.comment,
          dueDate: document.dueDate ?? '',
          present: document.present ? 'on' : undefined,
        }
      : { category: tab && categories.includes(tab) ? tab : categories[0] },
    onValidate: onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={document ? t('documents.editTitle') : t('documents.new')} closeTo={`/app/docs${search}`}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        {document ? <input type="hidden" name="version" value={document.version} /> : null}
        <TextField label={t('documents.field.name')} name="name" defaultValue={value('name')} errors={fields.name.errors} isRequired />
        <div className={css.grid2}>
          <SelectField
            label={t('documents.field.category')}
            name="category"
            defaultValue={value('category')}
            errors={fields.category.errors}
            isRequired
            options={categories.map((c) => ({ value: c, label: t(`documents.tab.${c}`) }))}
          />
          <TextField label={t('documents.field.dueDate')} name="dueDate" type="date" defaultValue={value('dueDate')} errors={fields.dueDate.errors} />
        </div>
        <TextField
          label={t('documents.field.link')}
          name="link"
          type="url"
          defaultValue={value('link')}
          errors={fields.link.errors}
          description={t('documents.linkHint')}
        />
        <TextField label={t('documents.field.linkText')} name="linkText" defaultValue={value('linkText')} errors={fields.linkText.errors} />
        <TextField label={t('field.comment')} name="comment" multiline rows={3} defaultValue={value('comment')} errors={fields.comment.errors} />
        <CheckboxField label={t('documents.field.present')} name="present" defaultChecked={value('present') === 'on'} />
        {/* Last in the form: the server reads the fields before the file. */}
        <FileField
          label={t('files:file')}
          name="file"
          accept={FILE_ACCEPT}
          errors={(fields as unknown as Record<string, { errors?: string[] }>).file?.errors}
          description={t('files:allowed', { limit: loaderData.uploadLimitMb })}
          values={{ limit: loaderData.uploadLimitMb }}
        />
        <FormActions>
          <Button type="submit">{document ? t('action.save') : t('action.add')}</Button>
        </FormActions>
      </Form>
      {loaderData.files.length ? (
        <section aria-label={t('files:files')}>
          <FileList
            files={loaderData.files}
            more={(f) => (
              <Form method="post" style={{ display: 'inline' }}>
                <input type="hidden" name="intent" value="removeFile" />
                <input type="hidden" name="fileId" value={f.id} />{' '}
                <Button type="submit" variant="secondary" aria-label={t('files:removeNamed', { name: f.name })}>
                  {t('files:remove')}
                </Button>
              </Form>
            )}
          />
        </section>
      ) : null}
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </RouteDialog>
  )
}
