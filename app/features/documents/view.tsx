import { useLocation } from 'react-router'
import { notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { Documents } from '#app/features/documents/documents.server.ts'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Field } from '#app/ui/read-field.tsx'
import type { Route } from './+types/view'
import { DocumentLink } from '#app/ui/document-link.tsx'
import { FileList } from '#app/ui/file-list.tsx'
import { Files } from '#app/files/files.server.ts'

/**
 * A document read-only, with its history (issue 12): for who may see it but not edit it (readers,
 * auditors). The service answers only a document of this fund in a category the user may see.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const document = await Documents.for(access).get(params.id)
  if (!document) notFound(request)
  const history = historyRequested(request) ? await History.for(access).of('document', document.id, await getLocale(request)) : null
  const files = await Files.for(access).list({ kind: 'document', id: document.id })
  return { document, files, history, trail: trailLink(access, 'document', document.id) }
}

export default function ViewDocument({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { document: d } = loaderData
  return (
    <RouteDialog title={d.name} closeTo={`/app/docs${search}`}>
      <dl>
        <Field label={t('documents.field.category')}>{t(`documents.tab.${d.category}`)}</Field>
        <Field label={t('documents.field.link')}>
          <DocumentLink link={d.link} linkText={d.linkText} name={d.name} optional={loaderData.files.length > 0} />
        </Field>
        <Field label={t('files:files')}>{loaderData.files.length ? <FileList files={loaderData.files} /> : '—'}</Field>
        <Field label={t('field.comment')}>{d.comment || '—'}</Field>
        <Field label={t('documents.field.dueDate')}>{formatDate(d.dueDate) || '—'}</Field>
        <Field label={t('documents.field.present')}>{d.present ? t('common.yes') : t('common.no')}</Field>
      </dl>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </RouteDialog>
  )
}
