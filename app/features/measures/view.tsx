import { useLocation } from 'react-router'
import { notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { Measures } from '#app/features/measures/measures.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Field } from '#app/ui/read-field.tsx'
import { FileList } from '#app/ui/file-list.tsx'
import { Files } from '#app/files/files.server.ts'
import type { Route } from './+types/view'
import { measuresReturnTo } from './return-to.ts'
import { measureNumber } from '#models/core/record-number.ts'

/**
 * A measure read-only, with its history (issue 12: every detail page has a history panel): for who
 * may see it but not edit it (readers, auditors, a confirmed measure). The service answers only a
 * measure of this fund the user may see; anything else is 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const measure = await Measures.for(access).get(params.id)
  if (!measure) notFound(request)
  const history = historyRequested(request) ? await History.for(access).of('measure', measure.id, await getLocale(request)) : null
  const files = await Files.for(access).list({ kind: 'measure', id: measure.id })
  return { measure, files, history, trail: trailLink(access, 'measure', measure.id) }
}

export default function ViewMeasure({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { measure: m } = loaderData
  const number = measureNumber(m.idkey, m.iteration)
  return (
    <RouteDialog title={t('measures.viewTitle', { number })} closeTo={measuresReturnTo(search)}>
      <dl>
        <Field label={t('measures.field.title')}>{m.title}</Field>
        <Field label={t('measures.field.body')}>{m.body || '—'}</Field>
        <Field label={t('measures.field.source')}>{t(`measures.source.${m.source}`)}</Field>
        <Field label={t('measures.field.status')}>{t(`measures.view.${m.state}`)}</Field>
        <Field label={t('measures.field.owner')}>{m.ownerName || '—'}</Field>
        <Field label={t('measures.field.dueDate')}>{formatDate(m.dueDate)}</Field>
        <Field label={t('measures.field.recurrence')}>{t(`recurrence.${m.recurrence}`)}</Field>
        <Field label={t('measures.field.dsgMeasure')}>{m.dsgMeasure ? t('common.yes') : t('common.no')}</Field>
        {m.confirmedAt ? (
          <>
            <Field label={t('measures.field.confirmedAt')}>{formatDate(m.confirmedAt)}</Field>
            <Field label={t('measures.field.confirmedBy')}>{m.confirmedByName ?? '—'}</Field>
            <Field label={t('measures.field.confirmationText')}>{m.confirmationText || '—'}</Field>
            <Field label={t('files:files')}>{loaderData.files.length ? <FileList files={loaderData.files} /> : '—'}</Field>
          </>
        ) : null}
      </dl>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </RouteDialog>
  )
}
